/**
 * `/admin-field-guide-details[/{fields_guide_id}]` (SPEC §2; admin only, SPEC §6): create
 * (`POST field_guides`, the server picks the id) or edit a field guide — a guiding service members
 * can hire (docs/places.md): name, about, contact, languages, base point and region — then curate
 * their photos (the first is their portrait), the places they guide at and the species they
 * specialise in, or delete them after asking.
 */
import { useState, type SubmitEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import { labels } from '../../app/labels';
import type { FieldGuideResponse } from '@contract/places';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { reasonOf } from './AdminListPage';
import {
  useCreateGuideMutation,
  useDeleteGuideMutation,
  useGetGuideQuery,
  useGetGuideSpeciesQuery,
  useLinkGuidePlaceMutation,
  useLinkGuideSpeciesMutation,
  usePutGuideMutation,
} from './adminPlacesApi';
import { emptyGuideDraft, guideDraftOf, guideInputOf, type GuideDraft } from './drafts';
import { coordinate, DetailsFrame, DraftField, LoadState, PointFields, useDraft } from './formParts';
import { DeleteDialog, LinkSection, LocationField, usePickerSearches } from './parts';
import { PhotosSection } from './PhotosSection';
import { PointPreview } from './PointPreview';

const FIELDS = [
  'name',
  'about',
  'phone',
  'email',
  'website',
  'languages',
  'latitude',
  'longitude',
  'location_id',
];
const LIST = '/admin-field-guide';

type Loaded = FieldGuideResponse['field_guide'];

function GuideForm({ loaded }: { loaded: Loaded | null }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useDraft<GuideDraft>(loaded ? guideDraftOf(loaded) : emptyGuideDraft);
  const { draft, errors, change } = form;
  const [createGuide, created] = useCreateGuideMutation();
  const [putGuide, put] = usePutGuideMutation();
  const [deleteGuide] = useDeleteGuideMutation();
  const [isDeleting, setDeleting] = useState(false);
  const searches = usePickerSearches();

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const outcome = guideInputOf(draft);
    if (outcome.kind === 'invalid') {
      form.invalid(outcome.errors);
      return;
    }
    const answer = loaded
      ? await putGuide({ id: loaded.field_guide_id, input: outcome.input })
      : await createGuide(outcome.input);
    if (answer.error) {
      form.failed(answer.error, FIELDS);
      return;
    }
    dispatch(uiActions.toastShown({ message: loaded ? texts.saved : texts.created, severity: 'success' }));
    if (!loaded)
      void navigate(`/admin-field-guide-details/${answer.data.field_guide.field_guide_id}`, {
        replace: true,
      });
  }

  async function remove(id: string) {
    const answer = await deleteGuide(id);
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
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
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
        label={texts.fieldAbout}
        value={draft.about}
        onChange={(about) => {
          change({ about });
        }}
        error={errors.about}
        multiline
        minRows={3}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DraftField
          label={texts.fieldPhone}
          value={draft.phone}
          onChange={(phone) => {
            change({ phone });
          }}
          error={errors.phone}
          type="tel"
        />
        <DraftField
          label={texts.fieldEmail}
          value={draft.email}
          onChange={(email) => {
            change({ email });
          }}
          error={errors.email}
          type="email"
        />
      </Stack>
      <DraftField
        label={texts.fieldWebsite}
        value={draft.website}
        onChange={(website) => {
          change({ website });
        }}
        error={errors.website}
        type="url"
      />
      <DraftField
        label={texts.fieldLanguages}
        value={draft.languages}
        onChange={(languages) => {
          change({ languages });
        }}
        error={errors.languages}
        help={texts.fieldLanguagesHelp}
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Stack spacing={2} sx={{ flex: 1 }}>
          <PointFields
            labels={[texts.fieldBaseLatitude, texts.fieldBaseLongitude]}
            latitude={draft.latitude}
            longitude={draft.longitude}
            errors={errors}
            onChange={change}
          />
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
        </Stack>
        {latitude !== null && longitude !== null && (
          <PointPreview latitude={latitude} longitude={longitude} />
        )}
      </Stack>
      {form.problem && <Alert severity="error">{form.problem}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={created.isLoading || put.isLoading}>
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
          body={texts.deleteGuideBody}
          onConfirm={() => remove(loaded.field_guide_id)}
          onClose={() => {
            setDeleting(false);
          }}
        />
      )}
    </Stack>
  );
}

function Curation({ guide }: { guide: Loaded }) {
  const id = guide.field_guide_id;
  const species = useGetGuideSpeciesQuery(id);
  const [linkSpecies] = useLinkGuideSpeciesMutation();
  const [linkPlace] = useLinkGuidePlaceMutation();
  const searches = usePickerSearches();
  const failure = (answer: { error?: unknown }) => (answer.error ? reasonOf(answer.error) : null);
  return (
    <>
      <LinkSection
        title={texts.guidePlaces}
        empty={texts.guidePlacesNone}
        items={guide.places.map((place) => ({ id: place.hotspot_id, label: place.name }))}
        addLabel={texts.addPlace}
        pickerTitle={texts.pickPlace}
        search={searches.places}
        onLink={async (hotspotId, linked) => failure(await linkPlace({ id, hotspotId, linked }))}
      />
      <LinkSection
        title={texts.guideSpecies}
        empty={texts.guideSpeciesNone}
        items={species.data?.species.map((entry) => ({
          id: entry.species_id,
          label: entry.name,
          secondary: entry.scientific_name,
        }))}
        addLabel={texts.addSpecies}
        pickerTitle={texts.pickSpecies}
        search={searches.species}
        onLink={async (speciesId, linked) => failure(await linkSpecies({ id, speciesId, linked }))}
      />
    </>
  );
}

function EditExisting({ id }: { id: string }) {
  const answer = useGetGuideQuery(id, { refetchOnMountOrArgChange: true });
  if (!answer.data) return <LoadState error={answer.error} />;
  return (
    <>
      <GuideForm key={id} loaded={answer.data.field_guide} />
      <PhotosSection owner={{ owner: 'field_guide', id }} photos={answer.data.field_guide.photos ?? []} />
      <Curation guide={answer.data.field_guide} />
    </>
  );
}

export function FieldGuideDetailsPage() {
  const { fields_guide_id: id } = useParams();
  return (
    <DetailsFrame title={labels.fieldGuideDetails} back={{ to: LIST, label: texts.backToGuides }}>
      {id ? (
        <EditExisting id={id} />
      ) : (
        <>
          <GuideForm loaded={null} />
          <Alert severity="info">{texts.linksAfterSave}</Alert>
        </>
      )}
    </DetailsFrame>
  );
}
