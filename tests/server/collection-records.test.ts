/**
 * What a pushed record must be (issue 25, server/plugins/app/collections/record-checks.ts): a NUL
 * or a lone surrogate anywhere, data over 64 KB, or data that is not its collection's schema (or not
 * the pushing member's) refuses the push with 400, naming each such record in `refused`, and stores
 * nothing of the batch; the same batch without them is stored. Before, a NUL in one note made the
 * push answer 500 every time and store neither record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Observation } from '@contract/observations';
import type { PullResponse, PushRecord, PushRefused } from '@contract/sync';
import type { Trip } from '@contract/trips';
import { sql } from 'kysely';
import { findRecordProblems } from '../../server/commands/records';
import { RECORD_DATA_MAX_BYTES } from '../../server/plugins/app/collections/record-checks';
import { api, bearer, buildTestApp, type TestApp } from './helpers';
import { createSyncMember, type SyncMember } from './sync-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function sighting(member: SyncMember, id: string, note = ''): PushRecord {
  const data: Observation = {
    observation_id: id,
    user_id: member.id,
    species_id: 'avibase-fed3756c',
    taxa: { classification: 'Birds|IOC', group_name: 'Birds', name: 'Haliaeetus leucocephalus' },
    coordinate: { type: 'Point', coordinates: [-120.5481235, 46.9965144] },
    coordinate_hidden: false,
    date: 1_700_000_000,
    public: true,
    lifer: true,
    note,
    media: [],
    trips: [],
  };
  return { id, rev: '1_dev1', deleted: false, data };
}

function trip(member: SyncMember, id: string, changes: Partial<Trip> = {}): PushRecord {
  const data: Trip = {
    trip_id: id,
    user_id: member.id,
    name: 'Kruger',
    date_start: 1_700_000_000,
    date_end: 1_700_086_400,
    note: '',
    ...changes,
  };
  return { id, rev: '1_dev1', deleted: false, data };
}

function push(token: string, data: unknown[], name = 'species_observations') {
  return t.app.inject({
    method: 'PUT',
    url: api(`/collection/${name}`),
    payload: { data },
    headers: bearer(token),
  });
}

async function storedIds(token: string, name = 'species_observations'): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: api(`/collection/${name}`),
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<PullResponse>()
    .records.map((record) => record.id)
    .sort();
}

/** Pushes a good record beside a bad one: 400 naming the bad one only, nothing stored. */
async function expectRefused(member: SyncMember, bad: PushRecord, field: RegExp, name?: string) {
  const good = name === 'trips' ? trip(member, 'good') : sighting(member, 'good');
  const response = await push(member.device1, [good, bad], name);
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<PushRefused>();
  expect(body.status).toBe('failed');
  expect(body.reason).toContain(`Record ${bad.id}: `);
  expect(body.refused).toEqual([
    { id: bad.id, rev: bad.rev, reason: expect.stringMatching(field) as string },
  ]);
  expect(await storedIds(member.device1, name)).toEqual([]);
  // The rest of the batch, sent again without it, is stored.
  expect((await push(member.device1, [good], name)).statusCode).toBe(200);
  expect(await storedIds(member.device1, name)).toEqual(['good']);
}

