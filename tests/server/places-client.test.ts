/**
 * The places client against the real server (issue 15): what the pages fetch is kept on the device
 * (Dexie on fake-indexeddb) and read back with no network — nearby computed on the device from a
 * position, a place with its guides and species, a field guide with its places — and a like made
 * on the device is a `hotspot_likes` record the push stores and the server counts. The region's
 * places and guides pulled through the `hotspots` and `field_guides` collections answer the same
 * pages offline with nothing opened before.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FieldGuideResponse, HotspotResponse } from '@contract/places';
import type { ApiClient } from '../../src/api/client';
import { FieldmarkDB } from '../../src/db/FieldmarkDB';
import { createSyncEngine, MEMBER_COLLECTIONS, syncMemberData } from '../../src/db/sync';
import { setPlaceLiked } from '../../src/features/places/placeLikesRepo';
import { fieldGuidesCollection, hotspotsCollection } from '../../src/features/places/placesCollection';
import { fetchGuide, fetchGuides, fetchPlace, fetchPlaces } from '../../src/features/places/placesApi';
import { guidesOnDevice, placesOnDevice } from '../../src/features/places/placesStore';
import { memberApiClient } from '../../src/test/memberTokens';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { ensurePlacesData } from '../../server/plugins/app/places/seed';
import { buildTestApp, createMember, signIn, type TestApp, callApi } from './helpers';
import { BALD_EAGLE } from './observation-helpers';
import { present } from '../../src/test/present';

let t: TestApp;
let baseUrl: string;
let admin: string;
let guideId: string;

/** Satara camp, inside Kruger National Park (the demo circle and the real park). */
const SATARA = { lat: -24.39, lng: 31.78 };

function call(method: 'GET' | 'PUT' | 'POST', path: string, token: string, payload?: object) {
  return callApi(t, method, path, token, payload);
}

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  await ensurePlacesData(t.db);
  admin = (await signIn(t, await createMember(t, { roles: ['member', 'admin'] }))).auth_token;
  const created = await call('POST', '/field_guides', admin, {
    name: 'Test Guiding Co',
    phone: '+27 13 000 0000',
    email: 'guides@example.org',
    languages: ['English'],
    latitude: -24.5,
    longitude: 31.6,
  });
  guideId = created.json<FieldGuideResponse>().field_guide.field_guide_id;
  await call('PUT', '/hotspots/kruger-national-park/guides', admin, { field_guide_id: guideId });
  await call('PUT', '/hotspots/kruger-national-park/species', admin, { species_id: BALD_EAGLE });
  baseUrl = await t.listen();
}, 300_000);
afterAll(() => t.close());

let counter = 0;
let db: FieldmarkDB;
let client: ApiClient;
let memberId: string;
let online: boolean;

beforeEach(async () => {
  counter += 1;
  db = new FieldmarkDB(`places-client-${counter}.db`);
  const member = await createMember(t);
  memberId = member.id;
  online = true;
  client = memberApiClient(baseUrl, await signIn(t, member), {
    isOnline: () => online,
    retries: 0,
    fetch: (input, init) => (online ? fetch(input, init) : Promise.reject(new TypeError('offline'))),
  });
});

describe('places kept on the device', () => {
  it('keeps the places near a position and, offline, answers them nearest first (Kruger at 0 km)', async () => {
    await fetchPlaces(db, client, { position: SATARA });
    online = false;
    const near = await placesOnDevice(db, { position: SATARA });
    expect(near[0]?.place.name).toBe('Kruger National Park');
    expect(near[0]?.distanceKm).toBe(0);
    expect(near.map((item) => item.distanceKm)).toEqual(
      [...near.map((item) => item.distanceKm)].sort(
        (a, b) => present(a, 'a distance') - present(b, 'a distance'),
      ),
    );
    // Without a position: the member's region first, then the others.
    const popular = await placesOnDevice(db, { regionId: 'USA-3521' });
    expect(popular[0]?.place.name).toBe('Yosemite National Park');
    expect((await placesOnDevice(db, { search: 'yose' })).map((item) => item.place.id)).toEqual([
      'yosemite-national-park',
    ]);
  });

  it('keeps a place with its guides and regular species, so its page opens offline', async () => {
    expect(await fetchPlace(db, client, 'kruger-national-park')).toBe(true);
    online = false;
    const kept = await db.places.get('kruger-national-park');
    expect(kept?.guides).toEqual([{ field_guide_id: guideId, name: 'Test Guiding Co' }]);
    expect(kept?.species?.find((item) => item.species_id === BALD_EAGLE)?.regular).toBe(true);
    expect(kept?.habitat).toEqual(['savanna', 'woodland', 'riverine']);
    // A list answer afterwards keeps what only the page brought.
    online = true;
    await fetchPlaces(db, client, { search: 'kruger' });
    expect((await db.places.get('kruger-national-park'))?.guides).toHaveLength(1);
  });

  it('answers false for a place the server does not have', async () => {
    expect(await fetchPlace(db, client, 'no-such-place')).toBe(false);
  });

  it('keeps field guides and a guide with its places', async () => {
    await fetchGuides(db, client, { position: SATARA });
    expect(await fetchGuide(db, client, guideId)).toBe(true);
    online = false;
    const [first] = await guidesOnDevice(db, { position: SATARA });
    expect(first?.guide.name).toBe('Test Guiding Co');
    expect((await db.field_guides.get(guideId))?.places).toEqual([
      { hotspot_id: 'kruger-national-park', name: 'Kruger National Park' },
    ]);
  });
});

