/**
 * Social sign-in buttons: only for providers the server lists, and never on iOS (SPEC §2, §6).
 * With no provider configured (the default install) this renders nothing.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import AppleIcon from '@mui/icons-material/Apple';
import GoogleIcon from '@mui/icons-material/Google';
import type { SocialProvider } from '@contract/auth';
import { formatMessage, messages } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import type { PendingSocialSignIn } from './modals';
import { uiActions } from '../../app/uiSlice';
import { isIos } from '../../lib/platform';
import { signInWithProvider } from './authThunks';
import { useGetAuthProvidersQuery } from './authApi';
import { PROVIDER_LABELS } from './providers';
import { obtainIdToken } from './social/idToken';

const ICONS: Record<SocialProvider, typeof GoogleIcon> = { google: GoogleIcon, apple: AppleIcon };

export interface SocialSignInProps {
  onSignedIn: () => void;
  /** The provider vouched for the member but no account exists yet. */
  onNeedsAccount: (pending: PendingSocialSignIn) => void;
}

export function SocialSignIn({ onSignedIn, onNeedsAccount }: SocialSignInProps) {
  const dispatch = useAppDispatch();
  const [onIos] = useState(() =>
    isIos({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints }),
  );
  const { data } = useGetAuthProvidersQuery(undefined, { skip: onIos });
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const providers = data?.providers ?? [];
  if (onIos || providers.length === 0) return null;

  async function start(provider: SocialProvider, clientId: string) {
    setBusy(provider);
    let idToken: string;
    try {
      idToken = await obtainIdToken(provider, clientId);
    } catch (error) {
      console.warn('Social sign-in did not complete', error);
      const message = formatMessage(messages.socialUnavailable, { provider: PROVIDER_LABELS[provider] });
      dispatch(uiActions.toastShown({ severity: 'warning', message }));
      setBusy(null);
      return;
    }
    const outcome = await dispatch(signInWithProvider(provider, idToken));
    setBusy(null);
    if (outcome === 'signedIn') onSignedIn();
    if (outcome === 'noSocialAccount') onNeedsAccount({ provider, idToken });
  }

  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Divider />
      {providers.map(({ name, client_id }) => {
        const Icon = ICONS[name];
        return (
          <Button
            key={name}
            variant="outlined"
            startIcon={<Icon />}
            loading={busy === name}
            disabled={busy !== null && busy !== name}
            onClick={() => void start(name, client_id)}
          >
            {formatMessage(messages.socialSignIn, { provider: PROVIDER_LABELS[name] })}
          </Button>
        );
      })}
    </Stack>
  );
}
