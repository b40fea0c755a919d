/**
 * The collection sync protocol (docs/sync.md) through the real app: exact answers of GET, verify
 * and PUT, conflicts, tombstones, ownership, paging by the cursor, and the failure answers.
 * Each test signs in a fresh member (two devices where it matters), so pulls answer exactly that
 * test's records.
 */
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import type { PullResponse, PushRecord, PushResponse, SyncRecord, VerifyResponse } from '@contract/sync';
import { nowSeconds } from '../../server/clock';
import { OwnedRecordsSource } from '../../server/plugins/app/collections/owned-records';
import { api, bearer, buildTestApp, fetchClientToken, type TestApp } from './helpers';
import { createSyncMember, type SyncMember } from './sync-helpers';

let t: TestApp;
const OBS = 'test_records';
const OTHER = 'test_other_records';

beforeAll(async () => {
  t = await buildTestApp();
  // The protocol itself, over member-owned collections that take any storable data: the checks of
  // what a sighting or a trip must be are collection-records.test.ts's.
  t.app.collections.register(OBS, new OwnedRecordsSource(t.app.db, t.app.clock, OBS));
  t.app.collections.register(OTHER, new OwnedRecordsSource(t.app.db, t.app.clock, OTHER));
  // A read-only reference collection, as the species source will be.
  t.app.collections.register('test_reference', {
    readOnly: true,
    pull: () =>
      Promise.resolve({
        records: [{ id: 'ref-1', mod: 1, rev: '1_server', deleted: false, data: { name: 'Ostrich' } }],
        more: false,
        lastMod: 7,
      }),
  });
});
afterAll(() => t.close());

function record(id: string, rev: string, data: Record<string, unknown> = {}, deleted = false): PushRecord {
  return { id, mod: 0, rev, deleted, data };
}

function pull(token: string | undefined, query: Record<string, string | number> = {}, name = OBS) {
  return t.app.inject({
    method: 'GET',
    url: api(`/collection/${name}`),
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    ...(token ? { headers: bearer(token) } : {}),
  });
}
function verify(token: string | undefined, data: unknown[], name = OBS) {
  return t.app.inject({
    method: 'POST',
    url: api(`/collection/${name}/verify`),
    payload: { data },
    ...(token ? { headers: bearer(token) } : {}),
  });
}
function push(token: string | undefined, data: unknown[], name = OBS) {
  return t.app.inject({
    method: 'PUT',
    url: api(`/collection/${name}`),
    payload: { data },
    ...(token ? { headers: bearer(token) } : {}),
  });
}
async function pushOk(token: string, data: PushRecord[], name = OBS): Promise<PushResponse> {
  const response = await push(token, data, name);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PushResponse>();
}
async function pullOk(token: string, query: Record<string, string | number> = {}, name = OBS) {
  const response = await pull(token, query, name);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PullResponse>();
}
/** Every record after `lastMod`, following `more`. */
async function pullAll(token: string, lastMod = 0) {
  const records: SyncRecord[] = [];
  let cursor = lastMod;
  for (;;) {
    const page = await pullOk(token, { last_mod: cursor });
    records.push(...page.records);
    cursor = page.last_mod;
    if (!page.more) return { records, lastMod: cursor };
  }
}
const stored = (id: string, rev: string, data: Record<string, unknown> = {}, deleted = false) => ({
  id,
  rev,
  deleted,
  data,
  mod: expect.any(Number) as number,
});

let ann: SyncMember;
let bob: SyncMember;

beforeAll(async () => {
  ann = await createSyncMember(t);
  bob = await createSyncMember(t);
});

