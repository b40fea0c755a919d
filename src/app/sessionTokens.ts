/** The API client's token storage, backed by the Redux session (the one truth about who is in). */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { TokenStorage } from '../api/tokens';
import type { RootState } from './reducer';
import { sessionActions } from './sessionSlice';

export function createSessionTokens(
  getState: () => RootState,
  dispatch: (action: UnknownAction) => unknown,
): TokenStorage {
  return {
    authToken: () => getState().session.authToken,
    refreshToken: () => getState().session.refreshToken,
    clientToken: () => getState().session.clientToken,
    saveAuthToken: (token) => dispatch(sessionActions.authTokenRotated(token)),
    saveClientToken: (token) => dispatch(sessionActions.clientTokenIssued(token)),
    saveRefreshedSession: (response) => dispatch(sessionActions.refreshed(response)),
    clearUser: () => dispatch(sessionActions.expired()),
  };
}
