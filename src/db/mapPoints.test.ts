/**
 * The maps' points table (FieldmarkDB v8, mapPoints.ts) on a real Dexie (fake-indexeddb): filled
 * by the upgrade from version 7, and equal to the points of the sightings after every write path —
 * the direct save of a new sighting, the general save, an edit, a delete, a lifer moving, a pull
 * (with the server's deletes) and a clear. Only the network of the pull is a stand-in.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import type { SyncRecord } from '@contract/sync';
import { createApiClient } from '../api/client';
import {
  deleteObservation,
  editObservation,
  recordObservation,
} from '../features/observations/observationsRepo';
import { demoSpecies } from '../features/species/testSpecies';
import { FAKE_BASE_URL, fakeNetwork } from '../test/fakeNetwork';
import { memberTokens } from '../test/memberTokens';
import { aPublicSighting, aSighting, localSeconds } from '../test/sightings';
import { FieldmarkDB } from './FieldmarkDB';
import { bucketOf, pointsOfChunk } from './mapChunks';
import { mapPointOf, type MapPointRow } from './mapPoints';
import type { ObservationRow } from './rows';
import { memberFilterOf, observationsCollection } from './sync/member';
import { pullCollection } from './sync/pull';
import { freshDatabases } from './testDatabases';

const freshDb = freshDatabases('map-points');
const robin = demoSpecies('Turdus migratorius');
const eagle = demoSpecies('Haliaeetus leucocephalus');
const WREN = 'u-1';
const DAY = 86_400;
const FIRST = localSeconds(2026, 3, 1);
const HERE = { type: 'Point' as const, coordinates: [-120.55, 47] as [number, number] };

/** That `map_chunks` packs exactly `points`: each under its member and bucket, no empty row. */
async function expectChunksHold(database: FieldmarkDB, points: readonly MapPointRow[]): Promise<void> {
  const chunks = await database.map_chunks.toArray();
  for (const chunk of chunks) {
    expect(chunk.ids.length).toBeGreaterThan(0);
    expect(chunk.ids.every((id) => bucketOf(id) === chunk.bucket)).toBe(true);
    expect([chunk.lon.length, chunk.lat.length, chunk.lifer.length]).toEqual(Array(3).fill(chunk.ids.length));
  }
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
  expect(chunks.flatMap(pointsOfChunk).sort(byId)).toEqual(
    points.map(({ species_id: _, ...packed }) => packed).sort(byId),
  );
}

/** The points the sightings on `database` make, as both maps' tables should hold them. */
async function expectPointsFollowSightings(database: FieldmarkDB): Promise<MapPointRow[]> {
  const sightings = await database.species_observations.toArray();
  const expected = sightings.flatMap((row) => mapPointOf(row) ?? []);
  const points = await database.map_points.toArray();
  expect(points).toEqual(expected);
  await expectChunksHold(database, expected);
  return points;
}

