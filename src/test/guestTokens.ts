import type { TokenStorage } from '../api/tokens';

/**
 * Token storage for a signed-out device outside the Redux store (engine tests, the sync benchmark):
 * it keeps only the client token the API client fetches for itself.
 */
export function guestTokens(): TokenStorage {
  let client: string | null = null;
  return {
    authToken: () => null,
    refreshToken: () => null,
    clientToken: () => client,
    saveAuthToken: () => undefined,
    saveClientToken: (token) => {
      client = token;
    },
    saveRefreshedSession: () => undefined,
    clearUser: () => undefined,
  };
}
