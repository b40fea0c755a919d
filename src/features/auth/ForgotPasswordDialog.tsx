/**
 * Forgot Password (SPEC §2, §5, §8): email, Request Reset Pin, Back to Sign In. On success the
 * server has mailed a link and a pin; the Reset Password dialog follows with the request id.
 */
import { useState, type SubmitEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { AppDialog } from '../../ui/AppDialog';
import { requestPasswordReset } from './authThunks';
import { normalizeUsername, validateForgotPassword } from './validation';

export interface ForgotPasswordDialogProps {
  modalId: string;
  email?: string;
}

export function ForgotPasswordDialog({ modalId, email: initialEmail = '' }: ForgotPasswordDialogProps) {
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);

  const close = () => dispatch(uiActions.modalClosed(modalId));
  const backToSignIn = () => dispatch(uiActions.modalReplaced({ name: 'login', props: { email } }));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = validateForgotPassword(email);
    if (problem) {
      dispatch(uiActions.toastShown({ severity: 'warning', message: problem }));
      return;
    }
    setBusy(true);
    const rid = await dispatch(requestPasswordReset(email));
    if (rid === null) {
      setBusy(false);
      return;
    }
    dispatch(
      uiActions.modalReplaced({ name: 'resetPassword', props: { rid, email: normalizeUsername(email) } }),
    );
  }

  return (
    <AppDialog
      title={messages.forgotTitle}
      closeLabel={messages.close}
      onClose={close}
      onSubmit={(event) => void submit(event)}
      actions={
        <>
          <Button onClick={backToSignIn}>{messages.backToSignIn}</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {messages.requestResetPin}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <Typography variant="body2">{messages.forgotIntro}</Typography>
        <TextField
          label={messages.fieldEmail}
          type="email"
          autoComplete="username"
          autoFocus
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
      </Stack>
    </AppDialog>
  );
}
