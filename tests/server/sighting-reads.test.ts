/**
 * The reads of sightings on their indexes and summary (migrations/009_sighting_reads.sql, issue 25
 * 4b), against the pure rules over what the members pull:
 * - lists: newest `date` first, ties by id in byte order, paged without gaps or repeats; another
 *   member's view public only; every `lifer` the rule over the owner's sightings;
 * - stats (own, another's, per location) and a species' public and own figures equal to
 *   `userStats` over the pulled records after every step of a seeded sequence of pushes: creates,
 *   edits of each field the figures read, edits of none (note, lifer flag), deletes, revivals, a
 *   batch that both inserts and updates, and a row deleted outright;
 * - GET species/{id}?observations=true paged (limit, skip);
 * - the plans: the list and the lifer lookup read their indexes, never a sort of all the rows.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isObservation,
  type Observation,
  type ObservationsResponse,
  type SpeciesObservationStatsResponse,
  type UserStatsResponse,
} from '@contract/observations';
import type { SpeciesResponse } from '@contract/species';
import { liferBySpecies, userStats } from '@contract/stats';
import type { PushRecord } from '@contract/sync';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { buildTestApp, type TestApp } from './helpers';
import {
  BALD_EAGLE,
  createObservation,
  get,
  observationRecord,
  pullAll,
  pushRecords,
  sightingBody,
  WHITE_TAILED_DEER,
} from './observation-helpers';
import { createSyncMember, type SyncMember } from './sync-helpers';
import { present } from '../../src/test/present';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  const { rows } = await sql<{ id: string }>`SELECT id FROM species WHERE NOT deleted
    AND id NOT IN (${BALD_EAGLE}, ${WHITE_TAILED_DEER}) ORDER BY id LIMIT 2`.execute(t.db);
  SPECIES.push(...rows.map((row) => row.id));
}, 120_000);
afterAll(() => t.close());

/** mulberry32: the same sequence for a seed, so a failure names a replayable case. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const D0 = 1_735_689_600; // 2025-01-01
const DAY = 86_400;
/** Real species of the demo extract (the figures' call answers 404 for an unknown one). */
const SPECIES = [BALD_EAGLE, WHITE_TAILED_DEER];
const TAXA = { classification: 'Birds|IOC', group_name: 'Birds', name: 'Genus species' };
const PLACES: Array<Observation['location']> = [
  undefined,
  null,
  { last_mod: 1, names: { USA: 'United States', 'US-WA': 'Washington' } },
  { last_mod: 1, names: { 'US-WA': 'Washington', USA: 'United States' } },
  { last_mod: 1, names: { USA: 'United States' } },
  { last_mod: 1, names: { ZAF: 'South Africa', 'ZAF-GT': 'Gauteng' } },
];
const MEDIA: Array<Observation['media']> = [
  [],
  [{ featured: true, media_id: 'm1', path: '/api/v1.0/media/m1/original' }],
  [
    { featured: false, media_id: 'm2', path: '/api/v1.0/media/m2/original' },
    { featured: true, media_id: 'm3', path: '/api/v1.0/media/m3/original' },
  ],
  [{ featured: true, media_id: 't1', path: '/api/v1.0/media/t1/thumbnail', species_thumb: true }],
  [
    { featured: true, media_id: 't2', path: '/thumb', species_thumb: true },
    { featured: false, media_id: 'm4', path: '/api/v1.0/media/m4/original' },
  ],
];
/** Ids whose byte order differs from a case-insensitive one, so ties are broken visibly. */
const ID_CHARS = 'aB3_-zZ9';

const byNewest = (
  a: { date: number; observation_id: string },
  b: { date: number; observation_id: string },
) => (a.date !== b.date ? b.date - a.date : a.observation_id < b.observation_id ? -1 : 1);

async function liveOf(member: SyncMember): Promise<Observation[]> {
  const pulled = await pullAll(t, member.device1);
  return pulled.records
    .flatMap((record) =>
      record.deleted ? [] : [{ ...record.data, observation_id: record.id, user_id: member.id }],
    )
    .filter((data): data is Observation => isObservation(data));
}