describe('a like of a place', () => {
  it('made on the device is pushed and counted by the server; unliking is pushed too', async () => {
    await setPlaceLiked(db, memberId, 'addo-elephant-national-park', true, SATARA);
    expect(await db.dirty.count()).toBe(1);
    const engine = createSyncEngine({
      db,
      api: client,
      collections: MEMBER_COLLECTIONS,
      isOnline: () => true,
      currentUserId: () => memberId,
      timers: { setTimeout: () => 0, clearTimeout: () => undefined },
      log: () => undefined,
    });
    const sync = () => syncMemberData({ db, api: client }, engine, memberId);
    const likes = async () =>
      (await call('GET', '/hotspots/addo-elephant-national-park', admin)).json<HotspotResponse>().hotspot
        .likes;
    const before = await likes();
    await sync();
    expect(await db.dirty.count()).toBe(0);
    expect(await likes()).toBe(before + 1);

    await setPlaceLiked(db, memberId, 'addo-elephant-national-park', false);
    expect(await db.hotspot_likes.count()).toBe(1); // the same record, liked: false
    await sync();
    expect(await likes()).toBe(before);
  });
});

describe("the region's places pulled (hotspots, field_guides)", () => {
  function placesEngine() {
    return createSyncEngine({
      db,
      api: client,
      collections: [hotspotsCollection, fieldGuidesCollection],
      isOnline: () => online,
      currentUserId: () => memberId,
      timers: { setTimeout: () => 0, clearTimeout: () => undefined },
      log: () => undefined,
    });
  }

  it('brings the places and guides of the region, so nearby and the guides work offline on first use', async () => {
    const engine = placesEngine();
    await engine.sync('hotspots', { filter: { location_id: 'ZAF' } });
    await engine.sync('field_guides', { filter: { location_id: 'ZAF' } });
    online = false;
    const near = await placesOnDevice(db, { position: SATARA });
    expect(near.map((entry) => entry.place.id).sort()).toEqual([
      'addo-elephant-national-park',
      'isimangaliso-wetland-park',
      'kruger-national-park',
      'table-mountain-national-park',
    ]);
    expect(near[0]).toMatchObject({ place: { name: 'Kruger National Park' }, distanceKm: 0 });
    const guides = await guidesOnDevice(db, { position: SATARA });
    expect(guides.map((entry) => entry.guide.id)).toEqual([guideId]);
    engine.dispose();
  });

  it("keeps what a place's page brought, and the places of an earlier region, when pulling", async () => {
    expect(await fetchPlace(db, client, 'kruger-national-park')).toBe(true);
    const engine = placesEngine();
    await engine.sync('hotspots', { filter: { location_id: 'ZAF' } });
    const kruger = await db.places.get('kruger-national-park');
    expect(kruger?.guides).toEqual([{ field_guide_id: guideId, name: 'Test Guiding Co' }]);
    expect(kruger?.species?.map((species) => species.species_id)).toEqual([BALD_EAGLE]);

    // The member chose another region: its places come, the first region's stay.
    await engine.sync('hotspots', { filter: { location_id: 'USA' } });
    expect(await db.places.count()).toBe(8);
    engine.dispose();
  });
});
