/**
 * `/admin-hotspot-details[/{hotspot_id}]` (SPEC §2; admin only, SPEC §6): create or edit a place
 * (docs/places.md) — its id, name, description, point, boundary or radius, region and habitat — with a
 * preview of the point and the area; then curate its photos, regular species and the field guides working
 * there, or delete it after asking. Online only (admin edits are; SPEC §4 offline message).
 *
 * SPEC has no POST for places: `PUT hotspots/{id}` creates a new id and replaces an existing one, so
 * before creating, the page asks whether the id is taken and refuses rather than overwrite a place.
 */
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type SubmitEvent } from 'react';
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import type { HotspotResponse } from '@contract/places';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { reasonOf } from './AdminListPage';
import {
  adminPlacesApi,
  useDeleteHotspotMutation,
  useGetHotspotQuery,
  useGetHotspotSpeciesQuery,
  useLinkHotspotGuideMutation,
  useLinkHotspotSpeciesMutation,
  usePutHotspotMutation,
} from './adminPlacesApi';
import {
  emptyHotspotDraft,
  hotspotDraftOf,
  hotspotInputOf,
  parseBoundary,
  type HotspotDraft,
} from './drafts';
import { coordinate, DetailsFrame, DraftField, LoadState, PointFields, useDraft } from './formParts';
import { DeleteDialog, LinkSection, LocationField, usePickerSearches } from './parts';
import { PhotosSection } from './PhotosSection';
import { PointPreview } from './PointPreview';

const FIELDS = [
  'name',
  'description',
  'latitude',
  'longitude',
  'radius_km',
  'boundary',
  'location_id',
  'habitat',
];
const LIST = '/admin-hotspots';

type Loaded = HotspotResponse['hotspot'];

function HotspotForm({ loaded }: { loaded: Loaded | null }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useDraft<HotspotDraft>(loaded ? hotspotDraftOf(loaded) : emptyHotspotDraft);
  const { draft, errors, change } = form;
  const [putHotspot, { isLoading: isSaving }] = usePutHotspotMutation();
  const [deleteHotspot] = useDeleteHotspotMutation();
  const [isDeleting, setDeleting] = useState(false);
  const searches = usePickerSearches();

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const outcome = hotspotInputOf(draft);
    if (outcome.kind === 'invalid') {
      form.invalid(outcome.errors);
      return;
    }
    if (!loaded) {
      const existing = await dispatch(
        adminPlacesApi.endpoints.getHotspot.initiate(outcome.id, { subscribe: false, forceRefetch: true }),
      );
      if (existing.data) {
        form.invalid({
          id: formatMessage(texts.problemPlaceIdTaken, { name: existing.data.hotspot.name }),
        });
        return;
      }
      if (existing.error && !('status' in existing.error && existing.error.status === 404)) {
        form.failed(existing.error, FIELDS);
        return;
      }
    }
    const answer = await putHotspot({ id: outcome.id, input: outcome.input });
    if (answer.error) {
      form.failed(answer.error, FIELDS);
      return;
    }
    dispatch(uiActions.toastShown({ message: loaded ? texts.saved : texts.created, severity: 'success' }));
    if (!loaded) void navigate(`/admin-hotspot-details/${encodeURIComponent(outcome.id)}`, { replace: true });
  }

  async function remove(id: string) {
    const answer = await deleteHotspot(id);
    if (answer.error) {
      setDeleting(false);
      form.failed(answer.error, FIELDS);
      return;
    }
    dispatch(uiActions.toastShown({ message: texts.deleted, severity: 'success' }));
    void navigate(LIST);
  }

  const latitude = coordinate(draft.latitude, 90);
  const longitude = coordinate(draft.longitude, 180);
  const boundary = parseBoundary(draft.boundary);
  const radius = Number(draft.radius.trim() === '' ? 5 : draft.radius);
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
      <DraftField
        label={texts.fieldPlaceId}
        value={draft.id}
        onChange={(id) => {
          change({ id });
        }}
        error={errors.id}
        help={texts.fieldPlaceIdHelp}
        slotProps={{ htmlInput: { readOnly: loaded !== null } }}
        required
      />
      <DraftField
        label={texts.fieldName}
        value={draft.name}
        onChange={(name) => {
          change({ name });
        }}
        error={errors.name}
        required
      />
      <DraftField
        label={texts.fieldDescription}
        value={draft.description}
        onChange={(description) => {
          change({ description });
        }}
        error={errors.description}
        multiline
        minRows={3}
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Stack spacing={2} sx={{ flex: 1 }}>
          <PointFields
            labels={[texts.fieldLatitude, texts.fieldLongitude]}
            latitude={draft.latitude}
            longitude={draft.longitude}
            errors={errors}
            onChange={change}
          />
          <DraftField
            label={texts.fieldRadius}
            value={draft.radius}
            onChange={(value) => {
              change({ radius: value });
            }}
            error={errors.radius_km}
            help={texts.fieldRadiusHelp}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <DraftField
            label={texts.fieldBoundary}
            value={draft.boundary}
            onChange={(value) => {
              change({ boundary: value });
            }}
            error={errors.boundary}
            help={texts.fieldBoundaryHelp}
            multiline
            minRows={3}
            maxRows={10}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </Stack>
        {latitude !== null && longitude !== null && (
          <PointPreview
            latitude={latitude}
            longitude={longitude}
            boundary={
              'polygon' in boundary && Array.isArray(boundary.polygon?.coordinates) ? boundary.polygon : null
            }
            {...(Number.isFinite(radius) ? { radiusKm: radius } : {})}
          />
        )}
      </Stack>
      <LocationField
        label={texts.fieldRegion}
        pickerTitle={texts.pickRegion}
        value={{ id: draft.locationId, name: draft.locationName }}
        search={searches.locations('country,region')}
        onChange={({ id, name }) => {
          change({ locationId: id, locationName: name });
        }}
        error={errors.location_id}
      />
      <DraftField
        label={texts.fieldHabitat}
        value={draft.habitat}
        onChange={(habitat) => {
          change({ habitat });
        }}
        error={errors.habitat}
        help={texts.fieldHabitatHelp}
      />
      {form.problem && <Alert severity="error">{form.problem}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={isSaving}>
          {texts.save}
        </Button>
        {loaded && (
          <Button
            color="error"
            onClick={() => {
              setDeleting(true);
            }}
          >
            {texts.delete}
          </Button>
        )}
      </Stack>
      {loaded && isDeleting && (
        <DeleteDialog
          name={loaded.name}
          body={texts.deletePlaceBody}
          onConfirm={() => remove(loaded.hotspot_id)}
          onClose={() => {
            setDeleting(false);
          }}
        />
      )}
    </Stack>
  );
}

