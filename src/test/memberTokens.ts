import type { LoginResponse } from '@contract/auth';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/client';
import type { TokenStorage } from '../api/tokens';

/**
 * Token storage for a signed-in member outside the Redux store (sync tests, the fault tests, the
 * benchmarks): the auth token from a real `POST login`, kept up to date as the server rotates it.
 */
export function memberTokens(
  login: Pick<LoginResponse, 'auth_token'> & { refresh_token?: string | null },
): TokenStorage {
  let auth: string | null = login.auth_token;
  let client: string | null = null;
  return {
    authToken: () => auth,
    refreshToken: () => login.refresh_token ?? null,
    clientToken: () => client,
    saveAuthToken: (token) => {
      auth = token;
    },
    saveClientToken: (token) => {
      client = token;
    },
    saveRefreshedSession: (response) => {
      auth = response.auth_token;
    },
    clearUser: () => {
      auth = null;
    },
  };
}

/**
 * The app's HTTP client signed in as that member, talking to a server at `origin` through `fetch`
 * (a test's wire that counts, cuts or loses requests). The client credentials are never used: the
 * member's token is there from the start.
 */
export function memberApiClient(
  origin: string,
  login: Parameters<typeof memberTokens>[0],
  options: Partial<Omit<ApiClientOptions, 'baseUrl' | 'tokens'>> = {},
): ApiClient {
  return createApiClient({
    baseUrl: `${origin}/api/v1.0/`,
    fetch: (input, init) => fetch(input, init),
    now: Date.now,
    isOnline: () => true,
    clientCredentials: { clientId: 'unused', clientSecret: 'unused' },
    ...options,
    tokens: memberTokens(login),
  });
}
