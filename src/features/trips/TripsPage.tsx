/**
 * `/trips` (SPEC §2, members): the member's trips from the device, newest first, each with its
 * dates and how many of their sightings it holds; create, edit and delete (after asking). All of it
 * works offline: the writes go through the trips repository and sync later.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { sightingTexts } from '../observations/texts';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import type { TripRow } from '../../db/rows';
import { formatDayRange } from '../../lib/dateText';
import { DeleteTripDialog } from './DeleteTripDialog';
import { TripDialog } from './TripDialog';
import { sightingCountText } from './tripSightings';
import { useTripsWithCounts, type TripWithCount } from './tripsQueries';

type OpenDialog = { kind: 'new' } | { kind: 'edit' | 'delete'; trip: TripRow } | null;

function TripItem({ item, onOpen }: { item: TripWithCount; onOpen: (dialog: OpenDialog) => void }) {
  const { trip } = item;
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}
    >
      <ListItemButton component={RouterLink} to={`/trips-details/${encodeURIComponent(trip.id)}`}>
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap>{trip.name}</Typography>
          <Typography noWrap variant="body2" color="text.secondary">
            {`${formatDayRange(trip.date_start, trip.date_end)} · ${sightingCountText(item.sightings)}`}
          </Typography>
        </Box>
      </ListItemButton>
      <IconButton
        aria-label={formatMessage(sightingTexts.tripEditNamed, { name: trip.name })}
        aria-haspopup="dialog"
        onClick={() => {
          onOpen({ kind: 'edit', trip });
        }}
      >
        <EditOutlinedIcon />
      </IconButton>
      <IconButton
        aria-label={formatMessage(sightingTexts.tripDeleteNamed, { name: trip.name })}
        aria-haspopup="dialog"
        onClick={() => {
          onOpen({ kind: 'delete', trip });
        }}
      >
        <DeleteOutlinedIcon />
      </IconButton>
    </Box>
  );
}

export function TripsPage() {
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  const trips = useTripsWithCounts(userId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => {
    setDialog(null);
  };

  return (
    <Stack spacing={2} sx={{ py: 3, maxWidth: 720 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          {labels.trips}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          aria-haspopup="dialog"
          onClick={() => {
            setDialog({ kind: 'new' });
          }}
          disabled={userId === null}
        >
          {sightingTexts.tripNew}
        </Button>
      </Stack>
      {trips === undefined ? (
        <CircularProgress aria-label={messages.loading} />
      ) : trips.length === 0 ? (
        <Alert severity="info">{sightingTexts.tripsEmpty}</Alert>
      ) : (
        <Box component="ul" aria-label={labels.trips} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {trips.map((item) => (
            <TripItem key={item.trip.id} item={item} onOpen={setDialog} />
          ))}
        </Box>
      )}
      {userId !== null && dialog?.kind === 'new' && <TripDialog userId={userId} onClose={close} />}
      {userId !== null && dialog?.kind === 'edit' && (
        <TripDialog userId={userId} trip={dialog.trip} onClose={close} />
      )}
      {userId !== null && dialog?.kind === 'delete' && (
        <DeleteTripDialog userId={userId} trip={dialog.trip} onClose={close} />
      )}
    </Stack>
  );
}
