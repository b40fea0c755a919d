/**
 * The sync engine over a real Dexie (fake-indexeddb) and the app's real HTTP client; only the
 * network (a species collection answering like the server, with page size and failures under the
 * test's control) and the timers are stand-ins. The same engine against the real server:
 * tests/server/species-sync.test.ts.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { speciesOnList, type SpeciesCollectionFilter } from '@contract/species';
import type { SyncRecord } from '@contract/sync';
import { ApiError } from '../../api/ApiError';
import { fakeNetwork, type SentRequest } from '../../test/fakeNetwork';
import { guestApi } from '../../test/guestApi';
import { FieldmarkDB } from '../FieldmarkDB';
import { createSyncEngine, SERVER_LOADING_REPULL_MS, type SyncEngine, type SyncEvent } from './engine';
import { RETRY_FIRST_DELAY_MS, RETRY_INTERVAL_MS, type Timers } from './retry';
import { PULL_WRITE_SLICE, pullCollection } from './pull';
import { speciesCollection } from './species';
import {
  africanSavannaElephant,
  baldEagle,
  northernRaccoon,
  speciesRecord,
  tombstone,
  virginiaOpossum,
} from './speciesFixtures';
import { countReadwriteTransactions } from '../../test/countReadwrite';
import { eventually } from '../../test/waits';

const US_BIRDS_AND_MAMMALS = { classifications: ['Birds|IOC', 'Mammals|Larger'], location_ids: ['USA'] };
const ZAF_MAMMALS = { classifications: ['Mammals|Larger'], location_ids: ['ZAF'] };

/** The species collection as the server answers it: a change log paged by its position. */
function speciesServer() {
  const network = fakeNetwork();
  const log: SyncRecord[] = [];
  const state = {
    pageSize: 1000,
    failPulls: [] as number[],
    sendTotal: true,
    loading: undefined as { done: number; total: number } | undefined,
  };
  const pulls: URLSearchParams[] = [];
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => undefined;

  network.on('GET', 'collection/species', (request: SentRequest) => {
    const query = new URLSearchParams(request.path.split('?')[1]);
    pulls.push(query);
    if (state.failPulls.includes(pulls.length)) {
      return { status: 500, body: { status: 'failed', reason: 'Something went wrong.' } };
    }
    const filter = JSON.parse(query.get('filter') ?? 'null') as SpeciesCollectionFilter | null;
    const lastMod = Number(query.get('last_mod'));
    const matching = log
      .map((record, index) => ({ record, seq: index + 1 }))
      .filter(({ record, seq }) => {
        if (seq <= lastMod) return false;
        // A record changed again later is answered at its latest position only.
        if (log.slice(seq).some((later) => later.id === record.id)) return false;
        if (record.deleted || !filter) return true;
        return speciesOnList(record.data as never, filter.classifications, filter.location_ids);
      });
    const page = matching.slice(0, Math.min(state.pageSize, Number(query.get('limit'))));
    return {
      body: {
        status: 'success',
        records: page.map(({ record }) => record),
        more: matching.length > page.length,
        last_mod: page.at(-1)?.seq ?? lastMod,
        ...(state.sendTotal ? { total: matching.length } : {}),
        ...(state.loading ? { loading: state.loading } : {}),
      },
    };
  });

  const fetchThroughGate: typeof fetch = async (input, init) => {
    await gate;
    return network.fetch(input, init);
  };
  return {
    fetch: fetchThroughGate,
    log,
    state,
    pulls,
    /** Holds every request until `release()`. */
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release: () => {
      open();
    },
  };
}

/** Timers the test fires by hand (the injected clock of the retry scheduler). */
function manualTimers() {
  let next = 1;
  const waiting = new Map<number, { callback: () => void; ms: number }>();
  const timers: Timers = {
    setTimeout(callback, ms) {
      waiting.set(next, { callback, ms });
      return next++;
    },
    clearTimeout: (handle) => void waiting.delete(handle as number),
  };
  return {
    timers,
    delays: () => [...waiting.values()].map((timer) => timer.ms),
    fireAll() {
      const due = [...waiting.values()];
      waiting.clear();
      for (const timer of due) timer.callback();
    },
  };
}

/** The app's HTTP client over the test's server, signed out. */
const testApi = () => guestApi(server.fetch, () => online);

