/**
 * What starts the member's chat runtime, as the first route carries it (one lazy import):
 * signing in and app start with a session start it (the unread badge, SPEC §4 "Login flow: fetch
 * the unread chat count"); signing out stops it and clears the badge; going online reconnects.
 */
import { isAnyOf } from '@reduxjs/toolkit';
import { networkActions } from '../../app/networkSlice';
import { afterPageShown } from '../../app/pageShown';
import { sessionActions } from '../../app/sessionSlice';
import type { StartupStore } from '../../app/featureModule';
import type { AppStartListening } from '../../app/thunk';

const loadChat = () => import('./sync/chatStart');
const logFailure = (error: unknown) => {
  console.error('Chat could not start', error);
};

export function startChatReactions(startListening: AppStartListening): void {
  startListening({
    actionCreator: sessionActions.loggedIn,
    effect: (_action, api) =>
      loadChat()
        .then(({ startChat }) => {
          api.dispatch(startChat());
        })
        .catch(logFailure),
  });
  startListening({
    matcher: isAnyOf(sessionActions.loggedOut, sessionActions.expired),
    effect: (_action, api) =>
      loadChat()
        .then(({ stopChat }) => {
          api.dispatch(stopChat());
        })
        .catch(logFailure),
  });
  startListening({
    predicate: (action, state) => networkActions.wentOnline.match(action) && state.session.user !== null,
    effect: () =>
      loadChat()
        .then(({ wakeChat }) => {
          wakeChat();
        })
        .catch(logFailure),
  });
}

/** App start with a member signed in: the runtime after the first page is painted, when idle. */
export function startChatOnBoot(store: StartupStore): void {
  if (store.getState().session.user === null) return;
  afterPageShown(
    () =>
      void loadChat()
        .then(({ startChat }) => {
          store.dispatch(startChat());
        })
        .catch(logFailure),
  );
}
