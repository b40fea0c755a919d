/**
 * Quick record (SPEC §4): one tap stores a sighting of `species` (or an unspecified one) at once,
 * with the device position when it comes within the spec's short wait, then says so in a toast and
 * vibrates. Nothing goes to the network: the sync runtime sends the sighting when it can.
 *
 * The writes load with the first render of the button (not with the species page's chunk), so by
 * the time the member taps, the tap costs only the position and one local transaction.
 */
import { useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import BoltIcon from '@mui/icons-material/Bolt';
import { recordingTexts } from './texts';
import { formatMessage } from '@contract/messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { uiActions } from '../../app/uiSlice';
import { quickRecordToast } from './recordToasts';
import { quickRecordSighting } from './recordingRepo';
import { recordSignedOutToast } from './signedOutToast';

/** SPEC §4, §9: the device vibrates 1000 ms after a quick record. */
export const QUICK_RECORD_VIBRATE_MS = 1_000;

export interface QuickRecordButtonProps {
  /** The species seen; null records an unspecified sighting. */
  species: { id: string } | null;
  variant?: ButtonProps['variant'];
}

export function QuickRecordButton({ species, variant = 'outlined' }: QuickRecordButtonProps) {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  const [isRecording, setIsRecording] = useState(false);

  const record = async () => {
    if (userId === null) {
      dispatch(uiActions.toastShown(recordSignedOutToast()));
      return;
    }
    setIsRecording(true);
    try {
      const { withGps } = await quickRecordSighting(userId, species?.id ?? null, navigator.geolocation);
      dispatch(uiActions.toastShown(quickRecordToast(withGps)));
      // Not every browser can vibrate (iOS Safari, desktop); where it can't, the toast is enough.
      const has: Partial<Navigator> = navigator;
      has.vibrate?.(QUICK_RECORD_VIBRATE_MS);
    } catch (error) {
      dispatch(
        uiActions.toastShown({
          message: formatMessage(recordingTexts.sightingSaveFailed, {
            reason: error instanceof Error ? error.message : String(error),
          }),
          severity: 'error',
        }),
      );
    } finally {
      setIsRecording(false);
    }
  };

  return (
    <Button variant={variant} startIcon={<BoltIcon />} onClick={() => void record()} disabled={isRecording}>
      {species ? recordingTexts.quickRecord : recordingTexts.quickRecordUnspecified}
    </Button>
  );
}
