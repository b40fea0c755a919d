/**
 * The member's data in the background (docs/sync.md "What starts a sync"), loaded lazily by
 * listeners.ts. While a member is signed in, `startMemberSync` keeps one runtime per store that
 * syncs (src/db/sync `syncMemberData`: records, photos, stored requests) on sign-in, app start,
 * going online, the page becoming visible, every 60 s while something waits, and shortly after a
 * local save (a live query over the unsynced count). Offline, a save asks the service worker for a
 * Background Sync where the browser has it (Chromium), so the queue drains even with the page
 * closed; everywhere else these page triggers drain the same queue (R5).
 *
 * Toasts (SPEC §4 "Offline writes"): 'Local data successfully synced to API!' once something that
 * had to wait (saved offline, or whose sync failed) has reached the server.
 */
import type { Dispatch } from '@reduxjs/toolkit';
import { liveQuery, type Subscription } from 'dexie';
import { messages } from '@contract/messages';
import type { ApiClient } from '../../api/client';
import { browserIsOnline } from '../../app/apiDefaults';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import type { AppThunk } from '../../app/thunk';
import { uiActions } from '../../app/uiSlice';
import { db } from '../../db/db';
import { syncMemberData, unsyncedCount } from '../../db/sync';
import { syncEngineOf } from './syncEngine';
import { SYNC_NOW_MESSAGE } from '../../lib/constants';
import { fetchInitialObservations } from './initialFetch';
import { requestBackgroundSync, requestPersistentStorage } from './browserStorage';

export type SyncTrigger = 'sign-in' | 'start' | 'online' | 'visible' | 'timer' | 'saved' | 'asked';

/** A save is pushed this long after the last one, so a burst of saves goes in one push. */
export const SAVE_DEBOUNCE_MS = 1_500;
/** While something waits, the page tries again this often (R5: the fallback for no Background Sync). */
export const WAITING_RETRY_MS = 60_000;

interface Runtime {
  userId: string;
  running: Promise<void> | null;
  again: boolean;
  /** Something waited (saved offline, or a sync failed): the next success says so. */
  owed: boolean;
  count: number;
  debounce: ReturnType<typeof setTimeout> | null;
  subscription: Subscription;
  interval: ReturnType<typeof setInterval>;
  onVisible: () => void;
  onWorkerMessage: (event: MessageEvent) => void;
}

const runtimes = new WeakMap<ApiClient, Runtime>();

/** Everything that had to wait reached the server: said once (SPEC §4 "Offline writes"). */
function owedDelivered(runtime: Runtime, dispatch: Dispatch): void {
  if (!runtime.owed) return;
  runtime.owed = false;
  dispatch(uiActions.toastShown({ severity: 'success', message: messages.syncedToApi }));
}

/** One pass, one at a time per store; a trigger during a pass runs one more pass after it. */
export function syncMemberNow(trigger: SyncTrigger): AppThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    const { apiClient } = extra;
    const runtime = runtimes.get(apiClient);
    const userId = selectUser(getState())?.user_id;
    if (!runtime || !userId || runtime.userId !== userId) return;
    if (runtime.running) {
      runtime.again = true;
      return runtime.running;
    }
    const online = () => browserIsOnline() && selectIsOnline(getState());
    const pass = async () => {
      do {
        runtime.again = false;
        if (!online()) {
          if (runtime.count > 0) runtime.owed = true;
          return;
        }
        const engine = await syncEngineOf(extra, dispatch, getState);
        const summary = await syncMemberData({ db, api: apiClient }, engine, userId);
        const delivered = summary.pushed + summary.uploaded + summary.sent;
        if (summary.error) {
          runtime.owed = true;
          console.warn(`Member sync (${trigger}) left work for a retry`, summary.error);
        } else if (delivered > 0 && runtime.owed && (await unsyncedCount(db, userId)) === 0) {
          owedDelivered(runtime, dispatch);
        }
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set by a save during the pass
      } while (runtime.again);
    };
    runtime.running = pass().finally(() => {
      runtime.running = null;
    });
    return runtime.running;
  };
}

/** Starts the member's runtime (sign-in or app start with a session); idempotent per member. */
export function startMemberSync(trigger: 'sign-in' | 'start'): AppThunk<Promise<void>> {
  return async (dispatch, getState, { apiClient }) => {
    const userId = selectUser(getState())?.user_id;
    // Without IndexedDB (a browser that refuses it, some tests) there is nothing local to sync.
    if (!userId || typeof indexedDB === 'undefined') return;
    const held = runtimes.get(apiClient);
    if (held?.userId === userId) return dispatch(syncMemberNow(trigger));
    if (held) stop(held);
    const runtime: Runtime = {
      userId,
      running: null,
      again: false,
      owed: false,
      count: 0,
      debounce: null,
      subscription: liveQuery(() => unsyncedCount(db, userId)).subscribe({
        next: (count) => {
          const grew = count > runtime.count;
          const emptied = count === 0 && runtime.count > 0;
          runtime.count = count;
          // What had to wait may reach the server outside a pass (the engine's own retry 1 s after
          // a failure): its toast comes when the queue empties, whoever emptied it.
          if (emptied && runtime.owed) owedDelivered(runtime, dispatch);
          if (!grew) return;
          void requestPersistentStorage(db);
          if (!(browserIsOnline() && selectIsOnline(getState()))) {
            runtime.owed = true;
            void requestBackgroundSync();
            return;
          }
          if (runtime.debounce) clearTimeout(runtime.debounce);
          runtime.debounce = setTimeout(() => void dispatch(syncMemberNow('saved')), SAVE_DEBOUNCE_MS);
        },
        error: (error: unknown) => {
          console.warn('The unsynced count could not be read', error);
        },
      }),
      interval: setInterval(() => {
        if (runtime.count > 0) void dispatch(syncMemberNow('timer'));
      }, WAITING_RETRY_MS),
      onVisible: () => {
        if (document.visibilityState === 'visible') void dispatch(syncMemberNow('visible'));
      },
      // The service worker's Background Sync fired while this page is open: the page does the work.
      onWorkerMessage: (event) => {
        if ((event.data as { type?: unknown } | null)?.type === SYNC_NOW_MESSAGE)
          void dispatch(syncMemberNow('online'));
      },
    };
    document.addEventListener('visibilitychange', runtime.onVisible);
    (navigator as Partial<Navigator>).serviceWorker?.addEventListener('message', runtime.onWorkerMessage);
    runtimes.set(apiClient, runtime);
    if (trigger === 'sign-in' && browserIsOnline() && selectIsOnline(getState())) {
      await fetchInitialObservations(db, apiClient, userId).catch((error: unknown) => {
        console.warn('The initial fetch of sightings failed; the sync brings them', error);
      });
    }
    return dispatch(syncMemberNow(trigger));
  };
}

function stop(runtime: Runtime): void {
  runtime.subscription.unsubscribe();
  clearInterval(runtime.interval);
  if (runtime.debounce) clearTimeout(runtime.debounce);
  document.removeEventListener('visibilitychange', runtime.onVisible);
  (navigator as Partial<Navigator>).serviceWorker?.removeEventListener('message', runtime.onWorkerMessage);
}

/** Signed out: the runtime stops (the data stays until pushed by its member's next session). */
export function stopMemberSync(): AppThunk {
  return (_dispatch, _getState, { apiClient }) => {
    const runtime = runtimes.get(apiClient);
    if (!runtime) return;
    stop(runtime);
    runtimes.delete(apiClient);
  };
}
