/**
 * What starts the member's background sync, as the first route carries it: the decisions and ONE
 * lazy import (memberSyncThunks.ts with the engine and Dexie) — every byte here is first-route
 * JavaScript.
 * - `session/loggedIn` (SPEC §4 "On user:login": load the member's data and synchronise): the
 *   initial fetch when the device has none of their sightings, then a full sync, and the runtime
 *   that keeps syncing while they are signed in;
 * - `session/loggedOut` or `session/expired`: the runtime stops;
 * - `network/wentOnline` (SPEC §4 "Network": the local database is synchronised);
 * - app start with a session (main.tsx): the runtime, once the first page is painted
 *   (app/pageShown.ts).
 */
import { isAnyOf } from '@reduxjs/toolkit';
import { networkActions } from '../../app/networkSlice';
import { afterPageShown } from '../../app/pageShown';
import { sessionActions } from '../../app/sessionSlice';
import type { AppStore } from '../../app/store';
import type { AppStartListening } from '../../app/thunk';

const loadSync = () => import('./memberSyncThunks');
const logFailure = (error: unknown) => {
  console.error('The member sync could not start', error);
};

export function startMemberSyncReactions(startListening: AppStartListening): void {
  startListening({
    actionCreator: sessionActions.loggedIn,
    effect: (_action, api) =>
      loadSync()
        .then(({ startMemberSync }) => api.dispatch(startMemberSync('sign-in')))
        .catch(logFailure),
  });
  startListening({
    matcher: isAnyOf(sessionActions.loggedOut, sessionActions.expired),
    effect: (_action, api) =>
      loadSync()
        .then(({ stopMemberSync }) => {
          api.dispatch(stopMemberSync());
        })
        .catch(logFailure),
  });
  startListening({
    predicate: (action, state) => networkActions.wentOnline.match(action) && state.session.user !== null,
    effect: (_action, api) =>
      loadSync()
        .then(({ syncMemberNow }) => api.dispatch(syncMemberNow('online')))
        .catch(logFailure),
  });
}

/** App start with a member signed in: the runtime after the first page is painted, when idle. */
export function startMemberBackgroundSync(store: Pick<AppStore, 'getState' | 'dispatch'>): void {
  if (store.getState().session.user === null) return;
  afterPageShown(
    () =>
      void loadSync()
        .then(({ startMemberSync }) => store.dispatch(startMemberSync('start')))
        .catch(logFailure),
  );
}