function json<T>(response: { statusCode: number; body: string; json: () => T }): T {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page of a list call, `limit` at a time. */
async function allPages(token: string, query: Record<string, string>, limit: number) {
  const items: ObservationsResponse['observations'] = [];
  for (let skip = 0; ; skip += limit) {
    const page = json<ObservationsResponse>(
      await get(t, token, '/observations', { ...query, limit: String(limit), skip: String(skip) }),
    );
    items.push(...page.observations);
    if (page.observations.length < limit) return items;
  }
}

describe('sightings at their indexes and summary, against the pure rules', () => {
  it('answers lists, lifers and figures as userStats over the pulled records, step after step', async () => {
    const next = random(20261126);
    // An index inside the list: undefined only where the list holds it (PLACES does).
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const ann = await createSyncMember(t);
    const bob = await createSyncMember(t);
    const revs = new Map<string, number>();
    const stored = new Map<string, Observation>();

    const newId = () => {
      for (;;) {
        const length = 1 + Math.floor(next() * 4);
        const id = Array.from({ length }, () => pick(Array.from(ID_CHARS))).join('');
        if (!revs.has(id)) return id;
      }
    };
    const record = (owner: SyncMember, id: string, data: Observation | null): PushRecord => {
      const rev = (revs.get(`${owner.id}:${id}`) ?? 0) + 1;
      revs.set(`${owner.id}:${id}`, rev);
      return data === null
        ? { id, rev: `${rev}_dev`, deleted: true, data: {} }
        : observationRecord(owner.id, id, data, `${rev}_dev`);
    };
    const fresh = (owner: SyncMember, id: string): Observation => {
      const species = next() < 0.15 ? null : pick(SPECIES);
      const location = pick(PLACES);
      return {
        observation_id: id,
        user_id: owner.id,
        species_id: species,
        taxa: species === null ? null : TAXA,
        coordinate: null,
        coordinate_hidden: true,
        date: D0 + Math.floor(next() * 6) * DAY,
        public: next() < 0.7,
        lifer: false,
        note: '',
        media: pick(MEDIA),
        trips: [],
        ...(location === undefined ? {} : { location }),
      };
    };
    const edited = (observation: Observation): Observation => {
      const copy: Observation = { ...observation };
      switch (Math.floor(next() * 7)) {
        case 0:
          copy.date = D0 + Math.floor(next() * 6) * DAY;
          break;
        case 1:
          copy.public = !copy.public;
          break;
        case 2: {
          const species = next() < 0.2 ? null : pick(SPECIES);
          copy.species_id = species;
          copy.taxa = species === null ? null : TAXA;
          break;
        }
        case 3:
          copy.media = pick(MEDIA);
          break;
        case 4: {
          const location = pick(PLACES);
          if (location === undefined) delete copy.location;
          else copy.location = location;
          break;
        }
        case 5:
          copy.note = `${copy.note}!`; // no field the figures read
          break;
        default:
          copy.lifer = !copy.lifer; // neither
      }
      return copy;
    };

    const check = async (step: string) => {
      const [annLive, bobLive] = [await liveOf(ann), await liveOf(bob)];
      const annPublic = annLive.filter((one) => one.public);
      // Stats: own, another member's view (public only), per location.
      for (const locationId of [undefined, 'USA', 'US-WA', 'ZAF', 'CAN']) {
        const query: Record<string, string> = locationId === undefined ? {} : { location_id: locationId };
        const options = locationId === undefined ? {} : { locationId };
        const own = json<UserStatsResponse>(await get(t, ann.device1, `/users/${ann.id}/stats`, query));
        expect(own.stats, `${step}: own stats ${locationId}`).toEqual(userStats(ann.id, annLive, options));
        const theirs = json<UserStatsResponse>(await get(t, bob.device1, `/users/${ann.id}/stats`, query));
        expect(theirs.stats, `${step}: bob's view ${locationId}`).toEqual(
          userStats(ann.id, annPublic, options),
        );
      }
      // A species' figures: the public ones of every member, and the caller's own.
      const everyPublic = [...annLive, ...bobLive].filter((one) => one.public);
      for (const species of SPECIES) {
        const answer = json<SpeciesObservationStatsResponse>(
          await get(t, ann.device1, `/observations/stats/${species}`),
        );
        const publicOnes = everyPublic.filter((one) => one.species_id === species);
        const dates = publicOnes.map((one) => one.date);
        expect(answer.stats, `${step}: public figures of ${species}`).toEqual({
          species_id: species,
          observations: publicOnes.length,
          members: new Set(publicOnes.map((one) => one.user_id)).size,
          date_seen_first: dates.length ? Math.min(...dates) : null,
          date_seen_last: dates.length ? Math.max(...dates) : null,
        });
        const mine = userStats(ann.id, annLive).observations[species];
        expect(answer.own, `${step}: own figures of ${species}`).toEqual({
          count: mine?.count ?? 0,
          date_seen_first: mine?.date_seen_first ?? null,
          date_seen_last: mine?.date_seen_last ?? null,
        });
      }
      // Lists: the order, paging, the public view, and every lifer flag.
      const lifers = new Set(liferBySpecies(annLive).values());
      const ownList = await allPages(ann.device1, {}, 7);
      expect(
        ownList.map((one) => one.observation_id),
        `${step}: own list`,
      ).toEqual([...annLive].sort(byNewest).map((one) => one.observation_id));
      for (const item of ownList)
        expect(item.lifer, `${step}: lifer of ${item.observation_id}`).toBe(lifers.has(item.observation_id));
      const bobsView = await allPages(bob.device1, { user_id: ann.id }, 5);
      expect(
        bobsView.map((one) => one.observation_id),
        `${step}: bob's view of the list`,
      ).toEqual([...annPublic].sort(byNewest).map((one) => one.observation_id));
      // Another member's view answers the rule over all the owner's sightings (private ones too).
      for (const item of bobsView) expect(item.lifer).toBe(lifers.has(item.observation_id));
      for (const species of SPECIES) {
        const bySpecies = await allPages(ann.device1, { species_id: species }, 3);
        expect(
          bySpecies.map((one) => one.observation_id),
          `${step}: list of ${species}`,
        ).toEqual(
          annLive
            .filter((one) => one.species_id === species)
            .sort(byNewest)
            .map((one) => one.observation_id),
        );
      }
    };

    // Bob's few public sightings, so the species' figures span two members.
    await pushRecords(
      t,
      bob.device1,
      ['b1', 'b2', 'b3'].map((id) => record(bob, id, { ...fresh(bob, id), public: true })),
    );
    const first = Array.from({ length: 80 }, () => newId()).map((id) => fresh(ann, id));
    for (const one of first) stored.set(one.observation_id, one);
    await pushRecords(
      t,
      ann.device1,
      first.map((one) => record(ann, one.observation_id, one)),
    );
    await check('first push');

    for (let round = 1; round <= 12; round++) {
      const batch = new Map<string, PushRecord>();
      const size = 1 + Math.floor(next() * 12);
      for (let k = 0; k < size; k++) {
        const ids = [...stored.keys()].filter((id) => !batch.has(id));
        const roll = next();
        if (roll < 0.25 || ids.length === 0) {
          const id = newId();
          const one = fresh(ann, id);
          stored.set(id, one);
          batch.set(id, record(ann, id, one));
        } else if (roll < 0.8) {
          const id = pick(ids);
          const one = edited(present(stored.get(id), 'a stored sighting'));
          stored.set(id, one);
          batch.set(id, record(ann, id, one));
        } else {
          const id = pick(ids);
          stored.delete(id);
          batch.set(id, record(ann, id, null));
        }
      }
      // Sometimes a revived record: a device's newer revision over a tombstone.
      const gone = [...revs.keys()].filter((key) => key.startsWith(`${ann.id}:`)).map((key) => key.slice(37));
      const revivable = gone.filter((id) => !stored.has(id) && !batch.has(id));
      if (revivable.length > 0 && next() < 0.5) {
        const id = pick(revivable);
        const one = fresh(ann, id);
        stored.set(id, one);
        batch.set(id, record(ann, id, one));
      }
      await pushRecords(t, ann.device1, [...batch.values()]);
      await check(`round ${round}`);
    }

    // A row removed outright (as the cascade of a deleted account removes rows), not tombstoned.
    const victim = present([...stored.keys()][0], 'a stored sighting');
    await sql`DELETE FROM collection_records WHERE owner_id = ${ann.id}::uuid AND id = ${victim}`.execute(
      t.db,
    );
    stored.delete(victim);
    await check('row deleted outright');
  }, 120_000);

  it('keeps each figure right when the sighting it came from leaves the group', async () => {
    const ann = await createSyncMember(t);
    const photo = (id: string) => [{ featured: true, media_id: id, path: `/api/v1.0/media/${id}/original` }];
    const here = { last_mod: 1, names: { USA: 'United States' } };
    // One group (eagle, public, USA): five sightings; the photos on the 2nd and the 4th.
    const sighting = (id: string, day: number, extra: Partial<Observation> = {}, rev = '1_dev') =>
      observationRecord(ann.id, id, { date: D0 + day * DAY, location: here, ...extra }, rev);
    await pushRecords(t, ann.device1, [
      sighting('g1', 1),
      sighting('g2', 2, { media: photo('p2') }),
      sighting('g3', 3),
      sighting('g4', 4, { media: photo('p4') }),
      sighting('g5', 5),
    ]);
    const expectStats = async (step: string) => {
      const live = await liveOf(ann);
      const answer = json<UserStatsResponse>(await get(t, ann.device1, `/users/${ann.id}/stats`));
      expect(answer.stats, step).toEqual(userStats(ann.id, live));
      return answer.stats.observations[BALD_EAGLE];
    };
    expect(await expectStats('five')).toMatchObject({ custom_photo: '/api/v1.0/media/p4/original' });
    const answer = await get(t, ann.device1, `/users/${ann.id}/stats`);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    // The photo's sighting, in the middle of the group's dates, loses its photo: the 2nd's shows.
    await pushRecords(t, ann.device1, [sighting('g4', 4, { media: [] }, '2_dev')]);
    expect(await expectStats('photo removed')).toMatchObject({ custom_photo: '/api/v1.0/media/p2/original' });
    // … and is deleted with its photo back on: the same.
    await pushRecords(t, ann.device1, [sighting('g4', 4, { media: photo('p4') }, '3_dev')]);
    await pushRecords(t, ann.device1, [{ id: 'g4', rev: '4_dev', deleted: true, data: {} }]);
    expect(await expectStats('photo deleted')).toMatchObject({ custom_photo: '/api/v1.0/media/p2/original' });
    // The earliest (the lifer) leaves: the 2nd is the lifer and the first date.
    await pushRecords(t, ann.device1, [{ id: 'g1', rev: '2_dev', deleted: true, data: {} }]);
    expect(await expectStats('earliest deleted')).toMatchObject({ date_seen_first: D0 + 2 * DAY });
    // The latest moves to another group (private): the group's last date and the public view shrink.
    await pushRecords(t, ann.device1, [sighting('g5', 5, { public: false }, '2_dev')]);
    await expectStats('latest made private');
    const theirs = json<UserStatsResponse>(
      await get(t, (await createSyncMember(t)).device1, `/users/${ann.id}/stats`),
    );
    expect(theirs.stats.observations[BALD_EAGLE]).toMatchObject({
      count: 2,
      date_seen_first: D0 + 2 * DAY,
      date_seen_last: D0 + 3 * DAY,
    });
    // An edit of the date inside the group, and one that ties with another's date: ids break it.
    await pushRecords(t, ann.device1, [sighting('g3', 2, {}, '2_dev')]);
    expect(await expectStats('tie on the first date')).toMatchObject({ date_seen_first: D0 + 2 * DAY });
    const list = json<ObservationsResponse>(await get(t, ann.device1, '/observations'));
    expect(list.observations.map((one) => [one.observation_id, one.lifer])).toEqual([
      ['g5', false],
      ['g2', true],
      ['g3', false],
    ]);
  });

  it('answers a page’s lifers right when the earliest record of a species is not a sighting', async () => {
    const ann = await createSyncMember(t);
    await pushRecords(t, ann.device1, [
      observationRecord(ann.id, 'late', { date: D0 + 9 * DAY }),
      observationRecord(ann.id, 'middle', { date: D0 + 5 * DAY }),
    ]);
    // Stored before the push checked records: the earliest entry of the species' index, not an
    // Observation, so the rule skips it.
    await sql`INSERT INTO collection_records
      (collection, owner_id, id, rev, rev_counter, rev_suffix, mod, deleted, data)
      VALUES ('species_observations', ${ann.id}::uuid, 'junk', '1_x', 1, 'x', 1, false,
              ${JSON.stringify({ species_id: BALD_EAGLE, date: D0 })}::jsonb)`.execute(t.db);
    const list = json<ObservationsResponse>(await get(t, ann.device1, '/observations', { limit: '1' }));
    expect(list.observations.map((one) => [one.observation_id, one.lifer])).toEqual([['late', false]]);
    const all = json<ObservationsResponse>(await get(t, ann.device1, '/observations'));
    expect(all.observations.map((one) => [one.observation_id, one.lifer])).toEqual([
      ['late', false],
      ['middle', true],
    ]);
    const stats = json<UserStatsResponse>(await get(t, ann.device1, `/users/${ann.id}/stats`));
    expect(stats.stats.count).toEqual({ observations: 2, lifers: 1 });
    // A REST write sets its flag by the same rule, past the junk: an earlier sighting is the lifer.
    const created = await createObservation(
      t,
      ann.device1,
      BALD_EAGLE,
      sightingBody('early', { date: D0 + DAY }),
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<{ observation: Observation }>().observation.lifer).toBe(true);
    const later = await createObservation(
      t,
      ann.device1,
      BALD_EAGLE,
      sightingBody('later', { date: D0 + 2 * DAY }),
    );
    expect(later.json<{ observation: Observation }>().observation.lifer).toBe(false);
  });
});

describe('GET species/{id}?observations=true', () => {
  it('answers the member’s sightings of the species a page at a time, oldest change first', async () => {
    const ann = await createSyncMember(t);
    const ids = ['s1', 's2', 's3', 's4', 's5'];
    for (const id of ids) await pushRecords(t, ann.device1, [observationRecord(ann.id, id)]);
    await pushRecords(t, ann.device1, [observationRecord(ann.id, 'deer', { species_id: WHITE_TAILED_DEER })]);
    const page = async (query: Record<string, string>) =>
      json<SpeciesResponse>(
        await get(t, ann.device1, `/species/${BALD_EAGLE}`, { observations: 'true', ...query }),
      ).observations.map((one) => one.id);

    expect(await page({})).toEqual(ids);
    expect([
      ...(await page({ limit: '2' })),
      ...(await page({ limit: '2', skip: '2' })),
      ...(await page({ limit: '2', skip: '4' })),
    ]).toEqual(ids);
    expect(await page({ limit: '2', skip: '6' })).toEqual([]);
    for (const limit of ['0', '501']) {
      const refused = await get(t, ann.device1, `/species/${BALD_EAGLE}`, { observations: 'true', limit });
      expect(refused.statusCode, refused.body).toBe(400);
    }
  });
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

describe('the plans', () => {
  it('reads a page of a member’s list and its lifers from the indexes, never sorting every row', async () => {
    const ann = await createSyncMember(t);
    // 3000 sightings over 30 species, straight into the table (the push would take longer).
    await sql`INSERT INTO collection_records
      (collection, owner_id, id, rev, rev_counter, rev_suffix, mod, deleted, data)
      SELECT 'species_observations', ${ann.id}::uuid, 'p' || i, '1_x', 1, 'x', 1, false,
        jsonb_build_object('species_id', 'sp-' || (i % 30), 'date', ${D0} + (i % 500) * ${DAY},
          'public', i % 3 <> 0)
      FROM generate_series(1, 3000) AS i`.execute(t.db);
    await sql`ANALYZE collection_records`.execute(t.db);
    const { reads } = t.app.observations;
    const explain = async (query: ReturnType<typeof reads.listSql>) => {
      const { rows } = await sql<{
        'QUERY PLAN': Array<{ Plan: PlanNode }>;
      }>`EXPLAIN (FORMAT JSON) ${query}`.execute(t.db);
      const plan = present(rows[0], 'a query plan')['QUERY PLAN'];
      const parsed = typeof plan === 'string' ? (JSON.parse(plan) as typeof plan) : plan;
      return nodesOf(present(parsed[0], 'the plan').Plan);
    };
    const page = { limit: 100, skip: 0 };

    const own = await explain(reads.listSql({ ownerId: ann.id, publicOnly: false, ...page }));
    expect(own.map((node) => node['Index Name']).filter(Boolean)).toEqual([
      'collection_records_sightings_date_idx',
    ]);
    expect(own.some((node) => node['Node Type'] === 'Sort')).toBe(false);

    const theirs = await explain(reads.listSql({ ownerId: ann.id, publicOnly: true, ...page }));
    expect(theirs.map((node) => node['Index Name']).filter(Boolean)).toEqual([
      'collection_records_sightings_public_date_idx',
    ]);
    expect(theirs.some((node) => node['Node Type'] === 'Sort')).toBe(false);

    const pairs = Array.from({ length: 30 }, (_, k) => ({ owner: ann.id, species: `sp-${k}` }));
    const lifers = await explain(reads.firstOfPairsSql(pairs));
    expect(lifers.map((node) => node['Index Name']).filter(Boolean)).toEqual([
      'collection_records_sightings_species_idx',
    ]);
    expect(lifers.some((node) => node['Node Type'].includes('Sort'))).toBe(false);
  });
});
