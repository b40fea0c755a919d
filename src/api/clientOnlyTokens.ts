import type { TokenStorage } from './tokens';

/**
 * Token storage that never sends the member's token: it keeps only the client token the API client
 * fetches for itself. For a runtime beside the page that calls what a client token may call (the
 * species pull's worker): the member's token rotates on use, and only the page may rotate it.
 */
export function clientOnlyTokens(): TokenStorage {
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