let counter = 0;
let db: FieldmarkDB;
let server: ReturnType<typeof speciesServer>;
let clock: ReturnType<typeof manualTimers>;
let online: boolean;
let events: SyncEvent[];
let writeTransactions: ReturnType<typeof countReadwriteTransactions>;
let engine: SyncEngine;

beforeEach(() => {
  counter += 1;
  db = new FieldmarkDB(`engine-test-${counter}.db`);
  writeTransactions = countReadwriteTransactions(db);
  server = speciesServer();
  clock = manualTimers();
  online = true;
  events = [];
  engine = createSyncEngine({
    db,
    api: testApi(),
    collections: [speciesCollection],
    isOnline: () => online,
    timers: clock.timers,
    onEvent: (event) => void events.push(event),
    log: () => undefined,
  });
});

afterEach(async () => {
  engine.dispose();
  db.close();
  await Dexie.delete(db.name);
});

const storedIds = async () => (await db.species.toCollection().primaryKeys()).sort();

describe('pull', () => {
  it('commits each answer with its cursor in one readwrite transaction and reports progress', async () => {
    server.log.push(speciesRecord(baldEagle), speciesRecord(virginiaOpossum), speciesRecord(northernRaccoon));
    server.log.push(speciesRecord(africanSavannaElephant)); // not in the US
    server.state.pageSize = 2;

    const result = await engine.sync('species', { filter: US_BIRDS_AND_MAMMALS });

    expect(result).toEqual({ received: 3, lastMod: 3, restarted: true, pushed: null });
    expect(await storedIds()).toEqual(['ioc-7769', 'mdd-1000023', 'mdd-1005892']);
    expect(writeTransactions.count()).toBe(2);
    expect(await db.collection_marks.get('species')).toEqual({
      collection: 'species',
      remote_mod: 3,
      filter_key: '{"classifications":["Birds|IOC","Mammals|Larger"],"location_ids":["USA"]}',
      local_mod: 0,
      needs_retry: false,
    });
    expect(events).toEqual([
      { type: 'started', collection: 'species' },
      { type: 'progress', collection: 'species', received: 0, total: 3 },
      { type: 'progress', collection: 'species', received: 2, total: 3 },
      { type: 'progress', collection: 'species', received: 3, total: 3 },
      { type: 'done', collection: 'species', received: 3, pushed: null },
    ]);
    expect(server.pulls.map((query) => query.get('last_mod'))).toEqual(['0', '2']);
  });

  it('pulls only what changed after its cursor next time, and writes nothing when nothing did', async () => {
    server.log.push(speciesRecord(baldEagle));
    await engine.sync('species', { filter: US_BIRDS_AND_MAMMALS });
    writeTransactions.reset();

    await engine.sync('species', { filter: US_BIRDS_AND_MAMMALS });
    expect(server.pulls.at(-1)?.get('last_mod')).toBe('1');
    expect(writeTransactions.count()).toBe(0);

    server.log.push(speciesRecord(virginiaOpossum));
    expect(await engine.sync('species', { filter: US_BIRDS_AND_MAMMALS })).toMatchObject({ received: 1 });
    expect(await storedIds()).toEqual(['ioc-7769', 'mdd-1000023']);
  });

  it('removes a row the server deleted, and only that row', async () => {
    server.log.push(speciesRecord(baldEagle), speciesRecord(northernRaccoon));
    await engine.sync('species', { filter: US_BIRDS_AND_MAMMALS });
    server.log.push(tombstone(northernRaccoon._id));

    await engine.sync('species', { filter: US_BIRDS_AND_MAMMALS });
    expect(await storedIds()).toEqual(['ioc-7769']);
  });

  it('restarts from 0 under a new filter and drops the rows outside it', async () => {
    server.log.push(
      speciesRecord(baldEagle),
      speciesRecord(virginiaOpossum),
      speciesRecord(africanSavannaElephant),
    );
    await engine.sync('species', { filter: US_BIRDS_AND_MAMMALS });
    expect(await storedIds()).toEqual(['ioc-7769', 'mdd-1000023']);

    const result = await engine.sync('species', { filter: ZAF_MAMMALS });
    expect(result).toMatchObject({ restarted: true, received: 1 });
    expect(server.pulls.at(-1)?.get('last_mod')).toBe('0');
    expect(await storedIds()).toEqual(['mdd-1000522']);
  });

  it('writes a large page of reference rows in slices, the cursor with the last one', async () => {
    // Test-made copies of one real species, enough to need three slices.
    const count = PULL_WRITE_SLICE * 2 + 20;
    for (let n = 0; n < count; n += 1) {
      server.log.push(speciesRecord({ ...baldEagle, _id: `test-slice-${String(n).padStart(3, '0')}` }));
    }
    const result = await engine.sync('species', { filter: US_BIRDS_AND_MAMMALS });
    expect(result).toMatchObject({ received: count, lastMod: count });
    expect(await db.species.count()).toBe(count);
    expect(writeTransactions.count()).toBe(3);
    expect(await db.collection_marks.get('species')).toMatchObject({ remote_mod: count });
  });

  it('writes such a page in one transaction when asked to (the species pull worker)', async () => {
    const count = PULL_WRITE_SLICE * 2 + 20;
    for (let n = 0; n < count; n += 1) {
      server.log.push(speciesRecord({ ...baldEagle, _id: `test-whole-${String(n).padStart(3, '0')}` }));
    }
    const result = await pullCollection({ db, api: testApi() }, speciesCollection, {
      filter: US_BIRDS_AND_MAMMALS,
      sliceWrites: false,
    });
    expect(result).toMatchObject({ received: count, lastMod: count });
    expect(await db.species.count()).toBe(count);
    expect(writeTransactions.count()).toBe(1);
  });

  it('reports progress without a total when the server sends none', async () => {
    server.state.sendTotal = false;
    server.log.push(speciesRecord(baldEagle));
    await engine.sync('species', { filter: US_BIRDS_AND_MAMMALS });
    expect(events).toContainEqual({ type: 'progress', collection: 'species', received: 1 });
  });
});

