/**
 * GET users/{id}/stats on a real database with the demo species: the figures for a known set of
 * sightings (written through the REST calls and a device's push) equal the contract's pure
 * `userStats` over what the member pulls, and a member who hides their stats gets 403 for others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import {
  isObservation,
  UNSPECIFIED_OBSERVATION_DATE,
  type Observation,
  type UserStatsResponse,
} from '@contract/observations';
import { userStats } from '@contract/stats';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { api, bearer, buildTestApp, fetchClientToken, type TestApp } from './helpers';
import {
  BALD_EAGLE,
  createObservation,
  deleteObservation,
  get,
  pullAll,
  pushRecords,
  sightingBody,
  WHITE_TAILED_DEER,
} from './observation-helpers';
import { createSyncMember, type SyncMember } from './sync-helpers';
import { present } from '../../src/test/present';

let t: TestApp;
let clientToken: string;
let ann: SyncMember;
let bob: SyncMember;

/** Dates of the known set (seconds). */
const DAY = 86_400;
const D0 = 1_735_689_600; // 2025-01-01

async function create(member: SyncMember, speciesId: string, body: object) {
  const response = await createObservation(t, member.device1, speciesId, body);
  if (response.statusCode !== 200) throw new Error(`create: ${response.statusCode} ${response.body}`);
}

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  clientToken = await fetchClientToken(t);
  ann = await createSyncMember(t);
  bob = await createSyncMember(t);

  const photo = { featured: true, media_id: 'p-1', path: '/api/v1.0/media/p-1/original' };
  const thumb = {
    featured: true,
    media_id: 'p-2',
    path: '/api/v1.0/media/p-2/thumbnail',
    species_thumb: true,
  };
  // Eagles: three live (one private, one with the member's photo, the latest with a species thumbnail
  // only), one deleted. Deer: one, without a coordinate. One unspecified quick record from a device.
  await create(ann, BALD_EAGLE, sightingBody('e-1', { date: D0 + 10 * DAY, public: false }));
  await create(ann, BALD_EAGLE, sightingBody('e-2', { date: D0 + 20 * DAY, media: [photo] }));
  await create(ann, BALD_EAGLE, sightingBody('e-3', { date: D0 + 30 * DAY, media: [thumb] }));
  await create(ann, BALD_EAGLE, sightingBody('e-0', { date: D0 }));
  await create(ann, WHITE_TAILED_DEER, sightingBody('d-1', { date: D0 + 5 * DAY, coordinate: null }));
  const removed = await deleteObservation(t, ann.device1, BALD_EAGLE, 'e-0');
  if (removed.statusCode !== 200) throw new Error(removed.body);
  const unspecified: Observation = {
    observation_id: 'u-1',
    user_id: ann.id,
    species_id: null,
    taxa: null,
    coordinate: null,
    coordinate_hidden: true,
    date: UNSPECIFIED_OBSERVATION_DATE,
    public: false,
    lifer: false,
    note: 'Unspecified observation',
    media: [],
    trips: [],
  };
  await pushRecords(t, ann.device2, [{ id: 'u-1', rev: '1_phone', deleted: false, data: unspecified }]);
}, 120_000);
afterAll(() => t.close());

function stats(token: string, userId: string, query: Record<string, string> = {}) {
  return get(t, token, `/users/${userId}/stats`, query);
}

