/**
 * Obtains an OpenID Connect ID token from a social provider in the browser; the server verifies it
 * against the provider's keys (method 'social'). Google: Google Identity Services (One Tap / FedCM
 * prompt). Apple: Sign in with Apple JS in a popup. Both SDKs load only when the member asks.
 */
import type { SocialProvider } from '@contract/auth';
import { loadScript } from './loadScript';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
      prompt(
        listener?: (notification: { isNotDisplayed(): boolean; isSkippedMoment(): boolean }) => void,
      ): void;
    };
  };
}

interface AppleIdAuth {
  auth: {
    init(options: { clientId: string; scope: string; redirectURI: string; usePopup: boolean }): void;
    signIn(): Promise<{ authorization: { id_token: string } }>;
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
    AppleID?: AppleIdAuth;
  }
}

const GOOGLE_SDK = 'https://accounts.google.com/gsi/client';
const APPLE_SDK = 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';

async function googleIdToken(clientId: string): Promise<string> {
  await loadScript(GOOGLE_SDK);
  const google = window.google;
  if (!google) throw new Error('Google Identity Services did not load');
  return new Promise<string>((resolve, reject) => {
    google.accounts.id.initialize({
      client_id: clientId,
      callback: ({ credential }) => {
        if (credential) resolve(credential);
        else reject(new Error('No Google credential'));
      },
    });
    google.accounts.id.prompt((notification) => {
      if (notification.isNotDisplayed() || notification.isSkippedMoment()) {
        reject(new Error('Google sign-in was not completed'));
      }
    });
  });
}

async function appleIdToken(clientId: string): Promise<string> {
  await loadScript(APPLE_SDK);
  const apple = window.AppleID;
  if (!apple) throw new Error('Sign in with Apple did not load');
  apple.auth.init({
    clientId,
    scope: 'name email',
    redirectURI: `${window.location.origin}/`,
    usePopup: true,
  });
  const { authorization } = await apple.auth.signIn();
  return authorization.id_token;
}

export function obtainIdToken(provider: SocialProvider, clientId: string): Promise<string> {
  return provider === 'google' ? googleIdToken(clientId) : appleIdToken(clientId);
}