describe('PUT collection/{name}: records that cannot be stored', () => {
  it('refuses a note with U+0000 by its id, and stores the good record once it is sent alone', async () => {
    const m = await createSyncMember(t);
    await expectRefused(m, sighting(m, 'bad', 'a\u0000b'), /^note: contains a character/);
  });

  it('refuses a lone surrogate, in a value or in a key', async () => {
    const m = await createSyncMember(t);
    await expectRefused(m, sighting(m, 'bad', 'a\uD800b'), /^note: contains a character/);
    const n = await createSyncMember(t);
    const keyed = sighting(n, 'bad');
    keyed.data = { ...keyed.data, location: { last_mod: 1, names: { 'US\uDC00': 'Washington' } } };
    await expectRefused(n, keyed, /^location\.names\.US.*: contains a character/);
  });

  it('refuses a record whose id holds a NUL', async () => {
    const m = await createSyncMember(t);
    const bad = sighting(m, 'b\u0000d');
    const response = await push(m.device1, [sighting(m, 'good'), bad]);
    expect(response.statusCode).toBe(400);
    expect(response.json<PushRefused>().refused?.map((item) => item.rev)).toEqual(['1_dev1']);
    expect(await storedIds(m.device1)).toEqual([]);
  });

  it('refuses data over 64 KB, even when it is otherwise a sighting', async () => {
    const m = await createSyncMember(t);
    const big = sighting(m, 'bad');
    big.data = { ...big.data, padding: 'x'.repeat(RECORD_DATA_MAX_BYTES) };
    await expectRefused(m, big, /^data: must be at most 64 KB/);
  });

  it('refuses 7 MB of arbitrary JSON as a sighting (the flood of issue 25)', async () => {
    const m = await createSyncMember(t);
    const junk: PushRecord = { id: 'bad', rev: '1_dev1', deleted: false, data: { blob: 'x'.repeat(7e6) } };
    await expectRefused(m, junk, /^data: must be at most 64 KB/);
  });

  it('refuses data that is not an Observation, naming the field', async () => {
    const m = await createSyncMember(t);
    const junk: PushRecord = {
      id: 'bad',
      rev: '1_dev1',
      deleted: false,
      data: { species_id: 'x', public: true },
    };
    await expectRefused(m, junk, /^observation_id: is required/);
    const n = await createSyncMember(t);
    const wrongType = sighting(n, 'bad');
    wrongType.data = { ...wrongType.data, date: 'yesterday' };
    await expectRefused(n, wrongType, /^date: must be integer/);
  });

  it('refuses a sighting that names another record or another member', async () => {
    const m = await createSyncMember(t);
    const other = await createSyncMember(t);
    const notMine = sighting(m, 'bad');
    notMine.data = { ...notMine.data, user_id: other.id };
    await expectRefused(m, notMine, /^user_id: must be the signed-in member's id/);
    const n = await createSyncMember(t);
    const misnamed = sighting(n, 'bad');
    misnamed.data = { ...misnamed.data, observation_id: 'another' };
    await expectRefused(n, misnamed, /^observation_id: must be the record's id/);
  });

  it('refuses a trip that ends before it starts, or is not a Trip', async () => {
    const m = await createSyncMember(t);
    await expectRefused(m, trip(m, 'bad', { date_end: 1 }), /^date_end: must not be before/, 'trips');
    const n = await createSyncMember(t);
    await expectRefused(n, trip(n, 'bad', { name: '' }), /^name: must not be empty/, 'trips');
  });

  it('names every refused record of a batch, and stores a tombstone whatever its data', async () => {
    const m = await createSyncMember(t);
    const response = await push(m.device1, [
      sighting(m, 'a', 'x\u0000'),
      sighting(m, 'b'),
      { id: 'c', rev: '1_dev1', deleted: false, data: {} },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<PushRefused>().refused?.map((item) => item.id)).toEqual(['a', 'c']);
    const tombstone = await push(m.device1, [{ id: 'gone', rev: '2_dev1', deleted: true, data: { any: 1 } }]);
    expect(tombstone.statusCode, tombstone.body).toBe(200);
  });
});

describe('records:check', () => {
  it('lists the stored records the push would refuse now, and none of the good ones', async () => {
    const m = await createSyncMember(t);
    // As a server before the checks stored them: junk data, a good sighting, a tombstone.
    const rows = [
      { id: 'junk', deleted: false, data: { species_id: 'avibase-fed3756c', public: true, date: 1 } },
      { id: 'good', deleted: false, data: sighting(m, 'good').data },
      { id: 'gone', deleted: true, data: {} },
    ];
    for (const row of rows)
      await sql`INSERT INTO collection_records
        (collection, owner_id, id, rev, rev_counter, rev_suffix, mod, deleted, data)
        VALUES ('species_observations', ${m.id}::uuid, ${row.id}, '1_old', 1, 'old', 1, ${row.deleted},
                ${JSON.stringify(row.data)}::jsonb)`.execute(t.db);

    const mine = (await findRecordProblems(t.db)).filter((problem) => problem.owner_id === m.id);
    expect(mine).toEqual([
      {
        collection: 'species_observations',
        owner_id: m.id,
        id: 'junk',
        reason: expect.stringMatching(/^observation_id: is required/) as string,
      },
    ]);
  });
});
