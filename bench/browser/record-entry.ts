/**
 * The browser half of `npm run bench:record` (bench/record.ts builds this file with Vite and serves
 * it to headless Chromium with a persistent, on-disk profile). Two ways of saving one sighting:
 * - `subject`: the app's real save — quickRecord (src/features/observations/quickRecord.ts) with a
 *   fix already in hand, i.e. recordObservation's one readwrite transaction (for a new sighting,
 *   without Dexie: src/features/observations/newSightingDirect.ts, then the 'storagemutated' notice
 *   to Dexie's live queries): the row with its next revision, its dirty mark, the trips covering its
 *   date and the lifer rule over the member's sightings of the species — into the real FieldmarkDB
 *   schema, which already holds `existing` synced sightings of that member and species (the lifer
 *   check reads the first few) and `trips` past trips of the member (none covers now; the trip
 *   links read only trips not ended yet);
 * - `floor`: a raw IndexedDB put of a record of the same JSON size in its own readwrite transaction
 *   with `durability: 'strict'`, as the save's transaction gets (FieldmarkDB's STRICT_STORES), into a
 *   store without indexes;
 * - `sameWork` (a reference, not the goal's floor): the requests recordObservation makes, issued as
 *   it issues them, in one hand-written readwrite transaction over the same app.db stores — what
 *   the save's requests cost without the app's own work around them (building the row, the lifer
 *   and trip decisions, the notice).
 * The subject also counts the IndexedDB requests it makes, on IndexedDB's own object-store and
 * index methods: the save issues them through Dexie or, for a new sighting, directly.
 * Each block times `count` saves one after the other; the rows a block added are removed after it
 * (untimed), so every block starts from the same table.
 */
import { Dexie } from 'dexie';
import { directTransaction } from '../../src/db/direct';
import { FieldmarkDB } from '../../src/db/FieldmarkDB';
import type { ObservationRow, TripRow } from '../../src/db/rows';
import { NEW_SIGHTING_STORES } from '../../src/features/observations/newSightingDirect';
import { quickRecord, type QuickSpecies } from '../../src/features/observations/quickRecord';
import { demoSpecies } from '../../src/features/species/testSpecies';
import { present } from '../../server/present';

const DB_NAME = 'bench-record';
const FLOOR_DB_NAME = 'bench-record-floor';
const USER_ID = '0190a3c2-7b4e-7c1a-9f3e-000000000001';

/** The demo Bald Eagle as a member with the IOC list holds it. */
const eagleRow = demoSpecies('Haliaeetus leucocephalus');
const EAGLE: QuickSpecies = {
  id: eagleRow.id,
  name: eagleRow.name,
  scientific_name: eagleRow.scientific_name,
  photo: eagleRow.photo,
  taxa: {
    ...eagleRow.taxa,
    classification: 'Birds|IOC',
    group_name: 'Birds',
    name: 'Haliaeetus leucocephalus',
  },
};
/** Near Ellensburg, Washington. */
const FIX = { lat: 46.9965144, lng: -120.5481235, accuracy: 4.5 };

let db: FieldmarkDB | null = null;
let floorDb: IDBDatabase | null = null;
/** A second connection to the subject's database, for `sameWork`. */
let rawAppDb: IDBDatabase | null = null;

/** The app's database, opened by `setup` before any measurement. */
const appDb = () => present(db, 'the app database');

let requests = 0;
let countingRequests = false;
let savedSize = 0;

/** Counts the requests made through IndexedDB's object-store and index methods while counting. */
function countIndexedDbRequests() {
  const methods = ['get', 'getAll', 'getAllKeys', 'getKey', 'count', 'openCursor', 'openKeyCursor'];
  const writes = ['put', 'add', 'delete', 'clear'];
  const wrap = (prototype: object, names: string[]) => {
    for (const name of names) {
      const original = Reflect.get(prototype, name) as ((...args: unknown[]) => unknown) | undefined;
      if (typeof original !== 'function') continue;
      Reflect.set(prototype, name, function (this: unknown, ...args: unknown[]) {
        if (countingRequests) requests += 1;
        return original.apply(this, args);
      });
    }
  };
  wrap(IDBObjectStore.prototype, [...methods, ...writes]);
  wrap(IDBIndex.prototype, methods);
}
countIndexedDbRequests();

