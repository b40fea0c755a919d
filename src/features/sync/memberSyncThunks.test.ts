// @vitest-environment happy-dom
/**
 * The member's background sync runtime (memberSyncThunks.ts) as the app runs it: a real store
 * (makeStore), the app's Dexie database (fake-indexeddb), the real engine and repositories. Only
 * the network (a member collections server under the test's control), the clock (vitest's fake
 * timers: the save debounce, the 60 s timer, the engine's retries) and the browser's service
 * worker registration are stand-ins.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@contract/messages';
import type { SyncRecord } from '@contract/sync';
import { networkActions } from '../../app/networkSlice';
import { makeStore, type AppStore } from '../../app/store';
import { db } from '../../db/db';
import { RETRY_FIRST_DELAY_MS, unsyncedCount } from '../../db/sync';
import { aSignedInSession } from '../../test/factories';
import { FAKE_BASE_URL, fakeNetwork, type FakeNetwork, type SentRequest } from '../../test/fakeNetwork';
import { aSighting, localSeconds, resetMemberData } from '../../test/sightings';
import { eventuallyOnFakeClock } from '../../test/waits';
import { recordObservation } from '../observations/observationsRepo';
import { demoSpecies } from '../species/testSpecies';
import { BACKGROUND_SYNC_TAG } from '../../lib/constants';
import {
  SAVE_DEBOUNCE_MS,
  startMemberSync,
  stopMemberSync,
  syncMemberNow,
  WAITING_RETRY_MS,
} from './memberSyncThunks';
import { present } from '../../test/present';

const WREN = present(aSignedInSession().user).user_id;
const robin = demoSpecies('Turdus migratorius');
const DAY = localSeconds(2026, 5, 1);

/** The member collections as the server answers them: a change log, and failures on demand. */
function memberServer(network: FakeNetwork) {
  const log: SyncRecord[] = [];
  const state = { failing: false };
  /** The ids of each push, in order (`POST …/verify`: what the device sent). */
  const pushes: string[][] = [];
  const failure = { status: 500, body: { status: 'failed', reason: 'Something went wrong.' } };
  for (const name of ['species_observations', 'trips', 'hotspot_likes']) {
    network.on('GET', `collection/${name}`, (request: SentRequest) => {
      if (state.failing) return failure;
      const lastMod = Number(new URLSearchParams(request.path.split('?')[1]).get('last_mod'));
      const records = name === 'species_observations' ? log.slice(lastMod) : [];
      return {
        body: { status: 'success', records, more: false, last_mod: lastMod + records.length },
      };
    });
    network.on('POST', `collection/${name}/verify`, (request) => {
      const ids = (request.body as { data: Array<{ id: string }> }).data.map((record) => record.id);
      pushes.push(ids);
      return state.failing ? failure : { body: { status: 'success', needed: ids } };
    });
    network.on('PUT', `collection/${name}`, (request) => {
      if (state.failing) return failure;
      const records = (request.body as { data: SyncRecord[] }).data;
      log.push(...records);
      const accepted = records.map((record, index) => ({
        id: record.id,
        rev: record.rev,
        mod: log.length - records.length + index + 1,
      }));
      return { body: { status: 'success', accepted, ignored: [] } };
    });
  }
  return { state, pushes };
}

let network: FakeNetwork;
let server: ReturnType<typeof memberServer>;
let store: AppStore;
let backgroundSyncs: string[];
let persistRequests: number;