describe('one pull per collection at a time', () => {
  it('joins a request for the pull already running', async () => {
    server.log.push(speciesRecord(baldEagle));
    server.hold();
    const first = engine.sync('species', { filter: US_BIRDS_AND_MAMMALS });
    const second = engine.sync('species', {
      filter: { location_ids: ['USA'], classifications: ['Birds|IOC', 'Mammals|Larger'] },
    });
    server.release();

    expect(await second).toEqual(await first);
    expect(server.pulls).toHaveLength(1);
  });

  it('runs a request with another filter after the running one; the latest waiting request wins', async () => {
    server.log.push(speciesRecord(baldEagle), speciesRecord(africanSavannaElephant));
    server.hold();
    const running = engine.sync('species', { filter: US_BIRDS_AND_MAMMALS });
    const replaced = engine.sync('species', {
      filter: { classifications: ['Reptiles'], location_ids: ['USA'] },
    });
    const latest = engine.sync('species', { filter: ZAF_MAMMALS });
    server.release();

    await running;
    expect(await replaced).toBe(await latest);
    expect(server.pulls.map((query) => query.get('filter'))).toEqual([
      JSON.stringify(US_BIRDS_AND_MAMMALS),
      JSON.stringify(ZAF_MAMMALS),
    ]);
    expect(await storedIds()).toEqual(['mdd-1000522']);
  });

  it('makes a background refresh join the waiting request instead of pulling the old filter', async () => {
    server.log.push(speciesRecord(baldEagle), speciesRecord(africanSavannaElephant));
    await engine.sync('species', { filter: US_BIRDS_AND_MAMMALS });
    server.hold();
    const running = engine.sync('species', { filter: US_BIRDS_AND_MAMMALS });
    const chosen = engine.sync('species', { filter: ZAF_MAMMALS });
    const refreshed = engine.syncMarked();
    server.release();

    await Promise.all([running, chosen]);
    expect(await refreshed).toBe(true);
    expect((await db.collection_marks.get('species'))?.filter_key).toBe(JSON.stringify(ZAF_MAMMALS));
    expect(await storedIds()).toEqual(['mdd-1000522']);
  });
});

