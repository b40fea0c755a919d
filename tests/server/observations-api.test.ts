/**
 * The observation calls on a real database with the demo species: a REST write is a record of the
 * `species_observations` collection (one path: what PUT writes, a pull answers), replays never
 * duplicate, a stale `rev` is a 409 instead of a lost device edit, other members and guests see
 * public sightings only and never a hidden coordinate, DELETE leaves a tombstone, and `lifer`
 * answers the lifer rule.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import {
  isObservation,
  type ObservationResponse,
  type ObservationsResponse,
  type ObservationWriteResponse,
  type SpeciesObservationStatsResponse,
} from '@contract/observations';
import type { SpeciesResponse } from '@contract/species';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { fetchClientToken, type TestApp, buildTestApp } from './helpers';
import {
  BALD_EAGLE,
  createObservation,
  deleteObservation,
  get,
  pullAll,
  pulledRecord,
  pushRecords,
  sightingBody,
  updateObservation,
  WHITE_TAILED_DEER,
} from './observation-helpers';
import { createSyncMember, type SyncMember } from './sync-helpers';
import { present } from '../../src/test/present';

let t: TestApp;
let clientToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  clientToken = await fetchClientToken(t);
}, 120_000);
afterAll(() => t.close());

async function created(
  member: SyncMember,
  speciesId: string,
  body: object,
): Promise<ObservationWriteResponse> {
  const response = await createObservation(t, member.device1, speciesId, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ObservationWriteResponse>();
}

describe('PUT species/{id}/observations (create)', () => {
  it('stores a record of the collection: the pull answers exactly what the call answered', async () => {
    const ann = await createSyncMember(t);
    const answer = await created(ann, BALD_EAGLE, sightingBody('ann-eagle-1'));
    expect(answer.created).toBe(true);
    expect(answer.rev).toBe('1_api');
    const { observation } = answer;
    // The taxa come from the species (its primary classification), as a device copies them.
    const { species } = (await get(t, clientToken, `/species/${BALD_EAGLE}`)).json<SpeciesResponse>();
    const { classification, group_name, name } = species.taxa;
    expect(observation.taxa).toEqual({ classification, group_name, name });
    expect(observation).toMatchObject({
      observation_id: 'ann-eagle-1',
      user_id: ann.id,
      species_id: BALD_EAGLE,
      taxa: { name: 'Haliaeetus leucocephalus' },
      // Rounded as SPEC §3 says: 7 decimals, accuracy 2.
      coordinate: { type: 'Point', coordinates: [-120.5481235, 46.9965144], accuracy: 8.13 },
      coordinate_hidden: false,
      lifer: true,
      rev: '1_api',
    });
    // The location was looked up from the coordinate: Washington and its country.
    expect(observation.location?.names.USA).toBe('United States of America');
    expect(Object.values(observation.location?.names ?? {})).toContain('Washington');

    const record = await pulledRecord(t, ann.device2, 'ann-eagle-1');
    expect(record).toMatchObject({ id: 'ann-eagle-1', rev: '1_api', deleted: false });
    const { rev: _rev, ...data } = observation;
    expect(record?.data).toEqual(data);
    expect(isObservation(record?.data)).toBe(true);
  });

  it('a replayed create writes nothing: no duplicate, no new revision, no pull traffic', async () => {
    const ann = await createSyncMember(t);
    const body = sightingBody('ann-replay');
    const first = await created(ann, BALD_EAGLE, body);
    const before = await pullAll(t, ann.device1);
    const again = await created(ann, BALD_EAGLE, body);
    expect(again.created).toBe(false);
    expect(again.rev).toBe(first.rev);
    // Even a replay with other fields does not overwrite what is stored.
    const changed = await created(ann, BALD_EAGLE, { ...body, note: 'edited meanwhile?' });
    expect(changed.observation.note).toBe(body.note);
    const after = await pullAll(t, ann.device1);
    expect(after.records).toHaveLength(1);
    expect(after.last_mod).toBe(before.last_mod);
  });

  it('refuses bodies that are not a sighting, and guests', async () => {
    const ann = await createSyncMember(t);
    const bad = [
      sightingBody('x1', { coordinate: { type: 'Point', coordinates: [-120.5, 91] } }),
      sightingBody('x2', { coordinate: { type: 'Point', coordinates: [181, 47] } }),
      sightingBody('x3', { date: -1 }),
      sightingBody('x4', { note: 'x'.repeat(5001) }),
      { ...sightingBody('x5'), user_id: ann.id },
      { ...sightingBody('x6'), observation_id: undefined },
    ];
    for (const body of bad) {
      const response = await createObservation(t, ann.device1, BALD_EAGLE, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const mismatch = await createObservation(
      t,
      ann.device1,
      BALD_EAGLE,
      sightingBody('x7', { species_id: WHITE_TAILED_DEER }),
    );
    expect(mismatch.json()).toEqual({ status: 'failed', reason: messages.observationSpeciesMismatch });
    const unknown = await createObservation(t, ann.device1, 'avibase-00000000', sightingBody('x8'));
    expect(unknown.statusCode).toBe(404);
    expect((await createObservation(t, clientToken, BALD_EAGLE, sightingBody('x9'))).statusCode).toBe(401);
    expect((await pullAll(t, ann.device1)).records).toEqual([]);
  });
});

describe('PUT species/{id}/observations/{obs_id} (edit)', () => {
  it('writes <counter + 1>_api, and refuses a stale rev with 409 instead of losing a device edit', async () => {
    const ann = await createSyncMember(t);
    await created(ann, BALD_EAGLE, sightingBody('ann-edit'));
    const edited = await updateObservation(t, ann.device1, BALD_EAGLE, 'ann-edit', {
      note: 'Three adults',
      rev: '1_api',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<ObservationWriteResponse>()).toMatchObject({ rev: '2_api', created: false });
    expect(edited.json<ObservationWriteResponse>().observation.note).toBe('Three adults');

    // A device edits it from what it pulled (2_api) and pushes 3_phone.
    const pulled = await pulledRecord(t, ann.device2, 'ann-edit');
    await pushRecords(t, ann.device2, [
      {
        id: 'ann-edit',
        rev: '3_phone',
        deleted: false,
        data: { ...present(pulled, 'the pulled record').data, note: 'Device note' },
      },
    ]);
    // A REST client still holding 2_api is refused, and the device's edit stays.
    const stale = await updateObservation(t, ann.device1, BALD_EAGLE, 'ann-edit', {
      note: 'Lost?',
      rev: '2_api',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ status: 'failed', reason: messages.observationChanged });
    expect((await pulledRecord(t, ann.device1, 'ann-edit'))?.data.note).toBe('Device note');
    const staleDelete = await deleteObservation(t, ann.device1, BALD_EAGLE, 'ann-edit', '2_api');
    expect(staleDelete.statusCode).toBe(409);

    // With the current rev (or none) the edit goes on top, and can re-identify the species.
    const fresh = await updateObservation(t, ann.device1, WHITE_TAILED_DEER, 'ann-edit', { rev: '3_phone' });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const record = await pulledRecord(t, ann.device2, 'ann-edit');
    expect(record?.rev).toBe('4_api');
    expect(record?.data).toMatchObject({
      species_id: WHITE_TAILED_DEER,
      taxa: { name: 'Odocoileus virginianus' },
      note: 'Device note',
    });
  });

  it('edits only one’s own live sightings, with the id of the address', async () => {
    const ann = await createSyncMember(t);
    const bob = await createSyncMember(t);
    await created(ann, BALD_EAGLE, sightingBody('ann-own'));
    const foreign = await updateObservation(t, bob.device1, BALD_EAGLE, 'ann-own', { note: 'mine now' });
    expect(foreign.json()).toEqual({ status: 'failed', reason: messages.observationNotFound });
    const other = await updateObservation(t, ann.device1, BALD_EAGLE, 'ann-own', { observation_id: 'other' });
    expect(other.json()).toEqual({ status: 'failed', reason: messages.observationIdMismatch });
    expect((await pulledRecord(t, ann.device1, 'ann-own'))?.rev).toBe('1_api');
    expect((await pullAll(t, bob.device1)).records).toEqual([]);
  });
});

describe('DELETE species/{id}/observations/{obs_id}', () => {
  it('leaves a tombstone every device pulls; a replayed delete or create changes nothing', async () => {
    const ann = await createSyncMember(t);
    const bob = await createSyncMember(t);
    await created(ann, BALD_EAGLE, sightingBody('ann-gone'));
    expect((await deleteObservation(t, bob.device1, BALD_EAGLE, 'ann-gone')).statusCode).toBe(404);
    expect((await deleteObservation(t, ann.device1, WHITE_TAILED_DEER, 'ann-gone')).statusCode).toBe(404);

    const removed = await deleteObservation(t, ann.device1, BALD_EAGLE, 'ann-gone', '1_api');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ status: 'success', rev: '2_api' });
    expect(await pulledRecord(t, ann.device2, 'ann-gone')).toMatchObject({
      rev: '2_api',
      deleted: true,
      data: {},
    });

    const { last_mod } = await pullAll(t, ann.device1);
    expect((await deleteObservation(t, ann.device1, BALD_EAGLE, 'ann-gone')).json()).toEqual({
      status: 'success',
      rev: '2_api',
    });
    const replay = await createObservation(t, ann.device1, BALD_EAGLE, sightingBody('ann-gone'));
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({ status: 'failed', reason: messages.observationDeleted });
    expect((await pullAll(t, ann.device1)).last_mod).toBe(last_mod);
    expect((await get(t, ann.device1, `/species/${BALD_EAGLE}/observations/ann-gone`)).statusCode).toBe(404);
  });
});

describe('reading sightings', () => {
  let ann: SyncMember;
  let bob: SyncMember;
  beforeAll(async () => {
    ann = await createSyncMember(t);
    bob = await createSyncMember(t);
    await created(ann, BALD_EAGLE, sightingBody('r-public', { date: 1_700_000_300 }));
    await created(
      ann,
      BALD_EAGLE,
      sightingBody('r-hidden', { date: 1_700_000_200, coordinate_hidden: true }),
    );
    await created(ann, BALD_EAGLE, sightingBody('r-private', { date: 1_700_000_100, public: false }));
    await created(ann, WHITE_TAILED_DEER, sightingBody('r-deer', { date: 1_700_000_400 }));
    // A record that is not an Observation, stored before the push checked records (the push now
    // refuses it, collection-records.test.ts): no answer may include it.
    await sql`INSERT INTO collection_records
      (collection, owner_id, id, rev, rev_counter, rev_suffix, mod, deleted, data)
      VALUES ('species_observations', ${ann.id}::uuid, 'r-junk', '1_x', 1, 'x', 1, false,
              ${JSON.stringify({ species_id: BALD_EAGLE })}::jsonb)`.execute(t.db);
  });

  const ids = (response: { json: () => ObservationsResponse }) =>
    response.json().observations.map((one) => one.observation_id);

  it('GET observations: all of one’s own, newest first, with rev and the lifer rule', async () => {
    const own = await get(t, ann.device1, '/observations');
    expect(own.statusCode, own.body).toBe(200);
    expect(ids(own)).toEqual(['r-deer', 'r-public', 'r-hidden', 'r-private']);
    const byId = new Map(
      own.json<ObservationsResponse>().observations.map((one) => [one.observation_id, one]),
    );
    // Each was flagged a lifer when created (the first then); the rule answers only the earliest.
    expect(
      [...byId.values()]
        .filter((one) => one.lifer)
        .map((one) => one.observation_id)
        .sort(),
    ).toEqual(['r-deer', 'r-private']);
    expect(byId.get('r-hidden')?.coordinate).not.toBeNull();
    expect(byId.get('r-public')?.rev).toBe('1_api');

    const eagles = await get(t, ann.device1, '/observations', {
      species_id: BALD_EAGLE,
      include_species_details: 'true',
      limit: '2',
      skip: '1',
    });
    expect(ids(eagles)).toEqual(['r-hidden', 'r-private']);
    expect(eagles.json<ObservationsResponse>().observations[0]?.species).toMatchObject({
      name: 'Bald Eagle',
      scientific_name: 'Haliaeetus leucocephalus',
    });
  });

  it('another member sees public sightings only, never a hidden coordinate nor a rev', async () => {
    const seen = await get(t, bob.device1, '/observations', { user_id: ann.id });
    expect(ids(seen)).toEqual(['r-deer', 'r-public', 'r-hidden']);
    const byId = new Map(
      seen.json<ObservationsResponse>().observations.map((one) => [one.observation_id, one]),
    );
    expect(byId.get('r-hidden')?.coordinate).toBeNull();
    expect(byId.get('r-public')?.coordinate?.coordinates).toEqual([-120.5481235, 46.9965144]);
    expect([...byId.values()].some((one) => one.rev !== undefined)).toBe(false);
    // The lifer rule counts the private sighting even when it is not shown.
    expect(byId.get('r-public')?.lifer).toBe(false);

    expect((await get(t, bob.device1, `/species/${BALD_EAGLE}/observations/r-private`)).statusCode).toBe(404);
    const hidden = await get(t, bob.device1, `/species/${BALD_EAGLE}/observations/r-hidden`);
    expect(hidden.json<ObservationResponse>().observation).toMatchObject({ coordinate: null, public: true });
    const own = await get(t, ann.device1, `/species/${BALD_EAGLE}/observations/r-private`);
    expect(own.json<ObservationResponse>().observation).toMatchObject({ public: false, rev: '1_api' });
    expect((await get(t, clientToken, '/observations', { user_id: ann.id })).statusCode).toBe(401);
  });

  it('GET species/{id}/observations: public sightings for guests too; coordinates on request, never hidden ones', async () => {
    const plain = await get(t, clientToken, `/species/${BALD_EAGLE}/observations`);
    expect(plain.statusCode, plain.body).toBe(200);
    const mine = plain.json<ObservationsResponse>().observations.filter((one) => one.user_id === ann.id);
    expect(mine.map((one) => one.observation_id)).toEqual(['r-public', 'r-hidden']);
    expect(mine.every((one) => one.coordinate === null)).toBe(true);

    const withCoords = await get(t, ann.device1, `/species/${BALD_EAGLE}/observations`, { coords: 'true' });
    const coords = new Map(
      withCoords
        .json<ObservationsResponse>()
        .observations.filter((one) => one.user_id === ann.id)
        .map((one) => [one.observation_id, one.coordinate]),
    );
    expect(coords.get('r-public')).not.toBeNull();
    expect(coords.get('r-hidden')).toBeNull();
    expect((await get(t, clientToken, '/species/avibase-00000000/observations')).statusCode).toBe(404);
  });

  it('GET observations/stats/{species_id}: public figures for everyone, one’s own for a member', async () => {
    const guest = await get(t, clientToken, `/observations/stats/${WHITE_TAILED_DEER}`);
    expect(guest.statusCode, guest.body).toBe(200);
    const stats = guest.json<SpeciesObservationStatsResponse>();
    expect(stats.own).toBeNull();
    expect(stats.stats.observations).toBeGreaterThanOrEqual(1);
    expect(stats.stats.date_seen_last).toBeGreaterThanOrEqual(1_700_000_400);

    const before = (
      await get(t, bob.device1, `/observations/stats/${BALD_EAGLE}`)
    ).json<SpeciesObservationStatsResponse>();
    await created(bob, BALD_EAGLE, sightingBody('bob-eagle', { date: 1_600_000_000 }));
    const after = (
      await get(t, bob.device1, `/observations/stats/${BALD_EAGLE}`)
    ).json<SpeciesObservationStatsResponse>();
    expect(after.stats.observations).toBe(before.stats.observations + 1);
    expect(after.stats.members).toBe(before.stats.members + 1);
    expect(after.stats.date_seen_first).toBe(1_600_000_000);
    expect(after.own).toEqual({ count: 1, date_seen_first: 1_600_000_000, date_seen_last: 1_600_000_000 });
    const annOwn = (
      await get(t, ann.device1, `/observations/stats/${BALD_EAGLE}`)
    ).json<SpeciesObservationStatsResponse>();
    expect(annOwn.own).toEqual({ count: 3, date_seen_first: 1_700_000_100, date_seen_last: 1_700_000_300 });
  });
});
