/**
 * SPEC §4 "On user:login": the member's sightings (up to 500) are fetched once, only when the device
 * holds none of theirs, and each is stored as a synced row. The real server over HTTP, the app's
 * HTTP client signed in as a real member, Dexie on fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import { FieldmarkDB } from '../../src/db/FieldmarkDB';
import { recordObservation } from '../../src/features/observations/observationsRepo';
import { fetchInitialObservations } from '../../src/features/sync/initialFetch';
import { memberApiClient } from '../../src/test/memberTokens';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { buildTestApp, createMember, signIn, type TestApp } from './helpers';
import { BALD_EAGLE, createObservation, sightingBody, WHITE_TAILED_DEER } from './observation-helpers';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  baseUrl = await t.listen();
});
afterAll(() => t.close());

let counter = 0;
let db: FieldmarkDB;
let client: ApiClient;
let member: { id: string; token: string };
let requests: string[];

beforeEach(async () => {
  counter += 1;
  db = new FieldmarkDB(`initial-fetch-${counter}.db`);
  const created = await createMember(t);
  const login = await signIn(t, created);
  member = { id: created.id, token: login.auth_token };
  requests = [];
  client = memberApiClient(baseUrl, login, {
    fetch: (input, init) => {
      requests.push(new URL(input instanceof Request ? input.url : input.toString()).pathname);
      return fetch(input, init);
    },
  });
});

describe('the initial fetch of a member’s sightings', () => {
  it('stores the member’s sightings as synced rows when the device has none of theirs', async () => {
    const ids = ['8f7b9e44-3c51-4d1e-9a7e-1b2c3d4e5f60', '8f7b9e44-3c51-4d1e-9a7e-1b2c3d4e5f61'] as const;
    expect((await createObservation(t, member.token, BALD_EAGLE, sightingBody(ids[0]))).statusCode).toBe(200);
    expect(
      (
        await createObservation(
          t,
          member.token,
          WHITE_TAILED_DEER,
          sightingBody(ids[1], { date: 1_767_300_000 }),
        )
      ).statusCode,
    ).toBe(200);

    expect(await fetchInitialObservations(db, client, member.id)).toBe(2);
    const rows = await db.species_observations.where('user_id').equals(member.id).toArray();
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(rows.every((row) => /^1_api$/.test(row.rev) && row.lifer)).toBe(true);
    expect(await db.dirty.count()).toBe(0); // they came from the server: nothing to push
  });

  it('asks nothing when the device already holds a sighting of the member', async () => {
    await recordObservation(db, member.id, {
      species_id: BALD_EAGLE,
      taxa: { classification: 'Birds|IOC', group_name: 'Birds', name: 'Haliaeetus leucocephalus' },
      coordinate: null,
      coordinate_hidden: true,
      date: 1_767_225_600,
      public: false,
      note: '',
    });
    expect(await fetchInitialObservations(db, client, member.id)).toBe(0);
    expect(requests.filter((path) => path.endsWith('/observations'))).toEqual([]);
  });
});