describe('PUT then GET collection/{name}', () => {
  it('stores a pushed record and answers it on pull, with mod from the server clock', async () => {
    const m = await createSyncMember(t);
    const before = nowSeconds(t.clock);
    const answer = await pushOk(m.device1, [{ ...record('obs-1', '1_dev1', { count: 2 }), mod: 12345 }]);
    const after = nowSeconds(t.clock);
    expect(answer).toEqual({
      status: 'success',
      accepted: [{ id: 'obs-1', rev: '1_dev1', mod: expect.any(Number) as number }],
      ignored: [],
    });
    const mod = answer.accepted[0]?.mod ?? 0;
    expect(mod).toBeGreaterThanOrEqual(before);
    expect(mod).toBeLessThanOrEqual(after);

    const page = await pullOk(m.device2);
    expect(page).toEqual({
      status: 'success',
      records: [{ id: 'obs-1', mod, rev: '1_dev1', deleted: false, data: { count: 2 } }],
      more: false,
      last_mod: expect.any(Number) as number,
    });
    expect(page.last_mod).toBeGreaterThan(0);
  });

  it('changes nothing when the same batch is pushed twice, and answers it ignored the second time', async () => {
    const m = await createSyncMember(t);
    const batch = [record('a', '1_dev1', { n: 1 }), record('b', '3_dev1', {}, true)];
    expect((await pushOk(m.device1, batch)).accepted.map((item) => item.id)).toEqual(['a', 'b']);
    const first = await pullOk(m.device1);

    expect(await pushOk(m.device1, batch)).toEqual({
      status: 'success',
      accepted: [],
      ignored: [
        { id: 'a', rev: '1_dev1' },
        { id: 'b', rev: '3_dev1' },
      ],
    });
    // Same records, same mods, same cursor: the replay did not even count as a change.
    expect(await pullOk(m.device1)).toEqual(first);
  });

  it('ignores an older revision and keeps the stored one', async () => {
    const m = await createSyncMember(t);
    await pushOk(m.device1, [record('a', '5_dev1', { v: 'new' })]);
    expect(await pushOk(m.device2, [record('a', '4_dev2', { v: 'old' })])).toEqual({
      status: 'success',
      accepted: [],
      ignored: [{ id: 'a', rev: '4_dev2' }],
    });
    expect((await pullOk(m.device1)).records).toEqual([stored('a', '5_dev1', { v: 'new' })]);
  });

  it('compares counters as numbers: 10_a beats 9_z', async () => {
    const m = await createSyncMember(t);
    await pushOk(m.device1, [record('a', '9_z')]);
    expect((await pushOk(m.device1, [record('a', '10_a')])).accepted).toEqual([
      { id: 'a', rev: '10_a', mod: expect.any(Number) as number },
    ]);
    expect((await pushOk(m.device1, [record('a', '9_z')])).ignored).toEqual([{ id: 'a', rev: '9_z' }]);
    expect((await pullOk(m.device1)).records).toEqual([stored('a', '10_a')]);
  });

  it('breaks an equal counter by the suffix in byte order, in both directions', async () => {
    const m = await createSyncMember(t);
    // Upward: 3_a, then 3_b wins.
    await pushOk(m.device1, [record('up', '3_a', { by: 'a' })]);
    expect((await pushOk(m.device2, [record('up', '3_b', { by: 'b' })])).accepted).toHaveLength(1);
    // Downward: 3_b, then 3_a loses.
    await pushOk(m.device2, [record('down', '3_b', { by: 'b' })]);
    expect((await pushOk(m.device1, [record('down', '3_a', { by: 'a' })])).ignored).toEqual([
      { id: 'down', rev: '3_a' },
    ]);
    // Byte order, not a locale's: 'B' (66) sorts before 'a' (97), '-' before '0'.
    await pushOk(m.device1, [record('case', '3_a'), record('dash', '3_0')]);
    expect(await pushOk(m.device2, [record('case', '3_B'), record('dash', '3_-')])).toMatchObject({
      accepted: [],
      ignored: [
        { id: 'case', rev: '3_B' },
        { id: 'dash', rev: '3_-' },
      ],
    });
    const byId = Object.fromEntries((await pullOk(m.device1)).records.map((item) => [item.id, item.rev]));
    expect(byId).toEqual({ up: '3_b', down: '3_b', case: '3_a', dash: '3_0' });
  });

  it('keeps the winning revision when one batch holds the same id twice', async () => {
    const m = await createSyncMember(t);
    expect(await pushOk(m.device1, [record('a', '2_x', { v: 2 }), record('a', '3_x', { v: 3 })])).toEqual({
      status: 'success',
      accepted: [{ id: 'a', rev: '3_x', mod: expect.any(Number) as number }],
      ignored: [{ id: 'a', rev: '2_x' }],
    });
    expect((await pullOk(m.device1)).records).toEqual([stored('a', '3_x', { v: 3 })]);
  });
});

