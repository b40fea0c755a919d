/**
 * Cross-cutting reactions of the store (listener middleware), so reducers stay pure:
 * - the session and the config are written to the key-value store whenever they change;
 * - going online or offline is told to the member.
 * (Signing out also drops the RTK Query cache: src/api/api.ts brings that reaction with it.)
 */
import { isAnyOf } from '@reduxjs/toolkit';
import { messages } from '@contract/messages';
import { kvSet } from '../db/kv';
import { configActions } from './configSlice';
import { networkActions } from './networkSlice';
import { selectStoredSession, sessionActions } from './sessionSlice';
import type { AppStartListening } from './thunk';
import { uiActions } from './uiSlice';

const sessionChanged = isAnyOf(
  sessionActions.loggedIn,
  sessionActions.refreshed,
  sessionActions.authTokenRotated,
  sessionActions.profileUpdated,
  sessionActions.clientTokenIssued,
  sessionActions.loggedOut,
  sessionActions.expired,
);

export function startPersistence(startListening: AppStartListening): void {
  startListening({
    matcher: sessionChanged,
    effect: async (_action, listenerApi) => {
      await kvSet('session', selectStoredSession(listenerApi.getState()));
    },
  });
  startListening({
    actionCreator: configActions.saved,
    effect: async (action) => {
      await kvSet('config', action.payload);
    },
  });
}

export function startNetworkReactions(startListening: AppStartListening): void {
  startListening({
    actionCreator: networkActions.wentOnline,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(uiActions.toastShown({ severity: 'info', message: messages.nowOnline }));
    },
  });
  startListening({
    actionCreator: networkActions.wentOffline,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(uiActions.toastShown({ severity: 'warning', message: messages.nowOffline }));
    },
  });
}
