/**
 * DELETE trips/{id} on a real database: the member's trip becomes a tombstone of the `trips`
 * collection with a `<counter + 1>_api` revision, so a device's next pull removes it; a replay
 * answers the tombstone's rev; a stale `rev` is 409; unknown ids, other members' trips 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import type { PullResponse } from '@contract/sync';
import { api, bearer, buildTestApp, fetchClientToken, type TestApp } from './helpers';
import { createSyncMember, type SyncMember } from './sync-helpers';

let t: TestApp;
let ann: SyncMember;
let bob: SyncMember;

beforeAll(async () => {
  t = await buildTestApp();
  ann = await createSyncMember(t);
  bob = await createSyncMember(t);
}, 120_000);
afterAll(() => t.close());

const trip = (id: string) => ({
  trip_id: id,
  user_id: ann.id,
  name: 'Yakima canyon',
  date_start: 1_767_225_600,
  date_end: 1_767_312_000,
  note: '',
});

async function pushTrip(member: SyncMember, id: string, rev: string) {
  const response = await t.app.inject({
    method: 'PUT',
    url: api('/collection/trips'),
    payload: { data: [{ id, rev, deleted: false, data: trip(id) }] },
    headers: bearer(member.device1),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function pull(member: SyncMember, lastMod: number): Promise<PullResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url: api(`/collection/trips?last_mod=${lastMod}`),
    headers: bearer(member.device2),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PullResponse>();
}

const remove = (token: string, id: string, rev?: string) =>
  t.app.inject({
    method: 'DELETE',
    url: api(`/trips/${id}${rev !== undefined ? `?rev=${rev}` : ''}`),
    headers: bearer(token),
  });

describe('DELETE trips/{id}', () => {
  it('stores a tombstone that the next pull of another device brings', async () => {
    await pushTrip(ann, 'trip-1', '3_dev');
    const cursor = (await pull(ann, 0)).last_mod;

    const stale = await remove(ann.device1, 'trip-1', '2_dev');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ status: 'failed', reason: messages.tripChanged });

    const response = await remove(ann.device1, 'trip-1', '3_dev');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'success', rev: '4_api' });
    const { records } = await pull(ann, cursor);
    expect(records).toMatchObject([{ id: 'trip-1', rev: '4_api', deleted: true, data: {} }]);
  });

  it('answers a replay with the tombstone, and 404 for unknown ids and other members', async () => {
    const again = await remove(ann.device1, 'trip-1', '1_whatever');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'success', rev: '4_api' });

    await pushTrip(ann, 'trip-2', '1_dev');
    const foreign = await remove(bob.device1, 'trip-2');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ status: 'failed', reason: messages.tripNotFound });
    expect((await remove(ann.device1, 'no-such-trip')).statusCode).toBe(404);
    // Without rev the delete goes on top of whatever is stored.
    expect((await remove(ann.device1, 'trip-2')).json()).toEqual({ status: 'success', rev: '2_api' });
  });

  it('needs a member token', async () => {
    const guest = await remove(await fetchClientToken(t), 'trip-2');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ status: 'failed', reason: messages.signInRequired });
    expect((await remove(ann.device1, 'x'.repeat(65))).statusCode).toBe(400);
  });
});
