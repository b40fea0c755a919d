/**
 * Where the API client reads and writes tokens. The app implements it over the Redux session
 * (src/app/sessionTokens.ts), which the persistence listener mirrors to the key-value store; the
 * client itself keeps no token of its own, so there is one truth about who is signed in.
 */
import type { LoginResponse } from '@contract/auth';

export interface TokenStorage {
  /** The member's bearer token, or null when signed out. */
  authToken(): string | null;
  /** The credential that re-establishes the member's session after 'Invalid Token'. */
  refreshToken(): string | null;
  /** The app's own bearer token for calls made while signed out. */
  clientToken(): string | null;
  /** The server rotated the member's token (`X-Auth-Token` response header). */
  saveAuthToken(token: string): void;
  saveClientToken(token: string): void;
  /** The session was re-established with the refresh credential. */
  saveRefreshedSession(response: LoginResponse): void;
  /** The session cannot be re-established: the member is signed out on this device. */
  clearUser(): void;
}
