/**
 * Places (hotspots), field guides, habitat and location writes on a real database (issue 15;
 * docs/places.md): success, 400 naming the field, 401 without a token, 403 for a member on every
 * admin write, 404 for unknown ids, geometry (a point in Kruger answers Kruger first; a polygon beats
 * a nearer point; holes are outside) and the privacy of species_seen.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldGuideResponse, HotspotResponse, HotspotsResponse } from '@contract/places';
import type { PullResponse } from '@contract/sync';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { ensurePlacesData } from '../../server/plugins/app/places/seed';
import { api, buildTestApp, createMember, fetchClientToken, signIn, type TestApp, callApi } from './helpers';
import { BALD_EAGLE, createObservation, sightingBody, WHITE_TAILED_DEER } from './observation-helpers';
import { present } from '../../src/test/present';

let t: TestApp;
let admin: string;
let member: string;
let memberId: string;
let client: string;

/** Satara camp, inside Kruger National Park (the demo circle and the real park). */
const SATARA = { lat: -24.39, lng: 31.78 };

const square = (south: number, west: number, north: number, east: number) => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, token?: string, payload?: object) {
  return callApi(t, method, path, token, payload);
}

const put = (id: string, body: object) => call('PUT', `/hotspots/${id}`, admin, body);

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  expect(await ensurePlacesData(t.db)).toBe(8);
  const adminMember = await createMember(t, { roles: ['member', 'admin'] });
  const plain = await createMember(t);
  memberId = plain.id;
  admin = (await signIn(t, adminMember)).auth_token;
  member = (await signIn(t, plain)).auth_token;
  client = await fetchClientToken(t);
}, 300_000);
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('has every call of SPEC §7 "Hotspots and field guides", GET habitat and PUT/DELETE locations/{id}', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const calls = [
      'get /hotspots/nearby',
      'get /hotspots/species_regular',
      'get /hotspots/species_seen',
      'get /hotspots/popular',
      'get /hotspots',
      'get /hotspots/map',
      'get /hotspots/{id}',
      'put /hotspots/{id}',
      'delete /hotspots/{id}',
      'put /hotspots/{id}/species',
      'delete /hotspots/{id}/species',
      'get /hotspots/{id}/species',
      'get /hotspots/{id}/ratings',
      'put /hotspots/{id}/guides',
      'delete /hotspots/{id}/guides',
      'get /hotspots/{id}/guides',
      'get /field_guides/popular',
      'get /field_guides/nearby',
      'get /field_guides/list',
      'get /field_guides/map',
      'post /field_guides',
      'get /field_guides/{id}',
      'put /field_guides/{id}',
      'delete /field_guides/{id}',
      'put /field_guides/{id}/species',
      'delete /field_guides/{id}/species',
      'get /field_guides/{id}/species',
      'put /field_guides/{id}/hotspots',
      'delete /field_guides/{id}/hotspots',
      'get /field_guides/{id}/hotspots',
      'get /habitat',
      'put /locations/{id}',
      'delete /locations/{id}',
    ];
    const missing = calls.filter((name) => {
      const [method, path] = name.split(' ') as [string, string];
      return doc.paths[api(path)]?.[method] === undefined;
    });
    expect(missing).toEqual([]);
  });
});

describe('demo places', () => {
  it('are seeded once, with their region, and not brought back after a delete', async () => {
    const kruger = (await call('GET', '/hotspots/kruger-national-park', client)).json<HotspotResponse>();
    expect(kruger.hotspot.location_id).toBe('ZAF-1209');
    expect(kruger.hotspot.description).toContain('approximate');
    expect((await call('DELETE', '/hotspots/yosemite-national-park', admin)).statusCode).toBe(200);
    expect(await ensurePlacesData(t.db)).toBeNull();
    expect((await call('GET', '/hotspots/yosemite-national-park', client)).statusCode).toBe(404);
    const guides = await call('GET', '/field_guides/list', client);
    expect(guides.json()).toEqual({ status: 'success', field_guides: [] });
  });
});

