/// <reference lib="webworker" />
/**
 * Background Sync in the service worker (Chromium; docs/sync.md "What starts a sync"): a save made
 * offline registers the tag BACKGROUND_SYNC_TAG, and when the connection returns the browser wakes
 * this worker even with every page closed. It drains the SAME queue the page drains (the dirty
 * marks, photo uploads and stored requests in app.db; src/db/sync), with the same acknowledgement
 * rules — the Background Sync API is one more trigger, never a second queue.
 *
 * With a page of the app open, the worker leaves the work to it (one runtime keeps the session's
 * rotating token; two would race over it) and only tells it to sync now. Without one, it signs in
 * with the stored session and runs one pass; if something is left for a retry it fails the event,
 * so the browser schedules another attempt. Replays are harmless either way: every record, photo
 * and stored request carries its client-generated id.
 */
import { API_PREFIX } from '@contract/prefix';
import { createApiClient } from '../api/client';
import type { TokenStorage } from '../api/tokens';
import { defaultClientCredentials } from '@config/client';
import { FieldmarkDB } from '../db/FieldmarkDB';
import { kvGet, kvSet, type StoredSession } from '../db/kv';
import { createSyncEngine, MEMBER_COLLECTIONS, syncMemberData } from '../db/sync';
import { BACKGROUND_SYNC_TAG, SYNC_NOW_MESSAGE } from '../lib/constants';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** The stored session as the API client's token storage; a rotated token is written back. */
function storedTokens(session: StoredSession): TokenStorage {
  let current = session;
  const save = (next: StoredSession) => {
    current = next;
    void kvSet('session', next);
  };
  return {
    authToken: () => current.authToken,
    refreshToken: () => current.refreshToken,
    clientToken: () => current.clientToken,
    saveAuthToken: (token) => {
      save({ ...current, authToken: token });
    },
    saveClientToken: (token) => {
      save({ ...current, clientToken: token });
    },
    // Re-authentication belongs to the page (it updates the member's profile too); here a failed
    // token just leaves the work for the page's next pass.
    saveRefreshedSession: (response) => {
      save({ ...current, authToken: response.auth_token });
    },
    clearUser: () => undefined,
  };
}

async function drainWithoutPage(): Promise<void> {
  const session = await kvGet('session');
  const userId = session?.user?.user_id;
  if (!session || !userId || !session.authToken) return;
  const db = new FieldmarkDB();
  try {
    const api = createApiClient({
      baseUrl: `${self.location.origin}${API_PREFIX}/`,
      fetch: (...args) => fetch(...args),
      tokens: storedTokens(session),
      now: Date.now,
      isOnline: () => self.navigator.onLine,
      clientCredentials: defaultClientCredentials,
    });
    const engine = createSyncEngine({
      db,
      api,
      collections: MEMBER_COLLECTIONS,
      isOnline: () => self.navigator.onLine,
      currentUserId: () => userId,
      // No retry timers in a worker that may be stopped at any moment: the browser retries the event.
      timers: { setTimeout: () => 0, clearTimeout: () => undefined },
    });
    const summary = await syncMemberData({ db, api }, engine, userId);
    engine.dispose();
    if (summary.error instanceof Error) throw summary.error;
    if (summary.error) throw new Error('The background sync left work for a retry');
  } finally {
    db.close();
  }
}

async function onSync(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window' });
  if (pages.length > 0) {
    for (const page of pages) page.postMessage({ type: SYNC_NOW_MESSAGE });
    return;
  }
  await drainWithoutPage();
}

export function registerBackgroundSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === BACKGROUND_SYNC_TAG) sync.waitUntil(onSync());
  });
}
