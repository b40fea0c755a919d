/**
 * What the shop does on sign-in and sign-out, as the first route carries it: the decisions and ONE
 * lazy import (cartSync.ts, with idb-keyval and the calls). Sign-in keeps a guest's cart by merging
 * it into the member's; sign-out leaves the member's cart on the server and empties the device's.
 * Both close the cart gate (cartGate.ts) at once, before anything asynchronous.
 */
import { isAnyOf } from '@reduxjs/toolkit';
import { sessionActions } from '../../app/sessionSlice';
import type { AppStartListening } from '../../app/thunk';
import { holdCartUntil } from './cartGate';

const loadCartSync = () => import('./cartSync');
const logFailure = (error: unknown) => {
  console.error('The cart could not follow the sign-in', error);
};

export function startCartReactions(startListening: AppStartListening): void {
  startListening({
    actionCreator: sessionActions.loggedIn,
    effect: (_action, api) => {
      const work = loadCartSync().then(({ mergeCartOnSignIn }) => api.dispatch(mergeCartOnSignIn()));
      holdCartUntil(work);
      return work.catch(logFailure);
    },
  });
  startListening({
    matcher: isAnyOf(sessionActions.loggedOut, sessionActions.expired),
    effect: (_action, api) => {
      const work = loadCartSync().then(({ forgetCartOnSignOut }) => api.dispatch(forgetCartOnSignOut()));
      holdCartUntil(work);
      return work.catch(logFailure);
    },
  });
}
