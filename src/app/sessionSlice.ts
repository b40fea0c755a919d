/**
 * Who is signed in, and the tokens of the API client (SPEC §3 "Session user", §7). Its actions are
 * the app's sign-in events: `session/loggedIn` and `session/loggedOut` (the spec's user:login and
 * user:logout) refresh the menu and trigger per-member work; `session/expired` is a sign-out the
 * member did not ask for. Reducers stay pure: the persistence listener writes the key-value store.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginResponse, Profile } from '@contract/auth';
import type { StoredSession } from '../db/kv';
import { sessionUserFrom, type SignInDetails } from './sessionUser';

export interface SessionState extends StoredSession {
  /** False until the boot sequence has read the stored session. */
  isRestored: boolean;
}

const initialState: SessionState = {
  user: null,
  authToken: null,
  refreshToken: null,
  clientToken: null,
  isRestored: false,
};

function signOut(state: SessionState) {
  state.user = null;
  state.authToken = null;
  state.refreshToken = null;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    restored(state, action: PayloadAction<StoredSession | null>) {
      Object.assign(state, action.payload ?? {}, { isRestored: true });
    },
    loggedIn(state, action: PayloadAction<SignInDetails>) {
      state.user = sessionUserFrom(action.payload);
      state.authToken = action.payload.response.auth_token;
      state.refreshToken = action.payload.response.refresh_token;
    },
    /** The session was re-established with the refresh credential after 'Invalid Token'. */
    refreshed(state, action: PayloadAction<LoginResponse>) {
      const response = action.payload;
      state.authToken = response.auth_token;
      state.refreshToken = response.refresh_token;
      if (state.user) {
        state.user = sessionUserFrom({
          response,
          username: state.user.username,
          method: state.user.auth_method,
          provider: state.user.social_provider ?? undefined,
        });
      }
    },
    authTokenRotated(state, action: PayloadAction<string>) {
      if (state.authToken !== null) state.authToken = action.payload;
    },
    /** The server answered the member's updated profile (PUT users/{id}). */
    profileUpdated(state, action: PayloadAction<Profile>) {
      if (state.user?.user_id !== action.payload.user_id) return;
      state.user.profile = action.payload;
      state.user.nickname = action.payload.nickname;
      state.user.avatar = action.payload.avatar;
    },
    clientTokenIssued(state, action: PayloadAction<string>) {
      state.clientToken = action.payload;
    },
    loggedOut: signOut,
    /** The server refused the session and it could not be re-established. */
    expired: signOut,
  },
  selectors: {
    selectUser: (state) => state.user,
    selectIsSignedIn: (state) => state.user !== null,
    selectStoredSession: (state): StoredSession => ({
      user: state.user,
      authToken: state.authToken,
      refreshToken: state.refreshToken,
      clientToken: state.clientToken,
    }),
  },
});

export const sessionActions = sessionSlice.actions;
export const { selectUser, selectIsSignedIn, selectStoredSession } = sessionSlice.selectors;
