/**
 * Starts and stops the app's chat runtime (../chatRuntime.ts) for the signed-in member, bound to
 * the app's database: the runtime keeps the device's chat sessions and messages in step with the
 * server, so it lives in the chat's sync folder (the db-access lint rule). Loaded lazily by
 * listeners.ts, so neither Dexie nor the runtime is first-route JavaScript.
 */
import { defaultApiBaseUrl, browserIsOnline } from '../../../app/apiDefaults';
import { uiActions } from '../../../app/uiSlice';
import type { AppThunk } from '../../../app/thunk';
import { apiClientFrom } from '../../../api/baseQuery';
import { db } from '../../../db/db';
import { appChatRuntime, createChatRuntime, setAppChatRuntime } from '../chatRuntime';

let ownerOfRuntime: string | null = null;

/** The member's runtime: started when signed in, kept when it is already theirs. */
export const startChat = (): AppThunk => (dispatch, getState, extra) => {
  const user = getState().session.user;
  if (user === null) return;
  if (ownerOfRuntime === user.user_id && appChatRuntime() !== null) return;
  ownerOfRuntime = user.user_id;
  setAppChatRuntime(
    createChatRuntime({
      db,
      api: apiClientFrom(extra),
      baseUrl: defaultApiBaseUrl(),
      fetch: (input, init) => globalThis.fetch(input, init),
      ownerId: user.user_id,
      authToken: () => getState().session.authToken,
      isOnline: () => getState().network.isOnline && browserIsOnline(),
      onUnread: (total) => dispatch(uiActions.unreadMessagesCounted(total)),
    }),
  );
};

export const stopChat = (): AppThunk => (dispatch) => {
  ownerOfRuntime = null;
  setAppChatRuntime(null);
  dispatch(uiActions.unreadMessagesCounted(0));
};

export function wakeChat(): void {
  appChatRuntime()?.wakeUp();
}
