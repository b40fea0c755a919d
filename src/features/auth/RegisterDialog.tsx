/**
 * Register (SPEC §2, §5): name and surname, nickname, email, password twice with the strength
 * indicator, newsletter (on by default), terms. Rules are checked in the spec's order and the first
 * failure is shown as a 5 s warning. The social variant (a provider sign-in without an account)
 * shows only the terms and a 'Register Via Email' way back to the full form.
 */
import { useState, type SubmitEvent } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';
import { product } from '@config/product';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import type { PendingSocialSignIn } from './modals';
import { TOAST_MS } from '../../lib/constants';
import { AppDialog } from '../../ui/AppDialog';
import { register, type RegistrationRequest } from './authThunks';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { PROVIDER_LABELS } from './providers';
import { TermsFields } from './TermsFields';
import { validateRegistration } from './validation';

export interface RegisterDialogProps {
  modalId: string;
  social?: PendingSocialSignIn;
}

export function RegisterDialog({ modalId, social }: RegisterDialogProps) {
  const dispatch = useAppDispatch();
  const [viaEmail, setViaEmail] = useState(social === undefined);
  const [form, setForm] = useState({ name: '', nickname: '', email: '', password: '', confirmPassword: '' });
  const [newsletter, setNewsletter] = useState(true);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [busy, setBusy] = useState(false);

  const close = () => dispatch(uiActions.modalClosed(modalId));
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [key]: event.target.value }));
    },
  });

  function warn(message: string) {
    dispatch(
      uiActions.toastShown({
        severity: 'warning',
        message,
        durationMs: TOAST_MS.register,
        position: 'middle',
      }),
    );
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    let request: RegistrationRequest;
    if (viaEmail || !social) {
      const problem = validateRegistration({ ...form, termsAccepted });
      if (problem) {
        warn(problem);
        return;
      }
      request = { method: 'password', ...form, newsletter };
    } else {
      if (!termsAccepted) {
        warn(messages.registerTermsRequired);
        return;
      }
      // The social variant asks for the terms only (SPEC §2); with no newsletter question asked,
      // nobody is subscribed without having said yes.
      request = { method: 'social', provider: social.provider, idToken: social.idToken, newsletter: false };
    }
    setBusy(true);
    const outcome = await dispatch(register(request));
    if (outcome === 'signedIn' || outcome === 'verificationRequired') close();
    else setBusy(false);
  }

  return (
    <AppDialog
      title={messages.registerTitle}
      closeLabel={messages.close}
      onClose={close}
      onSubmit={(event) => void submit(event)}
      actions={
        <>
          {!viaEmail && (
            <Button
              onClick={() => {
                setViaEmail(true);
              }}
            >
              {messages.registerViaEmail}
            </Button>
          )}
          <Button
            onClick={() => dispatch(uiActions.modalReplaced({ name: 'login', props: { email: form.email } }))}
          >
            {messages.backToSignIn}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {messages.createAccount}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {viaEmail ? (
          <>
            <TextField label={messages.fieldName} autoComplete="name" autoFocus {...field('name')} />
            <TextField label={messages.fieldNickname} autoComplete="nickname" {...field('nickname')} />
            <TextField
              label={messages.fieldEmail}
              type="email"
              autoComplete="email"
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
              {...field('email')}
            />
            <div>
              <TextField
                label={messages.fieldPassword}
                type="password"
                autoComplete="new-password"
                fullWidth
                {...field('password')}
              />
              <PasswordStrengthMeter password={form.password} />
            </div>
            <TextField
              label={messages.fieldConfirmPassword}
              type="password"
              autoComplete="new-password"
              {...field('confirmPassword')}
            />
          </>
        ) : (
          <Typography>
            {formatMessage(messages.socialRegisterIntro, {
              product: product.name,
              provider: social ? PROVIDER_LABELS[social.provider] : '',
            })}
          </Typography>
        )}
        <div>
          {viaEmail && (
            <FormControlLabel
              control={
                <Checkbox
                  checked={newsletter}
                  onChange={(event) => {
                    setNewsletter(event.target.checked);
                  }}
                />
              }
              label={formatMessage(messages.newsletterLabel, { product: product.name })}
            />
          )}
          <TermsFields accepted={termsAccepted} onChange={setTermsAccepted} />
        </div>
      </Stack>
    </AppDialog>
  );
}
