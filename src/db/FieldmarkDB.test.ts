import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { DATABASE_NAME, FieldmarkDB } from './FieldmarkDB';
import { bucketOf, MAP_CHUNK_BUCKETS, pointsOfChunk } from './mapChunks';

let counter = 0;
const opened: Dexie[] = [];

/** A fresh database per test: no state is shared between tests. */
function freshName(): string {
  counter += 1;
  return `test-app-${counter}.db`;
}

/** The app's database as this version opens it (closed and deleted after the test). */
async function openCurrent(name: string): Promise<FieldmarkDB> {
  const database = new FieldmarkDB(name);
  opened.push(database);
  await database.open();
  return database;
}

/** The version this code declares last (Dexie allows gaps: 11, 13 and 15 were reserved by parallel work, then not needed). */
const LATEST_VERSION = 18;

/**
 * The stores each earlier app version declared, written out as they were shipped (not read from
 * FieldmarkDB, which moves on): what a device that ran that version has on disk.
 */
const PAST_SCHEMAS: ReadonlyArray<[version: number, stores: Record<string, string>]> = [
  [1, { collection_marks: 'collection' }],
  [2, { species: 'id, *classifications, *location_ids, *tokens, family, group_id' }],
  [3, { species: 'id, *classifications, *location_ids, family, group_id' }],
  [
    4,
    {
      species_observations: 'id, user_id, [user_id+species_id], [user_id+date]',
      trips: 'id, user_id, [user_id+date_start]',
      hotspot_likes: 'id, user_id, hotspot_id',
      dirty: '[collection+id], [collection+user_id], user_id',
      photo_uploads: 'media_id, observation_id, created',
      outbox: 'id, time',
      meta: 'key',
    },
  ],
  [5, { species_observations: 'id, user_id, [user_id+date], [user_id+species_id+date]' }],
  [6, { trips: 'id, user_id, [user_id+date_start], [user_id+date_end]' }],
  [7, { species_kept: 'id' }],
  [8, { map_points: 'id, user_id, [user_id+species_id]' }],
  [9, { species_observations: 'id, user_id, [user_id+date], [user_id+species_id+date], *trips' }],
  [10, { places: 'id, name, location_id', field_guides: 'id, name' }],
  [12, { newsfeed_items: '[feed+feed_id], [feed+mod], feed_id' }],
  [
    14,
    {
      chat_sessions: '[owner_id+session_id], owner_id, [owner_id+user_id]',
      chat_messages: '[owner_id+message_id], [owner_id+session_id+last_mod]',
    },
  ],
  [16, { logbooks: '[user_id+product_id], user_id' }],
  [17, { groups_kept: '[viewer_id+key]' }],
];

/** A kept place row with only what the indexes read varying. */
function aPlace(id: string, name: string) {
  return {
    id,
    hotspot_id: id,
    name,
    description: '',
    location_id: null,
    location_name: null,
    latitude: 0,
    longitude: 0,
    radius_km: 5,
    has_boundary: false,
    habitat: [],
    likes: 0,
    rating: null,
    ratings: 0,
    kept: 1,
  };
}

/** A database as app version `version` left it, to upgrade from. */
function pastDatabase(name: string, version: number): Dexie {
  const database = new Dexie(name);
  for (const [past, stores] of PAST_SCHEMAS) if (past <= version) database.version(past).stores(stores);
  return database;
}

afterEach(async () => {
  for (const database of opened.splice(0)) {
    database.close();
    await Dexie.delete(database.name);
  }
});