describe('who may write', () => {
  const guideId = randomUUID();
  const writes: Array<[string, 'PUT' | 'POST' | 'DELETE', string, object | undefined]> = [
    ['PUT hotspots/{id}', 'PUT', '/hotspots/x1', { name: 'X', latitude: 1, longitude: 1 }],
    ['DELETE hotspots/{id}', 'DELETE', '/hotspots/kruger-national-park', undefined],
    [
      'PUT hotspots/{id}/species',
      'PUT',
      '/hotspots/kruger-national-park/species',
      { species_id: BALD_EAGLE },
    ],
    [
      'DELETE hotspots/{id}/species',
      'DELETE',
      '/hotspots/kruger-national-park/species',
      { species_id: BALD_EAGLE },
    ],
    ['PUT hotspots/{id}/guides', 'PUT', '/hotspots/kruger-national-park/guides', { field_guide_id: guideId }],
    [
      'DELETE hotspots/{id}/guides',
      'DELETE',
      '/hotspots/kruger-national-park/guides',
      { field_guide_id: guideId },
    ],
    ['POST field_guides', 'POST', '/field_guides', { name: 'G', latitude: 1, longitude: 1 }],
    ['PUT field_guides/{id}', 'PUT', `/field_guides/${guideId}`, { name: 'G', latitude: 1, longitude: 1 }],
    ['DELETE field_guides/{id}', 'DELETE', `/field_guides/${guideId}`, undefined],
    ['PUT field_guides/{id}/species', 'PUT', `/field_guides/${guideId}/species`, { species_id: BALD_EAGLE }],
    [
      'DELETE field_guides/{id}/species',
      'DELETE',
      `/field_guides/${guideId}/species`,
      { species_id: BALD_EAGLE },
    ],
    [
      'PUT field_guides/{id}/hotspots',
      'PUT',
      `/field_guides/${guideId}/hotspots`,
      { hotspot_id: 'kruger-national-park' },
    ],
    [
      'DELETE field_guides/{id}/hotspots',
      'DELETE',
      `/field_guides/${guideId}/hotspots`,
      { hotspot_id: 'kruger-national-park' },
    ],
    [
      'PUT locations/{id}',
      'PUT',
      '/locations/ZAF',
      { name: 'X', type: 'country', latitude: 1, longitude: 1 },
    ],
    ['DELETE locations/{id}', 'DELETE', '/locations/ZAF', undefined],
  ];
  it.each(writes)(
    '%s: 401 without a token or with a client token, 403 for a member',
    async (_name, method, path, body) => {
      expect((await call(method, path, undefined, body)).statusCode).toBe(401);
      expect((await call(method, path, client, body)).statusCode).toBe(401);
      const refused = await call(method, path, member, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ status: 'failed' });
    },
  );

  it('a rating needs a member (a client token is not one)', async () => {
    const body = { rating: 4 };
    expect((await call('PUT', '/hotspots/kruger-national-park/ratings', undefined, body)).statusCode).toBe(
      401,
    );
    expect((await call('PUT', '/hotspots/kruger-national-park/ratings', client, body)).statusCode).toBe(401);
  });
});

describe('bad input names the field', () => {
  const reasonOf = (response: Awaited<ReturnType<typeof call>>) => {
    expect(response.statusCode, response.body).toBe(400);
    return response.json<{ reason: string }>().reason;
  };
  it('a ring that does not close', async () => {
    const ring = square(0, 0, 1, 1)
      .slice(0, 4)
      .concat([[0.5, 0.5]]);
    const body = {
      name: 'Open',
      latitude: 0.5,
      longitude: 0.5,
      boundary: { type: 'Polygon', coordinates: [ring] },
    };
    expect(reasonOf(await put('open-ring', body))).toContain('boundary.coordinates[0]');
  });
  it('coordinates out of range', async () => {
    expect(reasonOf(await put('far', { name: 'Far', latitude: 91, longitude: 0 }))).toContain('latitude');
    expect(reasonOf(await call('GET', '/hotspots/nearby?lat=0&lng=181', client))).toContain('lng');
  });
  it('a limit of 10 million and a search of 10 KB', async () => {
    expect(reasonOf(await call('GET', '/hotspots?limit=10000000', client))).toContain('limit');
    expect(reasonOf(await call('GET', `/hotspots?search=${'a'.repeat(10_240)}`, client))).toContain('search');
    expect(reasonOf(await call('GET', `/field_guides/list?search=${'a'.repeat(10_240)}`, client))).toContain(
      'search',
    );
  });
  it('map bounds that are not a box', async () => {
    expect(reasonOf(await call('GET', '/hotspots/map?bounds=0,10,1,5', client))).toContain('bounds');
  });
});