describe('deletes', () => {
  it('keeps a tombstone with emptied data that another device of the member pulls', async () => {
    const m = await createSyncMember(t);
    await pushOk(m.device1, [
      record('a', '1_dev1', { note: 'heron' }),
      record('b', '1_dev1', { note: 'kite' }),
    ]);
    const seen = await pullAll(m.device2);
    expect(seen.records).toHaveLength(2);

    await pushOk(m.device1, [record('a', '2_dev1', { note: 'heron' }, true)]);
    const next = await pullAll(m.device2, seen.lastMod);
    expect(next.records).toEqual([stored('a', '2_dev1', {}, true)]);
    // The row stays: a device starting from scratch learns of the deletion too.
    expect((await pullAll(m.device2)).records).toEqual([
      stored('b', '1_dev1', { note: 'kite' }),
      stored('a', '2_dev1', {}, true),
    ]);
  });

  it('lets a winning revision bring a deleted record back, and ignores a losing edit of a tombstone', async () => {
    const m = await createSyncMember(t);
    await pushOk(m.device1, [record('a', '2_dev1', {}, true)]);
    expect((await pushOk(m.device2, [record('a', '1_dev2', { v: 'late edit' })])).ignored).toHaveLength(1);
    expect((await pushOk(m.device2, [record('a', '3_dev2', { v: 'restored' })])).accepted).toHaveLength(1);
    expect((await pullOk(m.device1)).records).toEqual([stored('a', '3_dev2', { v: 'restored' })]);
  });
});

describe('ownership', () => {
  it("never answers another member's records, and their PUT of the same id makes their own record", async () => {
    await pushOk(ann.device1, [record('shared-id', '5_ann', { owner: 'ann' })]);

    expect((await pullOk(bob.device1)).records.filter((item) => item.id === 'shared-id')).toEqual([]);
    // For Bob the id is unknown, whatever Ann holds.
    expect((await verify(bob.device1, [{ id: 'shared-id', rev: '1_bob' }])).json()).toEqual({
      status: 'success',
      needed: ['shared-id'],
    });
    // Even a higher revision only makes Bob's own record; Ann's is untouched.
    expect(
      (await pushOk(bob.device1, [record('shared-id', '9_bob', { owner: 'bob' })])).accepted,
    ).toHaveLength(1);
    expect((await pullOk(ann.device1)).records.filter((item) => item.id === 'shared-id')).toEqual([
      stored('shared-id', '5_ann', { owner: 'ann' }),
    ]);
    expect((await pullOk(bob.device1)).records.filter((item) => item.id === 'shared-id')).toEqual([
      stored('shared-id', '9_bob', { owner: 'bob' }),
    ]);
  });

  it('keeps collections apart: a record of one is not a record of another', async () => {
    const m = await createSyncMember(t);
    await pushOk(m.device1, [record('t1', '1_dev1', { name: 'Kruger' })], OTHER);
    expect((await pullOk(m.device1)).records).toEqual([]);
    expect((await pullOk(m.device1, {}, OTHER)).records).toEqual([
      stored('t1', '1_dev1', { name: 'Kruger' }),
    ]);
  });
});

