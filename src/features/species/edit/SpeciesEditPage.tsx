/**
 * `/species-details-edit[/{species_id}]` (SPEC §2, §6; the route table checks admin or
 * species-admin:c without an id, species-admin:r with one). With an id: a form over what the server
 * lets an admin change — names by language, family, extinct, and the switches of the further
 * classifications — loaded from and saved to the server, so it needs the network.
 *
 * Without an id ("new species"): the API has no call that creates a species. Species come from the
 * reference lists, imported on the server; the page says so instead of offering a form that could
 * not be saved.
 */
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../../app/labels';
import { messages } from '@contract/messages';
import { useAppSelector } from '../../../app/hooks';
import { selectIsOnline } from '../../../app/networkSlice';
import { speciesTexts } from '../speciesTexts';
import { SpeciesEditForm } from './SpeciesEditForm';
import { useGetSpeciesForEditQuery } from './speciesEditApi';

function NewSpecies() {
  return (
    <Stack spacing={2}>
      <Typography>{speciesTexts.speciesEditNoCreate}</Typography>
      <Typography>{speciesTexts.speciesEditHowToAdd}</Typography>
    </Stack>
  );
}

function EditExisting({ id }: { id: string }) {
  const isOnline = useAppSelector(selectIsOnline);
  const answer = useGetSpeciesForEditQuery(id, { skip: !isOnline, refetchOnMountOrArgChange: true });
  if (!isOnline) return <Alert severity="warning">{messages.offline}</Alert>;
  if (answer.error) {
    const reason = 'reason' in answer.error ? answer.error.reason : messages.serverError;
    return <Alert severity="error">{reason}</Alert>;
  }
  if (!answer.data) return <CircularProgress aria-label={messages.loading} />;
  return <SpeciesEditForm key={answer.data.species._id} species={answer.data.species} />;
}

export function SpeciesEditPage() {
  const { species_id: id } = useParams();
  return (
    <Stack spacing={2} sx={{ py: 3, maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {labels.speciesEdit}
      </Typography>
      {id ? <EditExisting id={id} /> : <NewSpecies />}
    </Stack>
  );
}