describe('unknown ids answer 404', () => {
  it.each([
    ['GET', '/hotspots/no-such-place'],
    ['GET', '/hotspots/no-such-place/species'],
    ['GET', '/hotspots/no-such-place/ratings'],
    ['GET', '/hotspots/no-such-place/guides'],
    ['DELETE', '/hotspots/no-such-place'],
    ['GET', `/field_guides/${randomUUID()}`],
    ['GET', `/field_guides/${randomUUID()}/species`],
    ['GET', `/field_guides/${randomUUID()}/hotspots`],
    ['DELETE', `/field_guides/${randomUUID()}`],
    ['DELETE', '/locations/NOPE'],
  ] as const)('%s %s', async (method, path) => {
    const response = await call(method, path, method === 'GET' ? client : admin);
    expect(response.statusCode, response.body).toBe(404);
  });
  it('an unknown species or guide in a body', async () => {
    const species = await call('PUT', '/hotspots/kruger-national-park/species', admin, {
      species_id: 'no-such',
    });
    expect(species.statusCode).toBe(404);
    expect(species.json<{ reason: string }>().reason).toContain('species_id');
    const guide = await call('PUT', '/hotspots/kruger-national-park/guides', admin, {
      field_guide_id: randomUUID(),
    });
    expect(guide.statusCode).toBe(404);
    expect(guide.json<{ reason: string }>().reason).toContain('field_guide_id');
  });
});

describe('geometry', () => {
  it('a point in Kruger answers Kruger first', async () => {
    const response = await call(
      'GET',
      `/hotspots/nearby?lat=${SATARA.lat}&lng=${SATARA.lng}&limit=3`,
      client,
    );
    const { hotspots } = response.json<HotspotsResponse>();
    expect(hotspots[0]).toMatchObject({ hotspot_id: 'kruger-national-park', distance_km: 0 });
    expect(hotspots).toHaveLength(3);
    expect(present(hotspots[1], 'the second hotspot').distance_km).toBeGreaterThan(100);
  });

  it('a place whose polygon contains the point comes before a nearer point; a hole is outside', async () => {
    const big = {
      name: 'Big square',
      latitude: 9.5,
      longitude: 9.5,
      habitat: ['grassland'],
      boundary: { type: 'Polygon', coordinates: [square(0, 0, 10, 10), square(4, 4, 6, 6)] },
    };
    const created = await put('big-square', big);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<HotspotResponse>().hotspot.boundary?.coordinates).toHaveLength(2);
    expect((await put('big-square', big)).statusCode).toBe(200);
    expect(
      (await put('small-dot', { name: 'Small dot', latitude: 2.1, longitude: 2.1, radius_km: 1 })).statusCode,
    ).toBe(201);

    const inside = (
      await call('GET', '/hotspots/nearby?lat=2&lng=2&limit=2', client)
    ).json<HotspotsResponse>();
    expect(inside.hotspots.map((h) => [h.hotspot_id, h.distance_km === 0])).toEqual([
      ['big-square', true],
      ['small-dot', false],
    ]);
    const hole = (await call('GET', '/hotspots/nearby?lat=5&lng=5&limit=1', client)).json<HotspotsResponse>();
    expect(present(hole.hotspots[0], 'a hotspot').distance_km).toBeGreaterThan(0);

    const habitat = await call('GET', '/habitat?lat=2&lng=2', client);
    expect(habitat.json()).toMatchObject({
      habitat: ['grassland'],
      hotspot_id: 'big-square',
      distance_km: 0,
    });
    const nowhere = await call('GET', '/habitat?lat=-60&lng=-150', client);
    expect(nowhere.json()).toEqual({ status: 'success', habitat: [], hotspot_id: null, distance_km: null });
  });

  it('map answers at most limit points inside the bounds, and the total', async () => {
    const map = await call('GET', '/hotspots/map?bounds=15,-35,35,-22&limit=2', client);
    const body = map.json<HotspotsResponse & { total: number }>();
    expect(body.total).toBe(4);
    expect(body.hotspots).toHaveLength(2);
    const again = await call('GET', '/hotspots/map?bounds=15,-35,35,-22&limit=2', client);
    expect(again.json()).toEqual(body);
  });

  it('list searches names', async () => {
    const found = (await call('GET', '/hotspots?search=yellow', client)).json<HotspotsResponse>();
    expect(found.hotspots.map((h) => h.hotspot_id)).toEqual(['yellowstone-national-park']);
    expect(present(found.hotspots[0], 'a hotspot').boundary).toBeUndefined();
  });
});