beforeEach(async () => {
  await resetMemberData(db, [robin]);
  await Promise.all([db.collection_marks.clear(), db.outbox.clear(), db.meta.clear()]);
  // Only the timers: IndexedDB (fake-indexeddb) runs on setImmediate, which stays real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  network = fakeNetwork();
  server = memberServer(network);
  store = makeStore(
    { session: aSignedInSession() },
    { baseUrl: FAKE_BASE_URL, fetch: network.fetch, isOnline: () => true, persist: false, retries: 0 },
  );
  backgroundSyncs = [];
  persistRequests = 0;
  // The browser's storage manager and Background Sync registration: boundaries the app only calls.
  vi.stubGlobal('navigator', {
    onLine: true,
    storage: { persist: () => Promise.resolve(Boolean((persistRequests += 1))) },
    serviceWorker: {
      getRegistration: () =>
        Promise.resolve({
          sync: { register: (tag: string) => Promise.resolve(void backgroundSyncs.push(tag)) },
        }),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
});

afterEach(async () => {
  // A pass still pulling would write into the next test's tables: a pass asked now joins it.
  await store.dispatch(syncMemberNow('asked'));
  store.dispatch(stopMemberSync());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const pushedIds = () => server.pushes.flat();
const pulls = () =>
  network.sent.filter((request) => request.path.startsWith('collection/species_observations?'));
const toast = () => store.getState().ui.toast?.message;
const unsynced = () => unsyncedCount(db, WREN);

/**
 * Waits until the runtime's live query saw a save: with it, it armed its debounce and asked for
 * persistent storage (browserStorage.ts, asked once; the test forgets that it was asked).
 */
async function runtimeSawTheSave() {
  const asked = persistRequests;
  await eventuallyOnFakeClock(() => {
    expect(persistRequests).toBe(asked + 1);
  });
  await db.meta.delete('persist_requested');
}

/** Starts the runtime and lets its first pass (nothing to push) finish. */
async function started() {
  await store.dispatch(startMemberSync('start'));
  expect(pulls()).toHaveLength(1);
}

describe('the member sync runtime', () => {
  it('pushes a burst of saves once, SAVE_DEBOUNCE_MS after the last save', async () => {
    await started();

    const first = await recordObservation(db, WREN, aSighting(robin, DAY));
    await runtimeSawTheSave();
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 1);
    const second = await recordObservation(db, WREN, aSighting(robin, DAY + 60));
    await runtimeSawTheSave();
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 1);
    expect(server.pushes).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    await eventuallyOnFakeClock(async () => {
      expect(await unsynced()).toBe(0);
    });
    expect(server.pushes.map((ids) => [...ids].sort())).toEqual([[first.id, second.id].sort()]);
    expect(toast()).toBeUndefined(); // nothing had to wait
  });

  it('runs one pass at a time: triggers during a pass make one more pass after it', async () => {
    await started();
    await recordObservation(db, WREN, aSighting(robin, DAY));
    await eventuallyOnFakeClock(async () => {
      expect(await unsynced()).toBe(1);
    });

    const running = store.dispatch(syncMemberNow('asked'));
    const joined = [store.dispatch(syncMemberNow('visible')), store.dispatch(syncMemberNow('online'))];
    await Promise.all([running, ...joined]);

    expect(pulls()).toHaveLength(3); // the first pass, the asked pass and ONE more for both triggers
    expect(server.pushes).toHaveLength(1);
    expect(await unsynced()).toBe(0);
  });

  it('retries a failed sync, then says the waiting sighting reached the server', async () => {
    await started();
    server.state.failing = true;
    const saved = await recordObservation(db, WREN, aSighting(robin, DAY));
    await store.dispatch(syncMemberNow('asked'));
    expect(server.pushes).toEqual([[saved.id]]);
    expect(await unsynced()).toBe(1);

    // The engine's own retry (1 s later) delivers it, not a pass of the runtime.
    server.state.failing = false;
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_DELAY_MS);
    await eventuallyOnFakeClock(async () => {
      expect(await unsynced()).toBe(0);
      expect((await db.collection_marks.toArray()).map((mark) => mark.needs_retry)).toEqual([
        false,
        false,
        false,
      ]);
    });
    expect(pushedIds()).toEqual([saved.id, saved.id]);
    await eventuallyOnFakeClock(() => {
      expect(toast()).toBe(messages.syncedToApi);
    });
  });

  it('offline, keeps a save, asks for a Background Sync, and delivers it when back online', async () => {
    await started();
    store.dispatch(networkActions.wentOffline());
    const saved = await recordObservation(db, WREN, aSighting(robin, DAY));
    await eventuallyOnFakeClock(() => {
      expect(backgroundSyncs).toEqual([BACKGROUND_SYNC_TAG]);
    });
    await vi.advanceTimersByTimeAsync(WAITING_RETRY_MS);
    expect(server.pushes).toEqual([]);

    store.dispatch(networkActions.wentOnline());
    await eventuallyOnFakeClock(async () => {
      expect(await unsynced()).toBe(0);
    });
    expect(server.pushes).toEqual([[saved.id]]);
    await eventuallyOnFakeClock(() => {
      expect(toast()).toBe(messages.syncedToApi);
    });
  });

  it('stops on sign-out: no pass for a later save, nor on the timer', async () => {
    await started();
    store.dispatch(stopMemberSync());

    await recordObservation(db, WREN, aSighting(robin, DAY));
    await vi.advanceTimersByTimeAsync(WAITING_RETRY_MS);
    await store.dispatch(syncMemberNow('asked'));
    expect(pulls()).toHaveLength(1);
    expect(server.pushes).toEqual([]);
    expect(await unsynced()).toBe(1);
  });
});
