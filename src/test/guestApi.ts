import { createApiClient, type ApiClient } from '../api/client';
import { FAKE_BASE_URL } from './fakeNetwork';
import { clientOnlyTokens } from '../api/clientOnlyTokens';

/**
 * The app's real HTTP client for a signed-out device in unit tests: over `fetch` (a fake network's,
 * the one boundary tests replace), on the fake base URL, without network retries.
 */
export function guestApi(fetch: typeof globalThis.fetch, isOnline: () => boolean = () => true): ApiClient {
  return createApiClient({
    baseUrl: FAKE_BASE_URL,
    fetch,
    tokens: clientOnlyTokens(),
    now: Date.now,
    isOnline,
    clientCredentials: { clientId: 'test', clientSecret: 'test' },
    retries: 0,
    retryDelayMs: 0,
  });
}
