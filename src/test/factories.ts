/** Test data builders shared by unit tests: one place to change when a contract shape changes. */
import type { LoginResponse } from '@contract/auth';
import { sessionActions, sessionSlice, type SessionState } from '../app/sessionSlice';
import { sessionUserFrom } from '../app/sessionUser';

/** A successful login answer for the member Wren; override what a test is about. */
export function aLoginResponse(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    status: 'success',
    email_verification_required: false,
    roles: ['member'],
    permissions: {},
    auth_token: 'auth.4000000000',
    refresh_token: 'refresh.4100000000',
    nickname: 'Wren',
    user_id: 'u-1',
    avatar: null,
    ...overrides,
  };
}

/** The session of the member of aLoginResponse() signed in on this device, for a store's preloaded state. */
export function aSignedInSession(): SessionState {
  return {
    user: sessionUserFrom({ response: aLoginResponse(), username: 'wren@example.org', method: 'basic' }),
    authToken: 'auth.4000000000',
    refreshToken: 'refresh.4100000000',
    clientToken: null,
    isRestored: true,
  };
}

/**
 * A store's preloaded state with a member signed in by password, as the login answered `response`
 * (roles, permissions, …) — the state the guarded pages' tests start from.
 */
export function signedInState(response: Partial<LoginResponse> = {}, username = 'harrier@example.org') {
  return {
    session: sessionSlice.reducer(
      undefined,
      sessionActions.loggedIn({ response: aLoginResponse(response), username, method: 'basic' }),
    ),
  };
}
