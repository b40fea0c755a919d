/** Display names of the social sign-in providers (the server words its reasons the same way). */
import type { SocialProvider } from '@contract/auth';

export const PROVIDER_LABELS: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };
