/**
 * The client sync engine (src/db/sync) against the REAL server: real HTTP on 127.0.0.1, the real
 * `species` collection over the demo extract, the app's one HTTP client with a client token (a
 * guest syncs species after choosing a config), and a real Dexie on fake-indexeddb. Nothing of
 * ours is stood in for; the server is stopped for real to cut a sync short.
 */
import 'fake-indexeddb/auto';
import type { AddressInfo } from 'node:net';
import { Dexie } from 'dexie';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SYNC_BATCH_SIZE } from '@contract/sync';
import { createApiClient } from '../../src/api/client';
import { FieldmarkDB } from '../../src/db/FieldmarkDB';
import {
  createSyncEngine,
  PULL_WRITE_SLICE,
  speciesCollection,
  speciesFilterOf,
  type SyncEngine,
  type SyncEvent,
} from '../../src/db/sync';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { api, bearer, buildTestApp, createMember, signIn, type TestApp } from './helpers';
import { clientOnlyTokens } from '../../src/api/clientOnlyTokens';
import { countReadwriteTransactions } from '../../src/test/countReadwrite';
import { present } from '../../src/test/present';

const USA = { location_id: 'USA', name: 'United States of America' };
const ZAF = { location_id: 'ZAF', name: 'South Africa' };
/** US birds (IOC) and all mammals, as the config dialog stores them. */
const US_FILTER = present(
  speciesFilterOf({ location: USA, species: ['Birds|IOC', 'Mammals|All'] }),
  'a filter',
);
const ZAF_FILTER = present(speciesFilterOf({ location: ZAF, species: ['Mammals|Larger'] }), 'a filter');

let t: TestApp;
let baseUrl: string;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  baseUrl = await t.listen();
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** The species the server holds for these classification ids at this location, by SQL. */
async function expectedIds(classificationIds: string[], locationId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT s.id FROM species s
    WHERE NOT s.deleted
      AND s.classifications && ${sql.val(classificationIds)}::text[]
      AND EXISTS (SELECT 1 FROM species_locations sl WHERE sl.species_id = s.id AND sl.location_id = ${locationId})
    ORDER BY s.id`.execute(t.db);
  return rows.map((row) => row.id).sort();
}

let counter = 0;
let db: FieldmarkDB;
let engine: SyncEngine;
let events: SyncEvent[];
/** Query strings of the pulls that went out. */
let pulls: URLSearchParams[];
let readwrite: ReturnType<typeof countReadwriteTransactions>;
/** Called with each pull request before it goes out (the test may stop the server there). */
let beforePull: ((count: number) => void) | undefined;

beforeEach(() => {
  counter += 1;
  db = new FieldmarkDB(`species-sync-${counter}.db`);
  readwrite = countReadwriteTransactions(db);
  events = [];
  pulls = [];
  beforePull = undefined;
  const recordingFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    if (url.pathname.endsWith('/collection/species')) {
      pulls.push(url.searchParams);
      beforePull?.(pulls.length);
    }
    return fetch(input, init);
  };
  engine = createSyncEngine({
    db,
    api: createApiClient({
      baseUrl: `${baseUrl}/api/v1.0/`,
      fetch: recordingFetch,
      tokens: clientOnlyTokens(),
      now: () => t.clock.now(),
      isOnline: () => true,
      clientCredentials: { clientId: t.config.clientId, clientSecret: t.config.clientSecret },
      retries: 0,
    }),
    collections: [speciesCollection],
    isOnline: () => true,
    onEvent: (event) => void events.push(event),
    log: () => undefined,
  });
});

afterEach(async () => {
  engine.dispose();
  db.close();
  await Dexie.delete(db.name);
});

const localIds = async () => (await db.species.toCollection().primaryKeys()).sort();

describe('the species sync against the real server', () => {
  it('lands every species of the list once and nothing else, in slices of a batch', async () => {
    const expected = await expectedIds(['birds-ioc', 'mammals-all'], 'USA');
    expect(expected.length).toBeGreaterThan(SYNC_BATCH_SIZE); // more than one batch

    const result = await engine.sync('species', { filter: US_FILTER });

    expect(await localIds()).toEqual(expected);
    expect(result.received).toBe(expected.length); // no record answered twice
    // Reference rows go in slices (PULL_WRITE_SLICE), the last one of each batch with its cursor.
    const batches = Math.ceil(expected.length / SYNC_BATCH_SIZE);
    expect(readwrite.count()).toBeLessThanOrEqual(
      Math.ceil(expected.length / PULL_WRITE_SLICE) + batches + 1,
    );
    expect(pulls.map((query) => JSON.parse(query.get('filter') ?? 'null') as unknown)).toEqual(
      pulls.map(() => US_FILTER),
    );
    const elephantSeal = await db.species.get('mdd-1005918');
    expect(elephantSeal).toMatchObject({
      scientific_name: 'Mirounga angustirostris',
      group_id: 'mammals',
      classifications: expect.arrayContaining(['Mammals|All']) as unknown,
    });
    expect(elephantSeal?.location_ids).toContain('USA');
    expect(elephantSeal?.tokens).toEqual(expect.arrayContaining(['mirounga', 'angustirostris']));
    expect(await db.collection_marks.get('species')).toMatchObject({ needs_retry: false });
  });

  it('resumes an interrupted sync from the last committed batch, with nothing duplicated', async () => {
    const expected = await expectedIds(['birds-ioc', 'mammals-all'], 'USA');
    // The server goes away as the second page is asked for (the engine asks for it while it
    // writes the first).
    beforePull = (count) => {
      if (count === 2) {
        t.app.server.close();
        t.app.server.closeAllConnections();
      }
    };
    await expect(engine.sync('species', { filter: US_FILTER })).rejects.toMatchObject({ isOffline: true });
    const afterFirst = await localIds();
    expect(afterFirst).toHaveLength(SYNC_BATCH_SIZE);
    const mark = await db.collection_marks.get('species');
    expect(mark).toMatchObject({ needs_retry: true });
    expect(mark?.remote_mod).toBeGreaterThan(0);

    beforePull = undefined;
    await new Promise<void>((resolve) => t.app.server.listen(port, '127.0.0.1', resolve));
    const resumed = await engine.sync('species', { filter: US_FILTER });

    expect(pulls.at(-1)?.get('last_mod')).not.toBe('0');
    expect(resumed.received).toBe(expected.length - SYNC_BATCH_SIZE);
    expect(await localIds()).toEqual(expected);
    expect(await db.collection_marks.get('species')).toMatchObject({ needs_retry: false });
  });

  it('removes the local row of a species the server deleted', async () => {
    await engine.sync('species', { filter: US_FILTER });
    const raccoon = await db.species.get('mdd-1005892');
    expect(raccoon?.scientific_name).toBe('Procyon lotor');
    const raccoonId = present(raccoon, 'the raccoon').id;

    const admin = await createMember(t, { roles: ['member', 'admin'] });
    const { auth_token } = await signIn(t, admin);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: api(`/species/${raccoonId}`),
      headers: bearer(auth_token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const result = await engine.sync('species', { filter: US_FILTER });
    expect(result).toMatchObject({ received: 1, restarted: false });
    expect(await db.species.get(raccoonId)).toBeUndefined();
    expect(await db.species.count()).toBe((await expectedIds(['birds-ioc', 'mammals-all'], 'USA')).length);
  });

  it('restarts from 0 when the filter changes, keeping only the new list', async () => {
    await engine.sync('species', { filter: US_FILTER });
    const started = pulls.length;

    const result = await engine.sync('species', { filter: ZAF_FILTER });

    expect(result.restarted).toBe(true);
    expect(pulls[started]?.get('last_mod')).toBe('0');
    const expected = await expectedIds(['mammals-larger'], 'ZAF');
    expect(expected).toContain('mdd-1000522'); // Loxodonta africana
    expect(await localIds()).toEqual(expected);
  });
});