describe('map_points', () => {
  it('follows every save, edit and delete of the repository, lifer flags included', async () => {
    const database = await freshDb();
    const seen = { coordinate: HERE, coordinate_hidden: false };
    // The direct path (a new sighting without photos) and the general one (an id given).
    const first = await recordObservation(database, WREN, aSighting(robin, FIRST + DAY, seen));
    const second = await recordObservation(database, WREN, aSighting(robin, FIRST, seen), {
      id: 'chosen-id',
    });
    await recordObservation(database, WREN, aSighting(eagle, FIRST)); // hidden: no point
    let points = await expectPointsFollowSightings(database);
    expect(new Map(points.map((point) => [point.id, point.lifer]))).toEqual(
      new Map([
        [first.id, false],
        [second.id, true],
      ]),
    );

    await editObservation(database, WREN, first.id, {
      coordinate: { type: 'Point', coordinates: [18.4, -33.9] },
    });
    await editObservation(database, WREN, second.id, { coordinate_hidden: true });
    points = await expectPointsFollowSightings(database);
    expect(points).toEqual([expect.objectContaining({ id: first.id, lon: 18.4, lat: -33.9, lifer: false })]);

    // The lifer moves to the other sighting in the delete's transaction, and its point with it.
    await deleteObservation(database, WREN, second.id);
    expect(await expectPointsFollowSightings(database)).toEqual([
      expect.objectContaining({ id: first.id, lifer: true }),
    ]);
    await deleteObservation(database, WREN, first.id);
    expect(await expectPointsFollowSightings(database)).toEqual([]);
  });

  it('follows a pull of sightings, the server’s deletes and a clear', async () => {
    const database = await freshDb();
    const record = (id: string, deleted = false, coordinate = HERE): SyncRecord => ({
      id,
      rev: '1_server',
      mod: FIRST,
      deleted,
      data: { ...aPublicSighting(WREN, id, robin, FIRST, { coordinate, coordinate_hidden: false }) },
    });
    let records: SyncRecord[] = [record('s-1'), record('s-2'), record('s-3')];
    const network = fakeNetwork();
    network.on('GET', 'collection/species_observations', () => ({
      body: { status: 'success', records, more: false, last_mod: FIRST + records.length },
    }));
    const api = createApiClient({
      baseUrl: FAKE_BASE_URL,
      fetch: network.fetch,
      tokens: memberTokens({ auth_token: 'member-token' }),
      now: Date.now,
      isOnline: () => true,
      clientCredentials: { clientId: 'test', clientSecret: 'test' },
      retries: 0,
    });
    const pull = () =>
      pullCollection({ db: database, api }, observationsCollection, { filter: memberFilterOf(WREN) });

    await pull();
    expect((await expectPointsFollowSightings(database)).map((point) => point.id)).toEqual([
      's-1',
      's-2',
      's-3',
    ]);

    records = [
      { ...record('s-1', true), rev: '2_server' },
      { ...record('s-2', false, { type: 'Point', coordinates: [5, 6] }), rev: '2_server' },
    ];
    await pull();
    const points = await expectPointsFollowSightings(database);
    expect(points.map((point) => [point.id, point.lon])).toEqual([
      ['s-2', 5],
      ['s-3', -120.55],
    ]);

    await database.species_observations.clear();
    expect(await database.map_points.count()).toBe(0);
    expect(await database.map_chunks.count()).toBe(0);
  });

  it('keeps the chunks whole through many writes of one transaction in flight at once', async () => {
    const database = await freshDb();
    const at = (index: number) => ({
      coordinate: { type: 'Point' as const, coordinates: [index / 10, -index / 10] as [number, number] },
      coordinate_hidden: false,
    });
    const rows = Array.from({ length: 300 }, (_, index) => ({
      ...aPublicSighting(index % 2 ? WREN : 'u-2', `s-${index}`, robin, FIRST + index, at(index)),
      id: `s-${index}`,
      rev: '1_server',
    }));
    // Many chunks share a bucket: each put reads and rewrites its chunk while the others are in flight.
    await database.transaction('rw', database.species_observations, () =>
      Promise.all(rows.map((row) => database.species_observations.put(row))),
    );
    expect(await expectPointsFollowSightings(database)).toHaveLength(300);

    await database.transaction('rw', database.species_observations, () =>
      Promise.all([
        database.species_observations.bulkDelete(rows.slice(0, 100).map((row) => row.id)),
        ...rows
          .slice(100, 200)
          .map((row) => database.species_observations.put({ ...row, coordinate_hidden: true })),
        ...rows
          .slice(200)
          .map((row) => database.species_observations.put({ ...row, lifer: true, ...at(-1) })),
      ]),
    );
    const points = await expectPointsFollowSightings(database);
    expect(points).toHaveLength(100);
    expect(points.every((point) => point.lifer && point.lon === -0.1)).toBe(true);

    // A range of ids (not a clear): the chunks of exactly those points go.
    await database.species_observations.where('id').between('s-200', 's-250').delete();
    expect(await expectPointsFollowSightings(database)).toHaveLength(50);
  });

  it('rolls back with the sightings when their transaction aborts', async () => {
    const database = await freshDb();
    const row = await recordObservation(
      database,
      WREN,
      aSighting(robin, FIRST, { coordinate: HERE, coordinate_hidden: false }),
    );
    await expect(
      database.transaction('rw', database.species_observations, async () => {
        await database.species_observations.delete(row.id);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await database.map_points.count()).toBe(1);
  });
});

describe('FieldmarkDB version 8', () => {
  const opened: Dexie[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) {
      database.close();
      await Dexie.delete(database.name);
    }
  });

  it('fills map_points from the sightings a version 7 device holds', async () => {
    const name = 'map-points-upgrade';
    // Version 7 as shipped: the v4–v7 stores that still exist.
    const v7 = new Dexie(name);
    v7.version(7).stores({
      collection_marks: 'collection',
      species: 'id, *classifications, *location_ids, family, group_id',
      species_kept: 'id',
      species_observations: 'id, user_id, [user_id+date], [user_id+species_id+date]',
      trips: 'id, user_id, [user_id+date_start], [user_id+date_end]',
      hotspot_likes: 'id, user_id, hotspot_id',
      dirty: '[collection+id], [collection+user_id], user_id',
      photo_uploads: 'media_id, observation_id, created',
      outbox: 'id, time',
      meta: 'key',
    });
    const sighting = (id: string, overrides: Partial<ObservationRow> = {}): ObservationRow => ({
      ...aPublicSighting(WREN, id, robin, FIRST, { coordinate: HERE, coordinate_hidden: false }),
      id,
      rev: '1_abc',
      ...overrides,
    });
    await v7
      .table('species_observations')
      .bulkPut([
        sighting('drawn', { lifer: true }),
        sighting('other-member', { user_id: 'u-2', species_id: eagle.id }),
        sighting('hidden', { coordinate_hidden: true }),
        sighting('tombstone', { deleted: true }),
        sighting('nowhere', { coordinate: null }),
      ]);
    v7.close();

    const upgraded = new FieldmarkDB(name);
    opened.push(upgraded);
    await upgraded.open();
    // Opens at whatever version is latest: later versions must keep the points version 8 filled.
    expect(upgraded.verno).toBeGreaterThanOrEqual(8);
    expect(await upgraded.map_points.orderBy('id').toArray()).toEqual([
      { id: 'drawn', user_id: WREN, species_id: robin.id, lon: -120.55, lat: 47, lifer: true },
      { id: 'other-member', user_id: 'u-2', species_id: eagle.id, lon: -120.55, lat: 47, lifer: false },
    ]);
    expect(await upgraded.species_observations.count()).toBe(5);
    // …and version 18 packs them.
    await expectChunksHold(upgraded, await upgraded.map_points.toArray());
    expect(await upgraded.map_chunks.count()).toBe(2);
  });
});
