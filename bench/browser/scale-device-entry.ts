/**
 * The browser half of the device figures of `npm run bench:scale` (bench/scaleDevice.ts builds this
 * file with Vite and serves it to headless Chromium):
 * - `sync`: a member's sightings from the server into a fresh Dexie, as after sign-in — the app's
 *   pull (src/db/sync pullCollection + the sightings descriptor, lifers settled at the end) through
 *   the app's HTTP client;
 * - `list`: what `/observations` reads before it can show its first rows (ownSightingReads.ts: the
 *   newest page, the count, the species choices), beside what it read before issue 25 4b (every own
 *   sighting, newest first).
 */
import { Dexie } from 'dexie';
import { createApiClient } from '../../src/api/client';
import { FieldmarkDB } from '../../src/db/FieldmarkDB';
import { memberFilterOf, observationsCollection, pullCollection } from '../../src/db/sync';
import {
  OWN_PAGE_SIZE,
  ownSightingsCount,
  ownSightingsPage,
  ownSpeciesIds,
  unsyncedOf,
} from '../../src/features/observations/list/ownSightingReads';
import { memberTokens } from '../../src/test/memberTokens';

interface DeviceOptions {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  token: string;
  userId: string;
  name: string;
}

async function sync(options: DeviceOptions) {
  await Dexie.delete(options.name);
  const db = new FieldmarkDB(options.name);
  await db.open();
  const api = createApiClient({
    baseUrl: options.apiBase,
    fetch: globalThis.fetch.bind(globalThis),
    tokens: memberTokens({ auth_token: options.token }),
    now: () => Date.now(),
    isOnline: () => true,
    clientCredentials: { clientId: options.clientId, clientSecret: options.clientSecret },
  });
  const started = performance.now();
  const result = await pullCollection({ db, api }, observationsCollection, {
    filter: memberFilterOf(options.userId),
  });
  const ms = performance.now() - started;
  const stored = await db.species_observations.count();
  const lifers = await db.dirty.count();
  db.close();
  return { ms, received: result.received, stored, lifers };
}

async function list(options: DeviceOptions) {
  const db = new FieldmarkDB(options.name);
  await db.open();
  const { userId } = options;
  const started = performance.now();
  const { tombstones } = await unsyncedOf(db, userId);
  const [page, count] = await Promise.all([
    ownSightingsPage(db, userId, {}, OWN_PAGE_SIZE, tombstones),
    ownSightingsCount(db, userId, {}, tombstones),
  ]);
  const pageMs = performance.now() - started;
  const { speciesIds } = await ownSpeciesIds(db, userId, tombstones);
  const choicesMs = performance.now() - started;
  const before = performance.now();
  const all = await db.species_observations
    .where('[user_id+date]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse()
    .toArray();
  const everyMs = performance.now() - before;
  db.close();
  await Dexie.delete(options.name);
  return {
    pageMs,
    choicesMs,
    everyMs,
    rows: page.rows.length,
    count,
    species: speciesIds.length,
    every: all.length,
  };
}

declare global {
  interface Window {
    fieldmarkDevice: { sync: typeof sync; list: typeof list };
  }
}
window.fieldmarkDevice = { sync, list };
