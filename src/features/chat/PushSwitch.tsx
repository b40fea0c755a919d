/**
 * The member's opt-in to chat notifications on this device: a switch, so permission is asked only
 * when they turn it on. Errors (SPEC §8: the push library's messages, a registration error) show
 * in an alert.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { messages } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { chatTexts } from './chatTexts';
import { pushTurned } from './pushActions';
import { currentSubscription, pushSupported } from './pushSubscription';

export function PushSwitch() {
  const dispatch = useAppDispatch();
  const supported = pushSupported();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    currentSubscription().then(
      (subscription) => {
        if (live) setSubscribed(subscription !== null);
      },
      () => {
        if (live) setSubscribed(false);
      },
    );
    return () => {
      live = false;
    };
  }, [supported]);

  const change = (on: boolean) => {
    setBusy(true);
    setError(null);
    dispatch(pushTurned(on))
      .then(() => {
        setSubscribed(on);
      })
      .catch((failure: unknown) => {
        setError(failure instanceof Error ? failure.message : String(failure));
      })
      .finally(() => {
        setBusy(false);
      });
  };

  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={
          <Switch
            checked={subscribed === true}
            disabled={!supported || busy || subscribed === null}
            onChange={(event) => {
              change(event.target.checked);
            }}
          />
        }
        label={chatTexts.pushSwitch}
      />
      {!supported && <Alert severity="info">{messages.pushUnsupported}</Alert>}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
