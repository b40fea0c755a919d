/**
 * Activating a printed code (`PUT logbooks/activate`): the code as printed or typed loosely
 * (lower case, spaces), checked on the device first with the same rule as the server, then the
 * server's own reason for an unknown, used or already owned code shown under the field. Online and
 * signed in only, and it says so.
 */
import { useState, type SubmitEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { logbookTexts } from '@contract/logbookTexts';
import { normaliseActivationCode, type OwnedLogbook } from '@contract/logbooks';
import { formatMessage, messages } from '@contract/messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { logbookPath } from './LogbooksPage';
import { activateLogbookCode } from './logbooksWrites';

/** A server reason names its field first ("activation_code: …"); the field already says which. */
function withoutField(reason: string): string {
  return reason.replace(/^activation_code:\s*/, '');
}

export function ActivateCode() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const isOnline = useAppSelector(selectIsOnline);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [activated, setActivated] = useState<OwnedLogbook | null>(null);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const normal = normaliseActivationCode(code);
    if (normal === null) {
      setError(withoutField(messages.activationCodeMalformed));
      return;
    }
    setBusy(true);
    setError(null);
    dispatch(activateLogbookCode(normal))
      .then((logbook) => {
        setActivated(logbook);
        setCode('');
      })
      .catch((failure: unknown) => {
        setError(withoutField(failure instanceof Error ? failure.message : String(failure)));
      })
      .finally(() => {
        setBusy(false);
      });
  };

  return (
    <Stack component="section" aria-labelledby="activate-heading" spacing={1.5}>
      <Typography id="activate-heading" variant="h5" component="h2">
        {logbookTexts.activateTitle}
      </Typography>
      {user === null ? (
        <Alert severity="info">{logbookTexts.activateSignIn}</Alert>
      ) : (
        <Stack component="form" noValidate onSubmit={submit} spacing={1.5} sx={{ maxWidth: 420 }}>
          {!isOnline && <Alert severity="info">{logbookTexts.activateOffline}</Alert>}
          <TextField
            label={logbookTexts.activateField}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? logbookTexts.activateHelp}
            slotProps={{
              htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false },
            }}
          />
          <Button type="submit" variant="contained" disabled={busy || !isOnline || code.trim() === ''}>
            {logbookTexts.activate}
          </Button>
        </Stack>
      )}
      {activated && (
        <Alert
          severity="success"
          action={
            <Button color="inherit" component={RouterLink} to={logbookPath(activated.product_id)}>
              {formatMessage(logbookTexts.open, { name: activated.name })}
            </Button>
          }
        >
          {formatMessage(logbookTexts.activated, { name: activated.name })}
        </Alert>
      )}
    </Stack>
  );
}