describe('a server still loading the collection', () => {
  it('keeps what came, pulls again every 10 s while it loads, and stops once it has loaded', async () => {
    server.log.push(speciesRecord(baldEagle));
    server.state.loading = { done: 1, total: 2 };

    const first = await engine.sync('species', { filter: US_BIRDS_AND_MAMMALS });
    expect(first.serverLoading).toEqual({ done: 1, total: 2 });
    expect(events.at(-1)).toMatchObject({ type: 'done', serverLoading: { done: 1, total: 2 } });
    expect(await storedIds()).toEqual(['ioc-7769']);
    expect(clock.delays()).toEqual([SERVER_LOADING_REPULL_MS]);

    // The server stores the rest and says it is done: the next pull brings it, and no other follows.
    server.log.push(speciesRecord(northernRaccoon));
    server.state.loading = undefined;
    clock.fireAll();
    await eventually(async () => {
      expect(server.pulls).toHaveLength(2);
      expect(server.pulls[1]?.get('last_mod')).toBe('1');
      expect(await storedIds()).toHaveLength(2);
      expect(events.at(-1)).toMatchObject({ type: 'done' });
    });
    expect(events.at(-1)).not.toHaveProperty('serverLoading');
    expect(clock.delays()).toEqual([]);
  });
});

describe('failures', () => {
  it('flags a failed pull and retries it 1000 ms later, then every 60000 ms', async () => {
    server.log.push(speciesRecord(baldEagle));
    server.state.failPulls = [1, 2];

    await expect(engine.sync('species', { filter: US_BIRDS_AND_MAMMALS })).rejects.toThrow(ApiError);
    expect(await db.collection_marks.get('species')).toMatchObject({ needs_retry: true, remote_mod: 0 });
    expect(clock.delays()).toEqual([RETRY_FIRST_DELAY_MS]);

    clock.fireAll(); // the retry fails too
    await eventually(() => {
      expect(server.pulls).toHaveLength(2);
      expect(clock.delays()).toEqual([RETRY_INTERVAL_MS]);
    });

    clock.fireAll();
    await eventually(async () => {
      expect(await storedIds()).toEqual(['ioc-7769']);
      expect(await db.collection_marks.get('species')).toMatchObject({ needs_retry: false, remote_mod: 1 });
      expect(clock.delays()).toEqual([]);
    });
  });

  it('offline, sends nothing, flags the collection and keeps the new filter for the retry', async () => {
    server.log.push(speciesRecord(baldEagle), speciesRecord(africanSavannaElephant));
    await engine.sync('species', { filter: US_BIRDS_AND_MAMMALS });
    online = false;

    const failure = engine.sync('species', { filter: ZAF_MAMMALS });
    await expect(failure).rejects.toSatisfy((error) => error instanceof ApiError && error.isOffline);
    expect(server.pulls).toHaveLength(1);
    expect(await db.collection_marks.get('species')).toMatchObject({
      needs_retry: true,
      remote_mod: 0,
      filter_key: JSON.stringify(ZAF_MAMMALS),
    });
    clock.fireAll(); // offline: the retry does not run
    // No wait: the scheduler asks isOnline() as its timer fires, before anything async (retry.ts).
    expect(server.pulls).toHaveLength(1);

    online = true;
    expect(await engine.syncMarked()).toBe(true); // what going online does
    expect(await storedIds()).toEqual(['mdd-1000522']);
    expect(await db.collection_marks.get('species')).toMatchObject({ needs_retry: false });
  });

  it('resumes from the last committed batch after a failure mid-pull', async () => {
    server.log.push(speciesRecord(baldEagle), speciesRecord(virginiaOpossum), speciesRecord(northernRaccoon));
    server.state.pageSize = 2;
    server.state.failPulls = [2];

    await expect(engine.sync('species', { filter: US_BIRDS_AND_MAMMALS })).rejects.toThrow(ApiError);
    expect(await storedIds()).toEqual(['ioc-7769', 'mdd-1000023']);
    expect(await db.collection_marks.get('species')).toMatchObject({ remote_mod: 2, needs_retry: true });

    expect(await engine.sync('species', { filter: US_BIRDS_AND_MAMMALS })).toEqual({
      received: 1,
      lastMod: 3,
      restarted: false,
      pushed: null,
    });
    expect(server.pulls.map((query) => query.get('last_mod'))).toEqual(['0', '2', '2']);
    expect(await storedIds()).toEqual(['ioc-7769', 'mdd-1000023', 'mdd-1005892']);
  });

  it('refuses a collection it does not know', () => {
    expect(() => engine.sync('sightings')).toThrow(/does not know the collection 'sightings'/);
  });
});
