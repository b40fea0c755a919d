/**
 * `/trips-details/{trip_id}` (SPEC §2, members): one of the member's trips from the device — its
 * dates, note and the sightings it holds (live: a sighting recorded during the trip appears at
 * once) — with edit and delete. A trip that is not on the device, or was deleted, says so.
 */
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import { sightingTexts } from '../observations/texts';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { formatDayRange } from '../../lib/dateText';
import { OwnSightingList } from '../observations/embeds';
import { DeleteTripDialog } from './DeleteTripDialog';
import { TripDialog } from './TripDialog';
import { sightingCountText } from './tripSightings';
import { useOwnTrip } from './tripsQueries';

function BackToTrips() {
  return (
    <Button component={RouterLink} to="/trips" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
      {sightingTexts.tripBackToList}
    </Button>
  );
}

export function TripDetailsPage() {
  const { trip_id: tripId } = useParams();
  const navigate = useNavigate();
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  const trip = useOwnTrip(userId, tripId);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  // A new object only when the trip changes: the list filters again only then.
  const filter = useMemo(() => (trip ? { trip } : {}), [trip]);

  if (trip === undefined) return <CircularProgress aria-label={messages.loading} sx={{ my: 3 }} />;
  if (trip === null || userId === null) {
    return (
      <Stack spacing={2} sx={{ py: 3 }}>
        <Typography variant="h4" component="h1">
          {labels.trip}
        </Typography>
        <Alert severity="info">{messages.tripNotFound}</Alert>
        <BackToTrips />
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <BackToTrips />
      <Typography variant="h4" component="h1">
        {trip.name}
      </Typography>
      <Typography color="text.secondary">{formatDayRange(trip.date_start, trip.date_end)}</Typography>
      {trip.note && <Typography sx={{ whiteSpace: 'pre-line' }}>{trip.note}</Typography>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<EditOutlinedIcon />}
          aria-haspopup="dialog"
          onClick={() => {
            setDialog('edit');
          }}
        >
          {sightingTexts.tripEdit}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlinedIcon />}
          aria-haspopup="dialog"
          onClick={() => {
            setDialog('delete');
          }}
        >
          {sightingTexts.tripDelete}
        </Button>
      </Stack>
      <Typography variant="h5" component="h2">
        {labels.sightings}
      </Typography>
      <OwnSightingList
        userId={userId}
        filter={filter}
        label={labels.sightings}
        emptyText={sightingTexts.tripNoSightings}
        countText={sightingCountText}
      />
      {dialog === 'edit' && (
        <TripDialog
          userId={userId}
          trip={trip}
          onClose={() => {
            setDialog(null);
          }}
        />
      )}
      {dialog === 'delete' && (
        <DeleteTripDialog
          userId={userId}
          trip={trip}
          onClose={() => {
            setDialog(null);
          }}
          onDeleted={() => void navigate('/trips', { replace: true })}
        />
      )}
    </Stack>
  );
}