describe('the pull cursor', () => {
  it('pages 2,500 records as 1000/1000/500 with more true/true/false, none missed or repeated', async () => {
    const m = await createSyncMember(t);
    const ids = Array.from({ length: 2500 }, (_, index) => `obs-${String(index).padStart(4, '0')}`);
    // Four pushes of 700/700/700/400: each push's records share one mod (one second), and the pull
    // batch boundaries (1000, 2000) fall inside a push, so records of one second span two pulls.
    for (let start = 0; start < ids.length; start += 700) {
      const batch = ids.slice(start, start + 700).map((id) => record(id, '1_dev1', { id }));
      expect((await pushOk(m.device1, batch)).accepted).toHaveLength(batch.length);
    }

    const pages: PullResponse[] = [];
    let cursor = 0;
    for (let call = 0; call < 3; call++) {
      const page = await pullOk(m.device2, { last_mod: cursor });
      pages.push(page);
      cursor = page.last_mod;
    }
    expect(pages.map((page) => [page.records.length, page.more])).toEqual([
      [1000, true],
      [1000, true],
      [500, false],
    ]);
    const pulled = pages.flatMap((page) => page.records.map((item) => item.id));
    expect(pulled).toEqual(ids);
    // Across each boundary the records share one second: paging by mod would split or repeat them.
    for (const [before, after] of [
      [pages[0], pages[1]],
      [pages[1], pages[2]],
    ] as const) {
      expect(before?.records.at(-1)?.mod).toBe(after?.records[0]?.mod);
    }
    expect(await pullOk(m.device2, { last_mod: cursor })).toEqual({
      status: 'success',
      records: [],
      more: false,
      last_mod: cursor,
    });
  });

  it('answers a change made after a pull, even in the same second, exactly once', async () => {
    const m = await createSyncMember(t);
    await pushOk(m.device1, [record('a', '1_dev1'), record('b', '1_dev1')]);
    const first = await pullAll(m.device2);
    await pushOk(m.device1, [record('c', '1_dev1'), record('a', '2_dev1', { edited: true })]);
    const second = await pullAll(m.device2, first.lastMod);
    expect(second.records).toEqual([stored('c', '1_dev1'), stored('a', '2_dev1', { edited: true })]);
    expect((await pullAll(m.device2, second.lastMod)).records).toEqual([]);
  });

  it('never leaves a row behind the cursor while pushes from two devices run concurrently', async () => {
    const m = await createSyncMember(t);
    const seen = new Set<string>();
    let cursor = 0;
    let pushing = true;
    // A named function, not an inline one: called inline, TypeScript would read `pushing` as always true.
    const pull = async () => {
      for (;;) {
        const done = !pushing;
        const page = await pullAll(m.device2, cursor);
        for (const item of page.records) seen.add(item.id);
        cursor = page.lastMod;
        if (done) return;
        // Poll like a client, yielding a turn of the event loop: the in-process PGlite answers in
        // microtasks, and a tight loop of pulls would starve the injected pushes.
        await setTimeout(1);
      }
    };
    const puller = pull();
    const pushes = Array.from({ length: 24 }, (_, batch) =>
      pushOk(
        batch % 2 === 0 ? m.device1 : m.device2,
        Array.from({ length: 40 }, (_, index) => record(`c${batch}-${index}`, '1_d')),
      ),
    );
    await Promise.all(pushes);
    pushing = false;
    await puller;
    // Only incremental pulls from the last cursor: a row committed behind it would be missing here.
    expect(seen.size).toBe(24 * 40);
  });

  it('honours a smaller limit', async () => {
    const m = await createSyncMember(t);
    await pushOk(m.device1, [record('a', '1_d'), record('b', '1_d'), record('c', '1_d')]);
    const first = await pullOk(m.device1, { limit: 2 });
    expect([first.records.map((item) => item.id), first.more]).toEqual([['a', 'b'], true]);
    const second = await pullOk(m.device1, { limit: 2, last_mod: first.last_mod });
    expect([second.records.map((item) => item.id), second.more]).toEqual([['c'], false]);
  });

  it('filters by data containment, and always answers tombstones', async () => {
    const m = await createSyncMember(t);
    await pushOk(m.device1, [
      record('in-trip', '1_d', { trip_id: 't1', count: 1 }),
      record('other-trip', '1_d', { trip_id: 't2' }),
      record('gone', '2_d', {}, true),
    ]);
    const page = await pullOk(m.device1, { filter: JSON.stringify({ trip_id: 't1' }) });
    expect(page.records).toEqual([
      stored('in-trip', '1_d', { trip_id: 't1', count: 1 }),
      stored('gone', '2_d', {}, true),
    ]);
  });

  it.each(['not json', '[1]', 'null', '"text"'])('refuses the filter %s', async (filter) => {
    const response = await pull(ann.device1, { filter });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'failed', reason: messages.syncFilterInvalid });
  });

  it('refuses a limit above 1000', async () => {
    expect((await pull(ann.device1, { limit: 1001 })).statusCode).toBe(400);
  });
});