describe('species at places', () => {
  it('species_seen counts public sightings with a visible coordinate inside, never private or hidden ones', async () => {
    const at = { type: 'Point' as const, coordinates: [SATARA.lng, SATARA.lat] as [number, number] };
    const sighting = (overrides: object) =>
      createObservation(
        t,
        member,
        WHITE_TAILED_DEER,
        sightingBody(randomUUID(), { coordinate: at, ...overrides }),
      );
    expect((await sighting({ public: false })).statusCode).toBeLessThan(300);
    expect((await sighting({ coordinate_hidden: true })).statusCode).toBeLessThan(300);
    const seenBefore = (
      await call('GET', `/hotspots/species_seen?species_id=${WHITE_TAILED_DEER}`, client)
    ).json<HotspotsResponse>();
    expect(seenBefore.hotspots).toEqual([]);

    expect((await sighting({})).statusCode).toBeLessThan(300);
    const seen = (
      await call('GET', `/hotspots/species_seen?species_id=${WHITE_TAILED_DEER}`, client)
    ).json<HotspotsResponse>();
    expect(seen.hotspots.map((h) => [h.hotspot_id, h.sightings])).toEqual([['kruger-national-park', 1]]);

    const species = await call('GET', '/hotspots/kruger-national-park/species', client);
    expect(species.json()).toMatchObject({
      species: [{ species_id: WHITE_TAILED_DEER, regular: false, sightings: 1 }],
    });
  });

  it('an admin curates regular species', async () => {
    expect(
      (await call('PUT', '/hotspots/yellowstone-national-park/species', admin, { species_id: BALD_EAGLE }))
        .statusCode,
    ).toBe(200);
    const regular = (
      await call('GET', `/hotspots/species_regular?species_id=${BALD_EAGLE}`, client)
    ).json<HotspotsResponse>();
    expect(regular.hotspots.map((h) => h.hotspot_id)).toEqual(['yellowstone-national-park']);
    const near = (
      await call('GET', `/hotspots/nearby?lat=0&lng=0&species_id=${BALD_EAGLE}`, client)
    ).json<HotspotsResponse>();
    expect(near.hotspots.map((h) => h.hotspot_id)).toEqual(['yellowstone-national-park']);
    await call('DELETE', '/hotspots/yellowstone-national-park/species', admin, { species_id: BALD_EAGLE });
    const after = (
      await call('GET', `/hotspots/species_regular?species_id=${BALD_EAGLE}`, client)
    ).json<HotspotsResponse>();
    expect(after.hotspots).toEqual([]);
  });
});