function Curation({ hotspot }: { hotspot: Loaded }) {
  const id = hotspot.hotspot_id;
  const species = useGetHotspotSpeciesQuery(id);
  const [linkSpecies] = useLinkHotspotSpeciesMutation();
  const [linkGuide] = useLinkHotspotGuideMutation();
  const searches = usePickerSearches();
  const failure = (answer: { error?: unknown }) => (answer.error ? reasonOf(answer.error) : null);
  return (
    <>
      <LinkSection
        title={texts.regularSpecies}
        empty={texts.regularSpeciesNone}
        items={species.data?.species
          .filter((entry) => entry.regular)
          .map((entry) => ({ id: entry.species_id, label: entry.name, secondary: entry.scientific_name }))}
        addLabel={texts.addSpecies}
        pickerTitle={texts.pickSpecies}
        search={searches.species}
        onLink={async (speciesId, linked) => failure(await linkSpecies({ id, speciesId, linked }))}
      />
      <LinkSection
        title={texts.guidesHere}
        empty={texts.guidesHereNone}
        items={hotspot.guides.map((guide) => ({ id: guide.field_guide_id, label: guide.name }))}
        addLabel={texts.addGuide}
        pickerTitle={texts.pickGuide}
        search={searches.guides}
        onLink={async (guideId, linked) => failure(await linkGuide({ id, guideId, linked }))}
      />
    </>
  );
}

function EditExisting({ id }: { id: string }) {
  const answer = useGetHotspotQuery(id, { refetchOnMountOrArgChange: true });
  if (!answer.data) return <LoadState error={answer.error} />;
  return (
    <>
      <HotspotForm key={id} loaded={answer.data.hotspot} />
      <PhotosSection owner={{ owner: 'hotspot', id }} photos={answer.data.hotspot.photos ?? []} />
      <Curation hotspot={answer.data.hotspot} />
    </>
  );
}

export function HotspotDetailsPage() {
  const { hotspot_id: id } = useParams();
  return (
    <DetailsFrame title={labels.placeDetails} back={{ to: LIST, label: texts.backToPlaces }}>
      {id ? (
        <EditExisting id={id} />
      ) : (
        <>
          <HotspotForm loaded={null} />
          <Alert severity="info">{texts.linksAfterSave}</Alert>
        </>
      )}
    </DetailsFrame>
  );
}
