import type { LoginResponse } from '@contract/auth';
import type { TokenStorage } from '../api/tokens';

/**
 * Token storage for a signed-in member outside the Redux store (sync tests, the fault tests, the
 * benchmarks): the auth token from a real `POST login`, kept up to date as the server rotates it.
 */
export function memberTokens(
  login: Pick<LoginResponse, 'auth_token'> & { refresh_token?: string | null },
): TokenStorage {
  let auth: string | null = login.auth_token ?? null;
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
      auth = response.auth_token ?? auth;
    },
    clearUser: () => {
      auth = null;
    },
  };
}
