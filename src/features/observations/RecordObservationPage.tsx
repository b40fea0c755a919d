/**
 * `/species-observation[/{species_id}[/{observation_id}]]` (SPEC §2): record a sighting, or edit one
 * of one's own, entirely from the device (works offline). With a species id the species is preset
 * (`unspecified` presets an unspecified sighting); with an observation id the sighting is loaded
 * from Dexie — only the member who recorded it may change it. The route table already refuses
 * guests; this page still renders nothing without a member. `?lat=…&lng=…` presets a new sighting's
 * position (a place's "record a sighting here").
 */
import { useParams, useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { labels } from '../../app/labels';
import { recordingTexts } from './texts';
import { messages } from '@contract/messages';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { ObservationForm } from './ObservationForm';
import { useSpeciesAnywhere } from '../species/embeds';
import { useObservation } from './observationQueries';
import { presetPointOf, UNSPECIFIED_SPECIES_SEGMENT } from './recordPath';

const loading = <CircularProgress aria-label={messages.loading} sx={{ my: 3 }} />;

function Refusal({ title, body }: { title: string; body?: string }) {
  return (
    <Stack spacing={2} sx={{ py: 3, alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {body && <Typography>{body}</Typography>}
      <Button variant="outlined" component={RouterLink} to="/species">
        {labels.species}
      </Button>
    </Stack>
  );
}

export function RecordObservationPage() {
  const { species_id: speciesParam, observation_id: observationId } = useParams();
  const user = useAppSelector(selectUser);
  const [search] = useSearchParams();
  const isUnspecified = speciesParam === UNSPECIFIED_SPECIES_SEGMENT;
  const presetId = isUnspecified ? undefined : speciesParam;
  const observation = useObservation(observationId);
  // The sighting's own species when editing (the address may name another), else the preset one;
  // from the device, or fetched from the server when the device does not have it.
  const speciesId = observationId ? (observation?.species_id ?? undefined) : presetId;
  const { species, absence } = useSpeciesAnywhere(speciesId);

  if (!user) return null;
  if (observationId) {
    if (observation === undefined) return loading;
    if (observation === null)
      return (
        <Refusal title={recordingTexts.sightingNotOnDevice} body={recordingTexts.sightingNotOnDeviceBody} />
      );
    if (observation.user_id !== user.user_id) return <Refusal title={recordingTexts.sightingNotYours} />;
    // The form does not wait for a fetch: the sighting names its own species until a row arrives.
    return (
      <ObservationForm key={observation.id} userId={user.user_id} existing={observation} species={species} />
    );
  }
  if (presetId !== undefined && absence === 'loading') return loading;
  return (
    <ObservationForm
      key={`${speciesParam ?? ''}?${search.toString()}`}
      userId={user.user_id}
      existing={null}
      species={species}
      unspecified={isUnspecified}
      presetMissing={presetId !== undefined && species === null}
      presetPoint={presetPointOf(search)}
    />
  );
}