describe('field guides, likes, ratings and deleting a place', () => {
  it('a guide works at a place; deleting the place removes the link and tombstones the likes', async () => {
    const created = await call('POST', '/field_guides', admin, {
      name: 'Test Guiding Co',
      phone: '+27 13 000 0000',
      email: 'guides@example.org',
      website: 'https://example.org',
      languages: ['English', 'Afrikaans'],
      latitude: -25.0,
      longitude: 31.6,
    });
    expect(created.statusCode, created.body).toBe(201);
    const guideId = created.json<FieldGuideResponse>().field_guide.field_guide_id;
    const reserve = { name: 'Test Reserve', latitude: -25.1, longitude: 31.7, location_id: 'ZAF-1209' };
    expect((await put('test-reserve', reserve)).statusCode).toBe(201);
    expect(
      (await call('PUT', '/hotspots/test-reserve/guides', admin, { field_guide_id: guideId })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/field_guides/${guideId}/species`, admin, { species_id: BALD_EAGLE })).statusCode,
    ).toBe(200);
    const guides = await call('GET', '/hotspots/test-reserve/guides', client);
    expect(guides.json()).toEqual({
      status: 'success',
      field_guides: [{ field_guide_id: guideId, name: 'Test Guiding Co' }],
    });
    const nearby = await call(
      'GET',
      `/field_guides/nearby?lat=-25&lng=31.6&species_id=${BALD_EAGLE}`,
      client,
    );
    expect(nearby.json()).toMatchObject({
      field_guides: [{ field_guide_id: guideId, hotspots: 1, distance_km: 0 }],
    });

    // A member likes the place (the synced collection) and rates it.
    const like = {
      id: randomUUID(),
      rev: '1_device',
      deleted: false,
      data: { user_id: memberId, hotspot_id: 'test-reserve', liked: true, coordinate: null },
    };
    expect((await call('PUT', '/collection/hotspot_likes', member, { data: [like] })).statusCode).toBe(200);
    expect(
      (await call('PUT', '/hotspots/test-reserve/ratings', member, { rating: 4, comment: 'Lions' }))
        .statusCode,
    ).toBe(200);
    const ratings = await call('GET', '/hotspots/test-reserve/ratings', client);
    expect(ratings.json()).toMatchObject({
      average: 4,
      count: 1,
      ratings: [{ user_id: memberId, rating: 4 }],
    });
    const place = (await call('GET', '/hotspots/test-reserve', client)).json<HotspotResponse>();
    expect(place.hotspot).toMatchObject({
      likes: 1,
      rating: 4,
      ratings: 1,
      guides: [{ field_guide_id: guideId }],
    });
    const popular = (await call('GET', '/hotspots/popular?location_id=ZAF', client)).json<HotspotsResponse>();
    // Kruger scores its one public sighting of the year, the reserve its one like.
    expect(popular.hotspots.slice(0, 2)).toMatchObject([
      { hotspot_id: 'kruger-national-park', score: 1, sightings: 1, likes: 0 },
      { hotspot_id: 'test-reserve', score: 1, sightings: 0, likes: 1 },
    ]);

    expect((await call('DELETE', '/hotspots/test-reserve', admin)).statusCode).toBe(200);
    expect((await call('GET', '/hotspots/test-reserve', client)).statusCode).toBe(404);
    const places = await call('GET', `/field_guides/${guideId}/hotspots`, client);
    expect(places.json()).toEqual({ status: 'success', hotspots: [] });
    const pulled = (await call('GET', '/collection/hotspot_likes?last_mod=0', member)).json<PullResponse>();
    expect(pulled.records.find((record) => record.id === like.id)).toMatchObject({
      deleted: true,
      rev: '2_api',
    });

    expect((await call('DELETE', `/field_guides/${guideId}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/field_guides/${guideId}`, client)).statusCode).toBe(404);
  });
});

describe('field guide reads and edits', () => {
  it('popular, list, map, edit, unlink and the guide side of the links', async () => {
    const body = { name: 'Lowveld Birding', latitude: -24.5, longitude: 31.5, location_id: 'ZAF-1209' };
    const bad = await call('POST', '/field_guides', admin, { ...body, website: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ reason: string }>().reason).toContain('website');
    const created = await call('POST', '/field_guides', admin, body);
    const id = created.json<FieldGuideResponse>().field_guide.field_guide_id;

    const edited = await call('PUT', `/field_guides/${id}`, admin, { ...body, about: 'Birding days' });
    expect(edited.json()).toMatchObject({
      field_guide: { field_guide_id: id, about: 'Birding days', places: [] },
    });
    expect((await call('PUT', `/field_guides/${randomUUID()}`, admin, body)).statusCode).toBe(404);

    const link = { hotspot_id: 'kruger-national-park' };
    expect((await call('PUT', `/field_guides/${id}/hotspots`, admin, link)).statusCode).toBe(200);
    const missing = await call('PUT', `/field_guides/${id}/hotspots`, admin, { hotspot_id: 'nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ reason: string }>().reason).toContain('hotspot_id');
    const guidesThere = await call('GET', '/hotspots/kruger-national-park/guides', client);
    expect(guidesThere.json()).toMatchObject({ field_guides: [{ field_guide_id: id }] });

    const popular = await call('GET', '/field_guides/popular?location_id=ZAF', client);
    expect(popular.json()).toMatchObject({ field_guides: [{ field_guide_id: id, hotspots: 1, score: 1 }] });
    const listed = await call('GET', '/field_guides/list?search=lowveld', client);
    expect(listed.json()).toMatchObject({ field_guides: [{ field_guide_id: id }] });
    const map = await call('GET', '/field_guides/map?bounds=30,-25,32,-24&rand=true', client);
    expect(map.json()).toMatchObject({ total: 1, field_guides: [{ field_guide_id: id }] });

    expect(
      (await call('PUT', `/field_guides/${id}/species`, admin, { species_id: BALD_EAGLE })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/field_guides/${id}/species`, client)).json()).toMatchObject({
      species: [{ species_id: BALD_EAGLE }],
    });
    expect(
      (await call('DELETE', `/field_guides/${id}/species`, admin, { species_id: BALD_EAGLE })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/field_guides/${id}/species`, client)).json()).toEqual({
      status: 'success',
      species: [],
    });

    expect(
      (await call('DELETE', '/hotspots/kruger-national-park/guides', admin, { field_guide_id: id }))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', `/field_guides/${id}/hotspots`, client)).json()).toEqual({
      status: 'success',
      hotspots: [],
    });
    expect((await call('PUT', `/field_guides/${id}/hotspots`, admin, link)).statusCode).toBe(200);
    expect((await call('DELETE', `/field_guides/${id}/hotspots`, admin, link)).statusCode).toBe(200);
    expect((await call('GET', '/hotspots/kruger-national-park/guides', client)).json()).toEqual({
      status: 'success',
      field_guides: [],
    });
    expect((await call('DELETE', `/field_guides/${id}`, admin)).statusCode).toBe(200);
  });

  it('nearby answers boundaries only with include_coordinates', async () => {
    const plain = (
      await call('GET', '/hotspots/nearby?lat=2&lng=2&limit=1', client)
    ).json<HotspotsResponse>();
    expect(plain.hotspots[0]).toMatchObject({ hotspot_id: 'big-square', has_boundary: true });
    expect(present(plain.hotspots[0], 'a hotspot').boundary).toBeUndefined();
    const full = (
      await call('GET', '/hotspots/nearby?lat=2&lng=2&limit=1&include_coordinates=true', client)
    ).json<HotspotsResponse>();
    expect(present(full.hotspots[0], 'a hotspot').boundary?.type).toBe('Polygon');
  });
});

describe('locations', () => {
  it('an admin creates, edits and deletes a location; one in use answers 409 naming its users', async () => {
    const country = {
      name: 'Testland',
      type: 'country',
      latitude: 10,
      longitude: 10,
      classifications: { 'birds-ioc': true, 'mammals-all': false },
    };
    const created = await call('PUT', '/locations/TST', admin, country);
    expect(created.statusCode, created.body).toBe(201);
    const flags = await t.db
      .selectFrom('location_classifications')
      .selectAll()
      .where('location_id', '=', 'TST')
      .execute();
    expect(flags.map((f) => [f.classification_id, f.active]).sort()).toEqual([
      ['birds-ioc', true],
      ['mammals-all', false],
    ]);
    expect(
      (await call('PUT', '/locations/TST', admin, { ...country, name: 'Testland 2' })).json(),
    ).toMatchObject({
      location: { id: 'TST', name: 'Testland 2' },
    });
    const region = { name: 'Test Region', type: 'region', parent_id: 'TST', latitude: 10, longitude: 10 };
    expect((await call('PUT', '/locations/TST-1', admin, region)).statusCode).toBe(201);
    const orphan = await call('PUT', '/locations/TST-2', admin, { ...region, parent_id: null });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json<{ reason: string }>().reason).toContain('parent_id');
    expect(
      (await put('test-place', { name: 'Test', latitude: 10, longitude: 10, location_id: 'TST-1' }))
        .statusCode,
    ).toBe(201);

    const inUse = await call('DELETE', '/locations/TST', admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json<{ reason: string }>().reason).toContain('1 region');
    const placeUse = await call('DELETE', '/locations/TST-1', admin);
    expect(placeUse.statusCode).toBe(409);
    expect(placeUse.json<{ reason: string }>().reason).toContain('1 place');

    expect((await call('DELETE', '/hotspots/test-place', admin)).statusCode).toBe(200);
    expect((await call('DELETE', '/locations/TST-1', admin)).statusCode).toBe(200);
    expect((await call('DELETE', '/locations/TST', admin)).statusCode).toBe(200);
    expect((await call('GET', '/locations/TST', client)).statusCode).toBe(404);
  });
});