function idbRequest<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => {
      resolve(request.result);
    };
    request.onerror = () => {
      reject(request.error ?? new Error('IndexedDB request failed'));
    };
  });
}

/** `existing` earlier sightings of the eagle by the member, as a pull would have stored them. */
function existingRows(existing: number): ObservationRow[] {
  const first = Math.floor(Date.UTC(2024, 0, 1) / 1000);
  return Array.from({ length: existing }, (_, index) => {
    const id = `0190a3c2-0000-7000-8000-${String(index).padStart(12, '0')}`;
    const date = first + index * 3600;
    return {
      id,
      observation_id: id,
      user_id: USER_ID,
      species_id: EAGLE.id,
      taxa: EAGLE.taxa,
      coordinate: { type: 'Point', coordinates: [FIX.lng, FIX.lat], accuracy: FIX.accuracy, time: date },
      coordinate_hidden: false,
      date,
      public: true,
      lifer: index === 0,
      note: `Quick record: ${EAGLE.name} (${EAGLE.scientific_name}), seen earlier.`,
      media: [],
      location: null,
      trips: [],
      created: date,
      updated: date,
      rev: '1_dseedseedseed',
    } satisfies ObservationRow;
  });
}

/** `count` past weekend trips of the member, one a month from last month back, as a pull stores them. */
function pastTrips(count: number): TripRow[] {
  const thisMonth = new Date();
  thisMonth.setUTCDate(1);
  return Array.from({ length: count }, (_, index) => {
    const id = `0190a3c2-0000-7000-9000-${String(index).padStart(12, '0')}`;
    const start = Math.floor(
      Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - 1 - index, 6) / 1000,
    );
    return {
      id,
      trip_id: id,
      user_id: USER_ID,
      name: `Weekend ${index + 1}`,
      date_start: start,
      date_end: start + 2 * 86_400 - 1,
      note: '',
      created: start,
      updated: start,
      rev: '1_dseedseedseed',
    } satisfies TripRow;
  });
}

async function setup(existing: number, trips: number) {
  db?.close();
  floorDb?.close();
  rawAppDb?.close();
  await Dexie.delete(DB_NAME);
  db = new FieldmarkDB(DB_NAME);
  await db.open();
  await db.species_observations.bulkPut(existingRows(existing));
  await db.trips.bulkPut(pastTrips(trips));

  await idbRequest(indexedDB.deleteDatabase(FLOOR_DB_NAME));
  const open = indexedDB.open(FLOOR_DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore('records', { keyPath: 'id' });
  floorDb = await idbRequest(open);
  rawAppDb = await idbRequest(indexedDB.open(DB_NAME));

  // One save to learn the stored row's size (the floor writes records of that size), undone.
  const probe = await quickRecord(db, USER_ID, EAGLE, { ...FIX, time: Date.now() });
  savedSize = JSON.stringify(probe.observation).length;
  await removeSaved([probe.observation.id]);
  return {
    existing: await db.species_observations
      .where('[user_id+species_id+date]')
      .between([USER_ID, EAGLE.id, -Infinity], [USER_ID, EAGLE.id, Infinity])
      .count(),
    trips: await db.trips.where('user_id').equals(USER_ID).count(),
    rowBytes: savedSize,
    // What IndexedDB reports for a readwrite transaction of each side ('default': Chromium's).
    durability: {
      dexie: await db.transaction('rw', db.species_observations, db.dirty, (tx) => tx.idbtrans.durability),
      direct: directDurability(),
      floor: floorDb.transaction('records', 'readwrite', { durability: 'strict' }).durability,
    },
  };
}

/** The durability of the transaction a new sighting's direct save opens (none is written). */
function directDurability() {
  const transaction = directTransaction(appDb(), NEW_SIGHTING_STORES);
  transaction?.abort();
  return transaction?.durability ?? 'closed';
}

async function removeSaved(ids: string[]) {
  const database = appDb();
  await database.transaction('rw', database.species_observations, database.dirty, async () => {
    await database.species_observations.bulkDelete(ids);
    await database.dirty.bulkDelete(ids.map((id) => ['species_observations', id] as [string, string]));
  });
}

/** `count` real saves, each timed from the call to its committed transaction. */
async function subject(count: number) {
  const times: number[] = [];
  const ids: string[] = [];
  let lifers = 0;
  requests = 0;
  countingRequests = true;
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const { observation } = await quickRecord(appDb(), USER_ID, EAGLE, { ...FIX, time: Date.now() });
    times.push(performance.now() - started);
    ids.push(observation.id);
    if (observation.lifer) lifers += 1;
  }
  countingRequests = false;
  const requestsPerSave = requests / count; // before the check and the clean-up below add theirs
  const dirty = await appDb().dirty.count();
  await removeSaved(ids);
  return { times, dirty, lifers, requestsPerSave };
}

