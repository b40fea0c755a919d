/**
 * Asks before deleting a trip. Its sightings stay: deleting only unlinks them (tripsRepo.ts).
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';
import { sightingTexts } from '../observations/texts';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import type { TripRow } from '../../db/rows';
import { AppDialog } from '../../ui/AppDialog';
import { deleteOwnTrip } from './tripWrites';

export interface DeleteTripDialogProps {
  userId: string;
  trip: TripRow;
  onClose: () => void;
  /** After the trip is deleted (the details page leaves for the list). */
  onDeleted?: () => void;
}

export function DeleteTripDialog({ userId, trip, onClose, onDeleted }: DeleteTripDialogProps) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await deleteOwnTrip(userId, trip.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : messages.serverError;
      dispatch(uiActions.toastShown({ message, severity: 'error' }));
      setBusy(false);
      return;
    }
    dispatch(uiActions.toastShown({ message: sightingTexts.tripRemoved, severity: 'success' }));
    onClose();
    onDeleted?.();
  }

  return (
    <AppDialog
      title={sightingTexts.tripDelete}
      closeLabel={messages.close}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{messages.cancel}</Button>
          <Button color="error" variant="contained" loading={busy} onClick={() => void remove()}>
            {sightingTexts.tripDeleteButton}
          </Button>
        </>
      }
    >
      <Typography>{formatMessage(sightingTexts.tripDeleteConfirm, { name: trip.name })}</Typography>
    </AppDialog>
  );
}
