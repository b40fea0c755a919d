/**
 * `/admin-location-details[/{location_id}]` (SPEC §2; admin only, SPEC §6): create or edit a
 * location (`PUT locations/{id}`): its names, type, country (for a region), point, and which animal
 * groups are active there (the flag the config dialog reads, SPEC §5). Delete asks first; the server
 * refuses (409) a location still in use and names what uses it, which the page shows.
 *
 * PUT creates a new id and replaces an existing one, so before creating, the page asks whether the
 * id is taken and refuses rather than overwrite a location.
 */
import { useState, type SubmitEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import type { ClassificationGroup, LocationDetail } from '@contract/reference';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import {
  adminPlacesApi,
  useDeleteLocationMutation,
  useGetLocationGroupsQuery,
  useGetLocationQuery,
  usePutLocationMutation,
} from './adminPlacesApi';
import { emptyLocationDraft, locationDraftOf, locationInputOf, type LocationDraft } from './drafts';
import { coordinate, DetailsFrame, DraftField, LoadState, PointFields, useDraft } from './formParts';
import { DeleteDialog, LocationField, usePickerSearches } from './parts';
import { PointPreview } from './PointPreview';

const FIELDS = ['name', 'names', 'type', 'parent_id', 'latitude', 'longitude', 'classifications'];
const LIST = '/admin-locations';

interface GroupOption {
  id: string;
  label: string;
  active: boolean;
}

/** One checkbox per classification: a group's categories ('Birds (IOC)'), or the group itself. */
function groupOptions(groups: readonly ClassificationGroup[]): GroupOption[] {
  return groups.flatMap((group) =>
    group.categories.length > 0
      ? group.categories.map((category) => ({
          id: category.id,
          label: `${group.name} (${category.name})`,
          active: category.active,
        }))
      : [{ id: group.id, label: group.name, active: group.active }],
  );
}

function LocationForm({ loaded, options }: { loaded: LocationDetail | null; options: GroupOption[] }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flags = Object.fromEntries(options.map((option) => [option.id, loaded !== null && option.active]));
  const form = useDraft<LocationDraft>(
    loaded ? locationDraftOf(loaded, flags) : { ...emptyLocationDraft, groups: flags },
  );
  const { draft, errors, change } = form;
  const [putLocation, { isLoading: isSaving }] = usePutLocationMutation();
  const [deleteLocation] = useDeleteLocationMutation();
  const [isDeleting, setDeleting] = useState(false);
  const searches = usePickerSearches();

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const outcome = locationInputOf(draft);
    if (outcome.kind === 'invalid') {
      form.invalid(outcome.errors);
      return;
    }
    if (!loaded) {
      const existing = await dispatch(
        adminPlacesApi.endpoints.getLocation.initiate(outcome.id, { subscribe: false, forceRefetch: true }),
      );
      if (existing.data) {
        form.invalid({
          id: formatMessage(texts.problemLocationIdTaken, { name: existing.data.location.name }),
        });
        return;
      }
      if (existing.error && !('status' in existing.error && existing.error.status === 404)) {
        form.failed(existing.error, FIELDS);
        return;
      }
    }
    const answer = await putLocation({ id: outcome.id, input: outcome.input });
    if (answer.error) {
      form.failed(answer.error, FIELDS);
      return;
    }
    dispatch(uiActions.toastShown({ message: loaded ? texts.saved : texts.created, severity: 'success' }));
    if (!loaded)
      void navigate(`/admin-location-details/${encodeURIComponent(outcome.id)}`, { replace: true });
  }

  async function remove(id: string) {
    const answer = await deleteLocation(id);
    setDeleting(false);
    if (answer.error) {
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
        label={texts.fieldLocationId}
        value={draft.id}
        onChange={(id) => {
          change({ id });
        }}
        error={errors.id}
        help={texts.fieldLocationIdHelp}
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
        label={texts.fieldNames}
        value={draft.names}
        onChange={(names) => {
          change({ names });
        }}
        error={errors.names}
        help={texts.fieldNamesHelp}
        multiline
        minRows={2}
      />
      <Stack spacing={0.5}>
        <FormLabel id="location-type">{texts.fieldType}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="location-type"
          value={draft.type}
          onChange={(event) => {
            change({ type: event.target.value === 'region' ? 'region' : 'country' });
          }}
        >
          <FormControlLabel value="country" control={<Radio />} label={texts.typeCountry} />
          <FormControlLabel value="region" control={<Radio />} label={texts.typeRegion} />
        </RadioGroup>
      </Stack>
      {draft.type === 'region' && (
        <LocationField
          label={texts.fieldParent}
          pickerTitle={texts.pickCountry}
          value={{ id: draft.parentId, name: draft.parentName }}
          search={searches.locations('country')}
          onChange={({ id, name }) => {
            change({ parentId: id, parentName: name });
          }}
          error={errors.parent_id}
        />
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Stack sx={{ flex: 1 }}>
          <PointFields
            labels={[texts.fieldLatitude, texts.fieldLongitude]}
            latitude={draft.latitude}
            longitude={draft.longitude}
            errors={errors}
            onChange={change}
          />
        </Stack>
        {latitude !== null && longitude !== null && (
          <PointPreview latitude={latitude} longitude={longitude} />
        )}
      </Stack>
      <FormGroup aria-labelledby="location-groups">
        <FormLabel id="location-groups">{texts.fieldGroups}</FormLabel>
        {options.map((option) => (
          <FormControlLabel
            key={option.id}
            label={option.label}
            control={
              <Checkbox
                checked={draft.groups[option.id] === true}
                onChange={(event) => {
                  change({ groups: { ...draft.groups, [option.id]: event.target.checked } });
                }}
              />
            }
          />
        ))}
      </FormGroup>
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
          body={texts.deleteLocationBody}
          onConfirm={() => remove(loaded.id)}
          onClose={() => {
            setDeleting(false);
          }}
        />
      )}
    </Stack>
  );
}

function WithGroups({ id, loaded }: { id: string | null; loaded: LocationDetail | null }) {
  const groups = useGetLocationGroupsQuery(id, { refetchOnMountOrArgChange: true });
  if (!groups.data) return <LoadState error={groups.error} />;
  return <LocationForm key={id ?? ''} loaded={loaded} options={groupOptions(groups.data.classifications)} />;
}

function EditExisting({ id }: { id: string }) {
  const answer = useGetLocationQuery(id, { refetchOnMountOrArgChange: true });
  if (!answer.data) return <LoadState error={answer.error} />;
  return <WithGroups id={id} loaded={answer.data.location} />;
}

export function LocationDetailsPage() {
  const { location_id: id } = useParams();
  return (
    <DetailsFrame title={labels.locationDetails} back={{ to: LIST, label: texts.backToLocations }}>
      {id ? <EditExisting id={id} /> : <WithGroups id={null} loaded={null} />}
    </DetailsFrame>
  );
}