/**
 * recordObservation's requests for a new sighting that is neither a lifer nor in a trip, issued as
 * it issues them: in one round, side by side — the trips covering the date, the species' first
 * few sightings (the lifer rule), the row and its dirty mark.
 */
async function sameWork(count: number) {
  const times: number[] = [];
  const ids: string[] = [];
  const template = present(existingRows(1)[0]);
  for (let index = 0; index < count; index += 1) {
    const id = crypto.randomUUID();
    const now = Date.now();
    const date = Math.floor(now / 1000);
    const started = performance.now();
    const transaction = present(rawAppDb, 'the app database opened raw').transaction(
      ['species_observations', 'dirty', 'trips', 'photo_uploads'],
      'readwrite',
      { durability: 'strict' },
    );
    const observations = transaction.objectStore('species_observations');
    const dirty = transaction.objectStore('dirty');
    const row = { ...template, id, observation_id: id, date, lifer: false, rev: '1_dbenchraw0000' };
    await Promise.all([
      idbRequest(
        transaction
          .objectStore('trips')
          .index('[user_id+date_end]')
          .getAll(IDBKeyRange.bound([USER_ID, date], [USER_ID, []])),
      ),
      idbRequest(
        observations
          .index('[user_id+species_id+date]')
          .getAll(IDBKeyRange.bound([USER_ID, EAGLE.id, -Infinity], [USER_ID, EAGLE.id, Infinity]), 4),
      ),
      idbRequest(observations.put(row)),
      idbRequest(
        dirty.put({ collection: 'species_observations', id, user_id: USER_ID, rev: row.rev, since: now }),
      ),
    ]);
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => {
        resolve();
      };
      transaction.onerror = () => {
        reject(transaction.error ?? new Error('transaction failed'));
      };
    });
    times.push(performance.now() - started);
    ids.push(id);
  }
  await removeSaved(ids);
  return { times };
}

/** `count` raw puts of a record of the saved row's size, each in its own readwrite transaction. */
async function floor(count: number) {
  const times: number[] = [];
  const base = { id: '', user_id: USER_ID, padding: '' };
  const padding = 'x'.repeat(Math.max(0, savedSize - JSON.stringify(base).length - 36));
  for (let index = 0; index < count; index += 1) {
    const record = { ...base, id: crypto.randomUUID(), padding };
    const started = performance.now();
    const transaction = present(floorDb, 'the floor database').transaction('records', 'readwrite', {
      durability: 'strict',
    });
    transaction.objectStore('records').put(record);
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => {
        resolve();
      };
      transaction.onerror = () => {
        reject(transaction.error ?? new Error('transaction failed'));
      };
      transaction.onabort = () => {
        reject(transaction.error ?? new Error('transaction aborted'));
      };
    });
    times.push(performance.now() - started);
  }
  const clear = present(floorDb, 'the floor database').transaction('records', 'readwrite');
  clear.objectStore('records').clear();
  await new Promise<void>((resolve) => {
    clear.oncomplete = () => {
      resolve();
    };
  });
  return { times, recordBytes: JSON.stringify({ ...base, id: crypto.randomUUID(), padding }).length };
}

declare global {
  interface Window {
    fieldmarkRecordBench: {
      setup: typeof setup;
      subject: typeof subject;
      floor: typeof floor;
      sameWork: typeof sameWork;
    };
  }
}
window.fieldmarkRecordBench = { setup, subject, floor, sameWork };