describe('POST collection/{name}/verify', () => {
  it('answers exactly the ids whose revision wins or that are unknown, once each, in request order', async () => {
    const m = await createSyncMember(t);
    await pushOk(m.device1, [record('a', '5_x'), record('b', '5_x'), record('c', '5_x')]);
    const response = await verify(m.device2, [
      { id: 'a', rev: '6_x' }, // newer counter
      { id: 'b', rev: '5_x' }, // the same revision
      { id: 'c', rev: '4_z' }, // older
      { id: 'd', rev: '1_a' }, // unknown
      { id: 'c', rev: '5_y' }, // same counter, winning suffix
      { id: 'd', rev: '2_a' }, // unknown again: still once
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json<VerifyResponse>()).toEqual({ status: 'success', needed: ['a', 'd', 'c'] });
  });

  it('answers an empty list for an empty request', async () => {
    expect((await verify(ann.device1, [])).json()).toEqual({ status: 'success', needed: [] });
  });

  it('refuses more than 1000 entries and malformed revisions', async () => {
    const many = Array.from({ length: 1001 }, (_, index) => ({ id: `x${index}`, rev: '1_a' }));
    expect((await verify(ann.device1, many)).statusCode).toBe(400);
    for (const rev of ['01_a', '1', '1_a b', 'x_a']) {
      expect((await verify(ann.device1, [{ id: 'a', rev }])).statusCode, rev).toBe(400);
    }
  });
});

describe('batch limits', () => {
  it('accepts a full batch of 1000 records of about 2 KB each (beyond the app-wide 1 MB body limit)', async () => {
    const m = await createSyncMember(t);
    const note = 'x'.repeat(2000);
    const batch = Array.from({ length: 1000 }, (_, index) => record(`big-${index}`, '1_d', { note }));
    const response = await push(m.device1, batch);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PushResponse>().accepted).toHaveLength(1000);
  });

  it('refuses more than 1000 records in one PUT, and records without an explicit deleted flag', async () => {
    const many = Array.from({ length: 1001 }, (_, index) => record(`x${index}`, '1_a'));
    expect((await push(ann.device1, many)).statusCode).toBe(400);
    expect((await push(ann.device1, [{ id: 'a', rev: '1_a', data: {} }])).statusCode).toBe(400);
    expect((await push(ann.device1, [record('x'.repeat(65), '1_a')])).statusCode).toBe(400);
  });
});

describe('failure answers', () => {
  const notFound = { status: 'failed', reason: messages.collectionNotFound };

  it('answers 404 for an unknown collection on every call', async () => {
    expect((await pull(ann.device1, {}, 'nope')).json()).toEqual(notFound);
    expect((await pull(ann.device1, {}, 'nope')).statusCode).toBe(404);
    expect((await verify(ann.device1, [], 'nope')).statusCode).toBe(404);
    const put = await push(ann.device1, [], 'nope');
    expect([put.statusCode, put.json()]).toEqual([404, notFound]);
  });

  it('answers 400 for a malformed collection name', async () => {
    expect((await pull(ann.device1, {}, 'Bad-Name')).statusCode).toBe(400);
  });

  it('serves a read-only collection to pulls and answers 403 to verify and PUT', async () => {
    expect(await pullOk(ann.device1, {}, 'test_reference')).toEqual({
      status: 'success',
      records: [{ id: 'ref-1', mod: 1, rev: '1_server', deleted: false, data: { name: 'Ostrich' } }],
      more: false,
      last_mod: 7,
    });
    const readOnly = { status: 'failed', reason: messages.collectionReadOnly };
    const verified = await verify(ann.device1, [{ id: 'ref-1', rev: '2_x' }], 'test_reference');
    expect([verified.statusCode, verified.json()]).toEqual([403, readOnly]);
    const pushed = await push(ann.device1, [record('ref-1', '2_x')], 'test_reference');
    expect([pushed.statusCode, pushed.json()]).toEqual([403, readOnly]);
  });

  it('answers 401 without a token and with a client token, on every call', async () => {
    const clientToken = await fetchClientToken(t);
    const signInRequired = { status: 'failed', reason: messages.signInRequired };
    for (const token of [undefined, clientToken]) {
      for (const response of [
        await pull(token),
        await verify(token, [{ id: 'a', rev: '1_a' }]),
        await push(token, [record('a', '1_a')]),
      ]) {
        expect([response.statusCode, response.json()]).toEqual([401, signInRequired]);
      }
    }
    const invalid = await pull('not-a-token');
    expect([invalid.statusCode, invalid.json()]).toEqual([
      401,
      { status: 'failed', reason: messages.invalidToken },
    ]);
  });
});