describe('GET users/{id}/stats', () => {
  it('answers the figures of a known set, equal to the pure userStats over the pulled records', async () => {
    const response = await stats(ann.device1, ann.id);
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json<UserStatsResponse>();
    expect(answered.observations).toBeUndefined();
    const { stats: figures } = answered;

    // Known figures: the deleted e-0 is out; the unspecified one counts as a sighting only.
    expect(figures._id).toBe(ann.id);
    expect(figures.count).toEqual({ observations: 5, lifers: 2 });
    expect(Object.keys(figures.observations).sort()).toEqual([BALD_EAGLE, WHITE_TAILED_DEER].sort());
    expect(figures.observations[BALD_EAGLE]).toMatchObject({
      count: 3,
      date_seen_first: D0 + 10 * DAY,
      date_seen_last: D0 + 30 * DAY,
      custom_photo: '/api/v1.0/media/p-1/original',
    });
    const eagleLocations = present(figures.observations[BALD_EAGLE], 'the eagle').location;
    expect(eagleLocations.USA).toEqual({ date_seen_first: D0 + 10 * DAY, date_seen_last: D0 + 30 * DAY });
    // No coordinate, so no location looked up.
    expect(figures.observations[WHITE_TAILED_DEER]).toEqual({
      count: 1,
      date_seen_first: D0 + 5 * DAY,
      date_seen_last: D0 + 5 * DAY,
      custom_photo: null,
      location: {},
    });

    // The device computes the same from what it pulls.
    const pulled = await pullAll(t, ann.device2);
    const offline = pulled.records.flatMap((record) =>
      record.deleted || !isObservation(record.data) ? [] : [record.data],
    );
    expect(offline).toHaveLength(5);
    expect(figures).toEqual(userStats(ann.id, offline));
  });

  it('narrows to a location and adds the sightings counted', async () => {
    const response = await stats(ann.device1, ann.id, { location_id: 'USA', include_observations: 'true' });
    expect(response.statusCode, response.body).toBe(200);
    const { stats: figures, observations } = response.json<UserStatsResponse>();
    expect(figures.count).toEqual({ observations: 3, lifers: 1 });
    expect(Object.keys(figures.observations)).toEqual([BALD_EAGLE]);
    expect(observations?.map((one) => one.observation_id)).toEqual(['e-3', 'e-2', 'e-1']);
    expect(
      (await stats(ann.device1, ann.id, { location_id: 'CAN' })).json<UserStatsResponse>().stats.count,
    ).toEqual({
      observations: 0,
      lifers: 0,
    });
  });

  it('shows another member’s stats when they allow it, with their public sightings only', async () => {
    const response = await stats(bob.device1, ann.id, { include_observations: 'true' });
    expect(response.statusCode, response.body).toBe(200);
    const { stats: figures, observations } = response.json<UserStatsResponse>();
    // Counted from the public ones only (issue 25): the private eagle and the private unspecified
    // record change no figure another member gets.
    expect(figures.count).toEqual({ observations: 3, lifers: 2 });
    expect(observations?.map((one) => one.observation_id)).toEqual(['e-3', 'e-2', 'd-1']);
    expect(observations?.some((one) => one.rev !== undefined)).toBe(false);
  });

  it('refuses another member’s stats with 403 when they keep them private; own and admins still see them', async () => {
    const carol = await createSyncMember(t);
    await create(carol, WHITE_TAILED_DEER, sightingBody('c-1'));
    const hide = await t.app.inject({
      method: 'PUT',
      url: api(`/users/${carol.id}`),
      headers: bearer(carol.device1),
      payload: { stats_visible_to_others: false },
    });
    expect(hide.statusCode, hide.body).toBe(200);

    const refused = await stats(bob.device1, carol.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 'failed', reason: messages.statsHidden });
    expect((await stats(carol.device1, carol.id)).json<UserStatsResponse>().stats.count).toEqual({
      observations: 1,
      lifers: 1,
    });
    await t.db
      .updateTable('users')
      .set({ roles: ['member', 'admin'] })
      .where('id', '=', bob.id)
      .execute();
    expect((await stats(bob.device1, carol.id)).statusCode).toBe(200);
  });

  it('needs a member, and a member that exists', async () => {
    expect((await stats(clientToken, ann.id)).statusCode).toBe(401);
    expect((await get(t, undefined, `/users/${ann.id}/stats`)).statusCode).toBe(401);
    expect((await stats(ann.device1, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