describe('FieldmarkDB', () => {
  it('is called app.db in the app', () => {
    expect(DATABASE_NAME).toBe('app.db');
    expect(new FieldmarkDB().name).toBe('app.db');
  });

  it("commits the member's own writes strictly and re-fetchable data with the default", async () => {
    const database = await openCurrent(freshName());
    const durabilityOf = (...tables: Dexie.Table[]) =>
      database.transaction('rw', tables, (transaction) => transaction.idbtrans.durability);

    expect(await durabilityOf(database.species_observations, database.dirty)).toBe('strict');
    expect(await durabilityOf(database.photo_uploads)).toBe('strict');
    expect(await durabilityOf(database.outbox)).toBe('strict');
    expect(await durabilityOf(database.species, database.collection_marks)).toBe('default');
    expect(
      await database.transaction('r', database.dirty, (transaction) => transaction.idbtrans.durability),
    ).toBe('default');
  });

  it('creates collection_marks keyed by collection name (version 1)', async () => {
    const database = await openCurrent(freshName());

    expect(database.verno).toBe(LATEST_VERSION);
    expect(database.collection_marks.schema.primKey.keyPath).toBe('collection');
    await database.collection_marks.put({
      collection: 'trips',
      remote_mod: 10,
      local_mod: 5,
      needs_retry: false,
    });
    await database.collection_marks.put({
      collection: 'trips',
      remote_mod: 20,
      local_mod: 5,
      needs_retry: true,
    });

    expect(await database.collection_marks.count()).toBe(1);
    expect(await database.collection_marks.get('trips')).toEqual({
      collection: 'trips',
      remote_mod: 20,
      local_mod: 5,
      needs_retry: true,
    });
  });

  it('creates species with its indexes: multi-entry classifications and location ids (versions 2, 3)', async () => {
    const database = await openCurrent(freshName());

    const schema = database.species.schema;
    expect(schema.primKey.keyPath).toBe('id');
    const indexes = Object.fromEntries(schema.indexes.map((index) => [index.name, index.multi]));
    expect(indexes).toEqual({ classifications: true, location_ids: true, family: false, group_id: false });
  });

  it('upgrades a version 1 database, keeping its collection marks', async () => {
    const name = freshName();
    const v1 = pastDatabase(name, 1);
    await v1.table('collection_marks').bulkPut([
      { collection: 'trips', remote_mod: 42, local_mod: 7, needs_retry: true },
      { collection: 'hotspot_likes', remote_mod: 3, local_mod: 0, needs_retry: false },
    ]);
    v1.close();

    const database = await openCurrent(name);

    expect(database.verno).toBe(LATEST_VERSION);
    expect(await database.collection_marks.orderBy('collection').toArray()).toEqual([
      { collection: 'hotspot_likes', remote_mod: 3, local_mod: 0, needs_retry: false },
      { collection: 'trips', remote_mod: 42, local_mod: 7, needs_retry: true },
    ]);
    expect(await database.species.count()).toBe(0);
  });

  it('upgrades a version 2 database to version 3: species rows kept, the tokens index dropped', async () => {
    const name = freshName();
    const v2 = pastDatabase(name, 2);
    const bald = {
      id: 'ioc-7769',
      classifications: ['Birds|IOC'],
      location_ids: ['USA'],
      tokens: ['bald', 'eagle'],
    };
    await v2.table('species').put(bald);
    await v2
      .table('collection_marks')
      .put({ collection: 'species', remote_mod: 9, local_mod: 0, needs_retry: false });
    v2.close();

    const database = await openCurrent(name);

    expect(database.verno).toBe(LATEST_VERSION);
    const native = database.backendDB().transaction('species').objectStore('species').indexNames;
    expect([...native].sort()).toEqual(['classifications', 'family', 'group_id', 'location_ids']);
    expect(await database.species.get('ioc-7769')).toEqual(bald);
    expect(await database.species.where('location_ids').equals('USA').primaryKeys()).toEqual(['ioc-7769']);
    expect(await database.collection_marks.get('species')).toMatchObject({ remote_mod: 9 });
  });

  it('upgrades a version 4 database with unsynced sightings to version 5: rows, marks and queued photos kept', async () => {
    const name = freshName();
    const v4 = pastDatabase(name, 4);
    const sighting = {
      id: 'obs-1',
      user_id: 'u-1',
      species_id: 'avibase-fed3756c',
      date: 1_700_000_000,
      rev: '1_dev',
    };
    await v4.table('species_observations').put(sighting);
    await v4
      .table('dirty')
      .put({ collection: 'species_observations', id: 'obs-1', user_id: 'u-1', rev: '1_dev', since: 1 });
    await v4.table('photo_uploads').put({
      media_id: 'm-1',
      observation_id: 'obs-1',
      user_id: 'u-1',
      bytes: new ArrayBuffer(3),
      created: 1,
    });
    v4.close();

    const database = await openCurrent(name);

    expect(database.verno).toBe(LATEST_VERSION);
    expect(await database.species_observations.get('obs-1')).toEqual(sighting);
    expect(
      await database.species_observations
        .where('[user_id+species_id+date]')
        .equals(['u-1', 'avibase-fed3756c', 1_700_000_000])
        .primaryKeys(),
    ).toEqual(['obs-1']);
    expect(await database.dirty.get(['species_observations', 'obs-1'])).toMatchObject({ rev: '1_dev' });
    expect(await database.photo_uploads.count()).toBe(1);
  });

  it('upgrades a version 5 database with an unsynced trip to version 6: the trip, its mark and its end-date index', async () => {
    const name = freshName();
    const v5 = pastDatabase(name, 5);
    const trip = {
      id: 'trip-1',
      trip_id: 'trip-1',
      user_id: 'u-1',
      name: 'Skagit flats',
      date_start: 1_700_000_000,
      date_end: 1_700_086_399,
      rev: '1_dev',
    };
    await v5.table('trips').put(trip);
    await v5
      .table('dirty')
      .put({ collection: 'trips', id: 'trip-1', user_id: 'u-1', rev: '1_dev', since: 1 });
    v5.close();

    const database = await openCurrent(name);

    expect(database.verno).toBe(LATEST_VERSION);
    expect(await database.trips.get('trip-1')).toEqual(trip);
    expect(
      await database.trips.where('[user_id+date_end]').equals(['u-1', 1_700_086_399]).primaryKeys(),
    ).toEqual(['trip-1']);
    expect(await database.dirty.get(['trips', 'trip-1'])).toMatchObject({ rev: '1_dev' });
  });

  it('upgrades a version 6 database with an unsynced sighting to version 7: the sighting, its mark and an empty kept-species table', async () => {
    const name = freshName();
    const v6 = pastDatabase(name, 6);
    const sighting = { id: 'obs-1', user_id: 'u-1', species_id: 'avibase-fed3756c', date: 1, rev: '1_dev' };
    await v6.table('species_observations').put(sighting);
    await v6
      .table('dirty')
      .put({ collection: 'species_observations', id: 'obs-1', user_id: 'u-1', rev: '1_dev', since: 1 });
    v6.close();

    const database = await openCurrent(name);

    expect(database.verno).toBe(LATEST_VERSION);
    expect(await database.species_observations.get('obs-1')).toEqual(sighting);
    expect(await database.dirty.get(['species_observations', 'obs-1'])).toMatchObject({ rev: '1_dev' });
    expect(await database.species_kept.count()).toBe(0);
  });

  it('upgrades a version 8 database to version 9: sightings, marks and map points kept, trip links indexed', async () => {
    const name = freshName();
    const v8 = pastDatabase(name, 8);
    const linked = {
      id: 'obs-1',
      user_id: 'u-1',
      species_id: 'avibase-fed3756c',
      date: 1,
      trips: ['t-1', 't-2'],
      rev: '1_dev',
    };
    const unlinked = { id: 'obs-2', user_id: 'u-1', species_id: null, date: 2, trips: [], rev: '1_server' };
    await v8.table('species_observations').bulkPut([linked, unlinked]);
    await v8
      .table('dirty')
      .put({ collection: 'species_observations', id: 'obs-1', user_id: 'u-1', rev: '1_dev', since: 1 });
    const point = {
      id: 'obs-1',
      user_id: 'u-1',
      species_id: 'avibase-fed3756c',
      lon: -122,
      lat: 47,
      lifer: true,
    };
    await v8.table('map_points').put(point);
    v8.close();

    const database = await openCurrent(name);

    expect(database.verno).toBe(LATEST_VERSION);
    expect(await database.species_observations.get('obs-1')).toEqual(linked);
    expect(await database.species_observations.where('trips').equals('t-2').primaryKeys()).toEqual(['obs-1']);
    expect(await database.species_observations.where('trips').equals('t-1').count()).toBe(1);
    expect(
      await database.species_observations.where('[user_id+date]').equals(['u-1', 2]).primaryKeys(),
    ).toEqual(['obs-2']);
    expect(await database.dirty.get(['species_observations', 'obs-1'])).toMatchObject({ rev: '1_dev' });
    expect(await database.map_points.get('obs-1')).toEqual(point);
  });

  it('upgrades a version 9 database to version 10: sightings, likes and marks kept, empty place tables', async () => {
    const name = freshName();
    const v9 = pastDatabase(name, 9);
    const like = {
      id: 'kruger-national-park',
      user_id: 'u-1',
      hotspot_id: 'kruger-national-park',
      liked: true,
      coordinate: null,
      rev: '1_dev',
    };
    await v9.table('hotspot_likes').put(like);
    await v9
      .table('dirty')
      .put({ collection: 'hotspot_likes', id: like.id, user_id: 'u-1', rev: '1_dev', since: 1 });
    v9.close();

    const database = await openCurrent(name);

    expect(database.verno).toBe(LATEST_VERSION);
    expect(await database.hotspot_likes.get(like.id)).toEqual(like);
    expect(await database.dirty.get(['hotspot_likes', like.id])).toMatchObject({ rev: '1_dev' });
    expect(await database.places.count()).toBe(0);
    await database.places.bulkPut([
      { ...aPlace('b', 'Yosemite National Park'), location_id: 'USA-3521' },
      { ...aPlace('a', 'Kruger National Park'), location_id: 'ZAF-1209' },
    ]);
    expect(await database.places.orderBy('name').primaryKeys()).toEqual(['a', 'b']);
    expect(await database.places.where('location_id').equals('USA-3521').primaryKeys()).toEqual(['b']);
    expect(await database.field_guides.count()).toBe(0);
  });

  it('upgrades a version 10 database to version 14: outbox and places kept, empty chat tables', async () => {
    const name = freshName();
    const v10 = pastDatabase(name, 10);
    const stored = {
      id: 'r-1',
      url: 'media/m-1/likes/u-1',
      type: 'PUT',
      data: { liked: true },
      time: 5,
      user_id: 'u-1',
      attempts: 0,
    };
    await v10.table('outbox').put(stored);
    await v10.table('places').put(aPlace('a', 'Kruger National Park'));
    v10.close();

    const database = await openCurrent(name);

    expect(database.verno).toBe(LATEST_VERSION);
    expect(await database.outbox.get('r-1')).toEqual(stored);
    expect(await database.places.get('a')).toMatchObject({ name: 'Kruger National Park' });
    expect(await database.chat_sessions.count()).toBe(0);
    const message = {
      owner_id: 'u-1',
      message_id: 'm-1',
      session_id: 's-1',
      user_id: 'u-2',
      message: 'Hello',
      created_at: 1,
      last_mod: 7,
    };
    await database.chat_messages.put(message);
    expect(
      await database.chat_messages
        .where('[owner_id+session_id+last_mod]')
        .between(['u-1', 's-1', 0], ['u-1', 's-1', Infinity])
        .toArray(),
    ).toEqual([message]);
  });

  it('upgrades a version 12 database with a kept newsfeed: its items kept, read by feed and mark', async () => {
    const name = freshName();
    const v12 = pastDatabase(name, 12);
    const row = (feed: string, feedId: string, mod: number) => ({
      feed,
      feed_id: feedId,
      mod,
      kept: 1,
      item: { feed_id: feedId },
    });
    await v12
      .table('newsfeed_items')
      .bulkPut([row('all', 'p-1', 3), row('all', 'p-2', 9), row('following:u-1', 'p-1', 3)]);
    v12.close();

    const database = await openCurrent(name);

    expect(database.verno).toBe(LATEST_VERSION);
    const newestFirst = await database.newsfeed_items
      .where('[feed+mod]')
      .between(['all', -Infinity], ['all', Infinity])
      .reverse()
      .toArray();
    expect(newestFirst.map((item) => item.feed_id)).toEqual(['p-2', 'p-1']);
    expect(await database.newsfeed_items.where('feed_id').equals('p-1').count()).toBe(2);
  });

  it("adds logbooks (version 16): a member's owned ones, kept apart from another member's", async () => {
    const name = freshName();
    const v12 = pastDatabase(name, 12);
    await v12.table('places').put(aPlace('kruger', 'Kruger'));
    v12.close();

    const database = await openCurrent(name);

    expect(database.verno).toBe(LATEST_VERSION);
    expect(await database.places.get('kruger')).toMatchObject({ name: 'Kruger' });
    const row = (userId: string, productId: string) => ({
      product_id: productId,
      name: productId,
      description: '',
      images: [],
      location_id: 'ZAF',
      classification: 'mammals-larger',
      species_total: 1,
      user_logbook_id: `${userId}-${productId}`,
      user_id: userId,
      activation_code: null,
      seen: 0,
      species: [],
      ticks: [],
      kept: 1,
    });
    await database.logbooks.bulkPut([row('u-1', 'p-1'), row('u-1', 'p-2'), row('u-2', 'p-1')]);
    expect(await database.logbooks.where('user_id').equals('u-1').count()).toBe(2);
    expect(await database.logbooks.get(['u-2', 'p-1'])).toMatchObject({ user_logbook_id: 'u-2-p-1' });
  });

  it("adds kept groups (version 17): a member's answers, kept apart from another member's", async () => {
    const name = freshName();
    const v16 = pastDatabase(name, 16);
    await v16.table('newsfeed_items').put({ feed: 'all', feed_id: 'p-1', mod: 3, kept: 1, item: {} });
    v16.close();

    const database = await openCurrent(name);

    expect(database.verno).toBe(LATEST_VERSION);
    expect(await database.newsfeed_items.where('feed_id').equals('p-1').count()).toBe(1);
    await database.groups_kept.bulkPut([
      { viewer_id: 'u-1', key: 'list:mine', groups: [], kept: 1 },
      { viewer_id: 'u-2', key: 'list:mine', groups: [], kept: 2 },
    ]);
    expect(await database.groups_kept.get(['u-1', 'list:mine'])).toMatchObject({ kept: 1 });
    expect(await database.groups_kept.get(['u-2', 'list:mine'])).toMatchObject({ kept: 2 });
  });

  it("packs a version 17 device's map points into chunks per member (version 18)", async () => {
    const name = freshName();
    const v17 = pastDatabase(name, 17);
    // Points as version 17 kept them beside the sightings: two members, one of them with points
    // in most buckets, lifers among them.
    const point = (userId: string, index: number) => ({
      id: `${userId}-obs-${index}`,
      user_id: userId,
      species_id: index % 3 === 0 ? null : 'avibase-fed3756c',
      lon: -122 + index / 1000,
      lat: 47 - index / 1000,
      lifer: index % 7 === 0,
    });
    const points = [
      ...Array.from({ length: 500 }, (_, index) => point('u-1', index)),
      ...Array.from({ length: 3 }, (_, index) => point('u-2', index)),
    ];
    await v17.table('map_points').bulkPut(points);
    await v17.table('species_observations').put({ id: 'u-1-obs-0', user_id: 'u-1', date: 1, trips: [] });
    v17.close();

    const database = await openCurrent(name);

    expect(database.verno).toBe(LATEST_VERSION);
    const chunks = await database.map_chunks.toArray();
    // One row per bucket the member's points hash to: 500 points spread over most of them.
    const buckets = new Set(points.filter((p) => p.user_id === 'u-1').map((p) => bucketOf(p.id))).size;
    expect(buckets).toBeGreaterThan(MAP_CHUNK_BUCKETS / 2);
    expect(chunks.filter((chunk) => chunk.user_id === 'u-1')).toHaveLength(buckets);
    for (const chunk of chunks) {
      expect(chunk.ids.every((id) => bucketOf(id) === chunk.bucket)).toBe(true);
      expect([chunk.lon.length, chunk.lat.length, chunk.lifer.length]).toEqual(
        Array(3).fill(chunk.ids.length),
      );
    }
    const packed = chunks.flatMap(pointsOfChunk).sort((a, b) => a.id.localeCompare(b.id));
    const expected = points
      .map(({ species_id: _, ...rest }) => rest)
      .sort((a, b) => a.id.localeCompare(b.id));
    expect(packed).toEqual(expected);
    // The points and the sightings stay as they were.
    expect(await database.map_points.count()).toBe(503);
    expect(await database.species_observations.get('u-1-obs-0')).toMatchObject({ user_id: 'u-1' });
  });

  it('keeps its data across close and reopen', async () => {
    const name = freshName();
    const first = new FieldmarkDB(name);
    await first.collection_marks.put({
      collection: 'species',
      remote_mod: 1,
      local_mod: 0,
      needs_retry: false,
    });
    first.close();

    const second = new FieldmarkDB(name);
    opened.push(second);
    expect(await second.collection_marks.get('species')).toMatchObject({ remote_mod: 1 });
  });
});
