import { clientOnlyTokens } from '../api/clientOnlyTokens';

/**
 * Token storage for a signed-out device outside the Redux store (engine tests, the sync benchmark):
 * it keeps only the client token the API client fetches for itself.
 */
export const guestTokens = clientOnlyTokens;
