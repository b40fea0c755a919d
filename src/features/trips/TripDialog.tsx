/**
 * Create or edit a trip: name, first and last day (the member's local days, both inclusive), note.
 * The repository's rule (tripProblem) decides what may be saved, so the dialog and every other
 * writer refuse the same trips; the problem shows under the form and is announced.
 */
import { useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { messages } from '@contract/messages';
import { sightingTexts } from '../observations/texts';
import { TRIP_NAME_MAX, TRIP_NOTE_MAX } from '@contract/trips';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import type { TripRow } from '../../db/rows';
import { dayEndSeconds, dayStartSeconds, dayValueOf } from '../../lib/dayRange';
import { AppDialog } from '../../ui/AppDialog';
import { tripProblem } from './tripsRepo';
import { saveOwnTrip } from './tripWrites';

export interface TripDialogProps {
  userId: string;
  /** The trip to edit; a new trip without it. */
  trip?: TripRow;
  onClose: () => void;
}

export function TripDialog({ userId, trip, onClose }: TripDialogProps) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState(trip?.name ?? '');
  const [start, setStart] = useState(trip ? dayValueOf(trip.date_start) : '');
  const [end, setEnd] = useState(trip ? dayValueOf(trip.date_end) : '');
  const [note, setNote] = useState(trip?.note ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const dateStart = dayStartSeconds(start);
    const dateEnd = dayEndSeconds(end);
    if (dateStart === null || dateEnd === null) {
      setProblem(sightingTexts.tripDatesRequired);
      return;
    }
    const input = { name, date_start: dateStart, date_end: dateEnd, note };
    const refused = tripProblem(input);
    if (refused) {
      setProblem(refused);
      return;
    }
    setBusy(true);
    try {
      await saveOwnTrip(userId, input, trip?.id);
      dispatch(uiActions.toastShown({ message: sightingTexts.tripSaved, severity: 'success' }));
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : messages.serverError);
      setBusy(false);
    }
  }

  return (
    <AppDialog
      title={trip ? sightingTexts.tripEdit : sightingTexts.tripNew}
      closeLabel={messages.close}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      actions={
        <>
          <Button onClick={onClose}>{messages.cancel}</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {sightingTexts.tripSave}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={sightingTexts.tripFieldName}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
          }}
          autoFocus
          required
          slotProps={{ htmlInput: { maxLength: TRIP_NAME_MAX } }}
        />
        <Stack direction="row" spacing={2}>
          <TextField
            type="date"
            label={sightingTexts.tripFieldStart}
            value={start}
            onChange={(event) => {
              setStart(event.target.value);
            }}
            required
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label={sightingTexts.tripFieldEnd}
            value={end}
            onChange={(event) => {
              setEnd(event.target.value);
            }}
            required
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: start ? { min: start } : {} }}
          />
        </Stack>
        <TextField
          label={sightingTexts.tripFieldNote}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
          }}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: TRIP_NOTE_MAX } }}
        />
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </Stack>
    </AppDialog>
  );
}
