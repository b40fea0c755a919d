/**
 * Reset Password (SPEC §2, §4, §5, §8). Two ways in:
 * - with a request id (`rid`): from Forgot Password, or from the mailed link
 *   `/?action=forgotpassword&rid=…` — the member types the pin from the mail; success shows the
 *   'Password Reset' screen with a Sign In button;
 * - without: a signed-in member changes their password with the current one.
 * Rules in order: current password or pin, passwords equal, medium rule. Success clears the fields.
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
import { resetPassword, type PasswordResetSecret } from './authThunks';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { validatePasswordReset } from './validation';

export interface ResetPasswordDialogProps {
  modalId: string;
  rid?: string;
  email?: string;
}

const emptyForm = { secret: '', newPassword: '', confirmPassword: '' };

export function ResetPasswordDialog({ modalId, rid, email }: ResetPasswordDialogProps) {
  const dispatch = useAppDispatch();
  const isPin = rid !== undefined;
  const [form, setForm] = useState(emptyForm);
  const [busy, setBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);

  const close = () => dispatch(uiActions.modalClosed(modalId));
  const toSignIn = () => dispatch(uiActions.modalReplaced({ name: 'login', props: { email } }));
  const field = (key: keyof typeof emptyForm) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [key]: event.target.value }));
    },
  });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = validatePasswordReset({ ...form, isPin });
    if (problem) {
      dispatch(uiActions.toastShown({ severity: 'warning', message: problem }));
      return;
    }
    const secret: PasswordResetSecret = isPin
      ? { kind: 'pin', rid, pin: form.secret }
      : { kind: 'current', password: form.secret };
    setBusy(true);
    const changed = await dispatch(resetPassword(secret, form.newPassword));
    setBusy(false);
    if (!changed) return;
    setForm(emptyForm);
    if (isPin) {
      setIsDone(true);
    } else {
      dispatch(uiActions.toastShown({ severity: 'success', message: messages.resetSucceeded }));
      close();
    }
  }

  if (isDone) {
    return (
      <AppDialog
        title={messages.resetDoneTitle}
        closeLabel={messages.close}
        onClose={close}
        actions={
          <Button variant="contained" onClick={toSignIn} autoFocus>
            {messages.signIn}
          </Button>
        }
      >
        <Typography>{messages.resetSucceeded}</Typography>
      </AppDialog>
    );
  }

  return (
    <AppDialog
      title={messages.resetTitle}
      closeLabel={messages.close}
      onClose={close}
      onSubmit={(event) => void submit(event)}
      actions={
        <Button type="submit" variant="contained" loading={busy}>
          {messages.updatePassword}
        </Button>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {isPin && <Typography variant="body2">{messages.resetPinIntro}</Typography>}
        {isPin ? (
          <TextField
            label={messages.fieldResetPin}
            helperText={messages.resetPinHint}
            autoComplete="one-time-code"
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 16 } }}
            {...field('secret')}
          />
        ) : (
          <TextField
            label={messages.fieldCurrentPassword}
            type="password"
            autoComplete="current-password"
            autoFocus
            {...field('secret')}
          />
        )}
        <div>
          <TextField
            label={messages.fieldNewPassword}
            type="password"
            autoComplete="new-password"
            fullWidth
            {...field('newPassword')}
          />
          <PasswordStrengthMeter password={form.newPassword} />
        </div>
        <TextField
          label={messages.fieldConfirmNewPassword}
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
      </Stack>
    </AppDialog>
  );
}
