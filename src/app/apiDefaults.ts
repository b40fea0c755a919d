/** Where the browser build sends API calls and how it identifies itself (SPEC §7). */
import { API_PREFIX } from '@contract/prefix';
import { defaultClientCredentials } from '@config/client';

/** Configured host (VITE_API_HOST at build time) or the page's own origin, plus `/api/v1.0/`. */
export function defaultApiBaseUrl(): string {
  const host = import.meta.env.VITE_API_HOST ?? globalThis.location.origin;
  return `${host.replace(/\/+$/, '')}${API_PREFIX}/`;
}

export function defaultClientCredentialsFromEnv(): { clientId: string; clientSecret: string } {
  return {
    clientId: import.meta.env.VITE_CLIENT_ID ?? defaultClientCredentials.clientId,
    clientSecret: import.meta.env.VITE_CLIENT_SECRET ?? defaultClientCredentials.clientSecret,
  };
}

export function browserIsOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}
