/**
 * Login (SPEC §2 "Modal dialogs", §4 "Login flow", §5): email and password, Sign In (also on
 * Enter), Register, 'Forgotten your Current Password', footer 'Create yours now', social buttons
 * when available. With an empty email or password nothing happens.
 */
import { useState, type SubmitEvent } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { AppDialog } from '../../ui/AppDialog';
import { signIn } from './authThunks';
import { SocialSignIn } from './SocialSignIn';
import { canSubmitLogin } from './validation';

export interface LoginDialogProps {
  modalId: string;
  email?: string;
}

export function LoginDialog({ modalId, email: initialEmail = '' }: LoginDialogProps) {
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const close = () => dispatch(uiActions.modalClosed(modalId));
  const toRegister = () => dispatch(uiActions.modalReplaced({ name: 'register', props: {} }));
  const toForgot = () => dispatch(uiActions.modalReplaced({ name: 'forgotPassword', props: { email } }));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !canSubmitLogin(email, password)) return;
    setBusy(true);
    const outcome = await dispatch(signIn(email, password));
    if (outcome === 'signedIn') close();
    else setBusy(false);
  }

  return (
    <AppDialog
      title={messages.signInTitle}
      closeLabel={messages.close}
      onClose={close}
      onSubmit={(event) => void submit(event)}
      actions={
        <>
          <Button onClick={toRegister}>{messages.register}</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {messages.signIn}
          </Button>
        </>
      }
      footer={
        <Typography variant="body2" align="center">
          {messages.noAccountYet}{' '}
          <Link component="button" type="button" variant="body2" onClick={toRegister}>
            {messages.createYoursNow}
          </Link>
        </Typography>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
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
        <TextField
          label={messages.fieldPassword}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
          }}
        />
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={toForgot}
          sx={{ alignSelf: 'flex-start' }}
        >
          {messages.forgottenPassword}
        </Link>
      </Stack>
      <SocialSignIn
        onSignedIn={close}
        onNeedsAccount={(social) =>
          dispatch(uiActions.modalReplaced({ name: 'register', props: { social } }))
        }
      />
    </AppDialog>
  );
}
