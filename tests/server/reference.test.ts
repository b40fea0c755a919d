import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { messages } from '@contract/messages';
import type {
  ClassificationGroup,
  ClassificationsResponse,
  LanguagesResponse,
  Location,
  LocationResponse,
  LocationsResponse,
  TaxaResponse,
} from '@contract/reference';
import { readExtract } from '../../server/db/reference/extract';
import { ensureReferenceData, seedReferenceData, type SeedCounts } from '../../server/db/reference/seed';
import { api, bearer, buildTestApp, fetchClientToken, type TestApp } from './helpers';

let t: TestApp;
let clientToken: string;
let firstSeed: SeedCounts | null;

const CAPE_TOWN = { lat: -33.9249, lng: 18.4241 };
const DENVER = { lat: 39.7392, lng: -104.9903 };
/** Public IPv4 addresses of known countries in the embedded table (Telkom SA, Google). */
const SOUTH_AFRICAN_IP = '196.25.1.1';
const US_IP = '8.8.8.8';

beforeAll(async () => {
  t = await buildTestApp();
  firstSeed = await ensureReferenceData(t.db);
  // Coverage (what the config dialog offers where) follows the species loaded, as at start-up.
  await ensureSpeciesData(t.db);
  clientToken = await fetchClientToken(t);
});
afterAll(() => t.close());

function get(path: string, options: { remoteAddress?: string; token?: string | null } = {}) {
  const token = options.token === undefined ? clientToken : options.token;
  return t.app.inject({
    method: 'GET',
    url: api(path),
    headers: token === null ? {} : bearer(token),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

async function locations(
  query: string,
  options: { remoteAddress?: string } = {},
): Promise<LocationsResponse> {
  const response = await get(`/locations?${query}`, options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LocationsResponse>();
}

const ids = (list: Location[]) => list.map((location) => location.id);

describe('seeding', () => {
  it('fills the hierarchy, languages and classifications from the committed extract', () => {
    expect(firstSeed).toMatchObject({ languages: 26, classifications: 7 });
    expect(firstSeed?.countries).toBeGreaterThan(250);
    expect(firstSeed?.regions).toBeGreaterThan(4500);
  });

  it('is idempotent: seeding again leaves the same counts, and start-up skips a current extract', async () => {
    const count = async () => ({
      locations: Number(
        (
          await t.db
            .selectFrom('locations')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      languages: Number(
        (
          await t.db
            .selectFrom('languages')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      classifications: Number(
        (
          await t.db
            .selectFrom('taxa_classifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      coverage: Number(
        (
          await t.db
            .selectFrom('location_classifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    });
    const before = await count();
    expect(before.locations).toBe((firstSeed?.countries ?? 0) + (firstSeed?.regions ?? 0));
    expect(await ensureReferenceData(t.db)).toBeNull();
    const again = await seedReferenceData(t.db, await readExtract());
    expect(again).toEqual(firstSeed);
    expect(await count()).toEqual(before);
  });
});

describe('GET locations near a point', () => {
  it('answers the region around Cape Town first (Western Cape), then South Africa', async () => {
    const body = await locations(`lat=${CAPE_TOWN.lat}&lng=${CAPE_TOWN.lng}&limit=5`);
    const [first, second] = body.locations;
    expect(first).toMatchObject({
      id: 'ZAF-1189',
      name: 'Western Cape',
      type: 'region',
      parent_id: 'ZAF',
      country_id: 'ZAF',
      parent_location: [{ id: 'ZAF', name: 'South Africa' }],
    });
    expect(second).toMatchObject({
      id: 'ZAF',
      name: 'South Africa',
      type: 'country',
      parent_id: null,
      country_id: 'ZAF',
    });
    expect(first?.distance_km).toBe(second?.distance_km);
    const distances = body.locations.map((location) => location.distance_km ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeGreaterThan(0);
    expect(distances[0]).toBeLessThan(300);
  });

  it('answers Colorado for Denver', async () => {
    const body = await locations(`lat=${DENVER.lat}&lng=${DENVER.lng}&limit=2`);
    expect(body.locations[0]).toMatchObject({
      name: 'Colorado',
      type: 'region',
      parent_id: 'USA',
      iso_3166_2: 'US-CO',
    });
    expect(body.locations[1]).toMatchObject({ id: 'USA', name: 'United States of America' });
  });

  it('uses the 1:50m label points of US states (island points would answer the Bahamas for Orlando)', async () => {
    const orlando = await locations('lat=28.5384&lng=-81.3789&limit=1');
    expect(orlando.locations[0]).toMatchObject({ name: 'Florida', country_id: 'USA' });
    const austin = await locations('lat=30.2672&lng=-97.7431&limit=1');
    expect(austin.locations[0]).toMatchObject({ name: 'Texas', country_id: 'USA' });
  });

  it('serves the startup call: limit 1 with a flag, basic fields only', async () => {
    const body = await locations(
      `limit=1&lat=${CAPE_TOWN.lat}&lng=${CAPE_TOWN.lng}&with_species_only=true&basic=true`,
    );
    expect(body.locations).toHaveLength(1);
    const [first] = body.locations;
    expect(Object.keys(first ?? {}).sort()).toEqual([
      'country_id',
      'distance_km',
      'id',
      'latitude',
      'longitude',
      'name',
      'parent_id',
      'type',
    ]);
    expect(first).toMatchObject({ id: 'ZAF-1189', name: 'Western Cape', type: 'region', parent_id: 'ZAF' });
  });

  it('filters by type (comma-separated or repeated) and pages with length/skip', async () => {
    const countries = await locations(`lat=${CAPE_TOWN.lat}&lng=${CAPE_TOWN.lng}&types=country&length=3`);
    expect(countries.locations.map((l) => l.type)).toEqual(['country', 'country', 'country']);
    expect(countries.locations[0]?.id).toBe('ZAF');
    const both = await locations(`lat=${CAPE_TOWN.lat}&lng=${CAPE_TOWN.lng}&types=region,country&length=2`);
    expect(ids(both.locations)).toEqual(['ZAF-1189', 'ZAF']);
    const repeated = await locations(
      `lat=${CAPE_TOWN.lat}&lng=${CAPE_TOWN.lng}&types=region&types=country&length=2`,
    );
    expect(ids(repeated.locations)).toEqual(['ZAF-1189', 'ZAF']);
    const skipped = await locations(`lat=${CAPE_TOWN.lat}&lng=${CAPE_TOWN.lng}&length=1&skip=1`);
    expect(ids(skipped.locations)).toEqual(['ZAF']);
  });

  it('finds places across the antimeridian and in the middle of an ocean', async () => {
    // Taveuni, Fiji, east of 180°: Fiji's regions lie on both sides.
    const fiji = await locations('lat=-16.85&lng=-179.95&limit=2');
    expect(fiji.locations.map((l) => l.country_id)).toEqual(['FJI', 'FJI']);
    // Far from any label point: the growing box still finds the nearest.
    const ocean = await locations('lat=-48.0&lng=-130.0&limit=1');
    expect(ocean.locations).toHaveLength(1);
    expect(ocean.locations[0]?.distance_km).toBeGreaterThan(1000);
  });

  it('refuses half a coordinate and out-of-range values', async () => {
    const half = await get(`/locations?lat=${CAPE_TOWN.lat}`);
    expect(half.statusCode).toBe(400);
    expect(half.json()).toEqual({ status: 'failed', reason: messages.locationCoordinatesIncomplete });
    const wrong = await get('/locations?lat=91&lng=0');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ status: 'failed' });
  });

  it('needs a token (a client token is enough)', async () => {
    const response = await get('/locations?limit=1', { token: null });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 'failed', reason: messages.signInRequired });
  });
});

describe('GET locations?search_term', () => {
  it("finds every 'cape' region", async () => {
    const body = await locations('search_term=cape&types=region');
    const names = body.locations.map((l) => l.name);
    expect(names).toEqual(expect.arrayContaining(['Western Cape', 'Eastern Cape', 'Northern Cape']));
  });

  it('ignores accents and case in both directions', async () => {
    const plain = await locations('search_term=sao%20paulo');
    expect(plain.locations[0]).toMatchObject({ name: 'São Paulo', parent_id: 'BRA', iso_3166_2: 'BR-SP' });
    const accented = await locations(`search_term=${encodeURIComponent('SÃO PAULO')}`);
    expect(accented.locations[0]?.id).toBe(plain.locations[0]?.id);
  });

  it('searches names in other languages and old names, best match first', async () => {
    expect((await locations(`search_term=${encodeURIComponent('Südafrika')}`)).locations[0]?.id).toBe('ZAF');
    expect((await locations(`search_term=${encodeURIComponent('南アフリカ')}`)).locations[0]?.id).toBe('ZAF');
    expect((await locations('search_term=orange%20free%20state')).locations[0]?.name).toBe('Free State');
    const exact = await locations('search_term=georgia&limit=5');
    expect(exact.locations.slice(0, 2).map((l) => l.name)).toEqual(['Georgia', 'Georgia']);
    expect(exact.locations[0]?.type).toBe('country');
  });

  it('treats LIKE wildcards literally and combines with the other filters', async () => {
    expect((await locations('search_term=%25')).locations).toEqual([]);
    expect((await locations('search_term=c%25pe')).locations).toEqual([]);
    expect((await locations('search_term=w_stern')).locations).toEqual([]);
    expect((await locations('search_term=%20%20')).locations.length).toBeGreaterThan(0);
    const near = await locations(`search_term=cape&lat=${CAPE_TOWN.lat}&lng=${CAPE_TOWN.lng}&limit=1`);
    expect(near.locations[0]?.name).toBe('Western Cape');
    const children = await locations('parent_id=ZAF&length=50');
    expect(children.locations).toHaveLength(9);
  });
});

describe('GET locations?lat=geoip', () => {
  it('falls back to the default location (United States) for loopback', async () => {
    const body = await locations('limit=1&lat=geoip&lng=geoip', { remoteAddress: '127.0.0.1' });
    expect(ids(body.locations)).toEqual(['USA']);
    expect(body.geoip).toEqual({ country: null, fallback: true });
  });

  it('falls back for private and IPv6 addresses', async () => {
    for (const remoteAddress of ['10.1.2.3', '192.168.0.10', '::1', '2001:db8::1']) {
      const body = await locations('limit=1&lat=geoip&lng=geoip', { remoteAddress });
      expect(ids(body.locations)).toEqual(['USA']);
      expect(body.geoip?.fallback).toBe(true);
    }
  });

  it("answers the caller's country for a public address", async () => {
    const za = await locations('limit=1&lat=geoip&lng=geoip', { remoteAddress: SOUTH_AFRICAN_IP });
    expect(za.locations[0]).toMatchObject({ id: 'ZAF', name: 'South Africa', type: 'country' });
    expect(za.geoip).toEqual({ country: 'ZA', fallback: false });
    const mapped = await locations('lat=geoip', { remoteAddress: `::ffff:${SOUTH_AFRICAN_IP}` });
    expect(ids(mapped.locations)).toEqual(['ZAF']);
    const us = await locations('lat=geoip', { remoteAddress: US_IP });
    expect(us.geoip).toEqual({ country: 'US', fallback: false });
  });
});

describe('GET locations/{id}', () => {
  it('answers a country with its regions', async () => {
    const response = await get('/locations/ZAF');
    expect(response.statusCode).toBe(200);
    const { location } = response.json<LocationResponse>();
    expect(location).toMatchObject({
      id: 'ZAF',
      type: 'country',
      iso_a2: 'ZA',
      iso_a3: 'ZAF',
      continent: 'Africa',
      has_species: true,
      parent: null,
      parent_location: [],
    });
    expect(location.names).toMatchObject({ en: 'South Africa', de: 'Südafrika', fr: 'Afrique du Sud' });
    expect(location.children).toHaveLength(9);
    expect(location.children).toContainEqual({ id: 'ZAF-1189', name: 'Western Cape', type: 'region' });
  });

  it('answers a region with its parent', async () => {
    const { location } = (await get('/locations/ZAF-1189')).json<LocationResponse>();
    expect(location).toMatchObject({
      name: 'Western Cape',
      parent: { id: 'ZAF', name: 'South Africa', type: 'country' },
    });
    expect(location.children).toEqual([]);
  });

  it('answers the failed envelope with 404 for an unknown id', async () => {
    const response = await get('/locations/XXX-0');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'failed', reason: messages.locationNotFound });
  });
});

describe('GET languages', () => {
  it('lists the 26 name languages, English first and default', async () => {
    const { languages } = (await get('/languages')).json<LanguagesResponse>();
    expect(languages).toHaveLength(26);
    expect(languages[0]).toEqual({
      id: 'en',
      locale: 'en',
      name: 'English',
      native_name: 'English',
      direction: 'ltr',
      default: true,
    });
    expect(languages.filter((l) => l.default)).toHaveLength(1);
    expect(languages).toContainEqual(
      expect.objectContaining({ id: 'zht', locale: 'zh-Hant', direction: 'ltr' }),
    );
    expect(languages).toContainEqual(expect.objectContaining({ id: 'ar', direction: 'rtl' }));
  });
});

describe('GET taxa/classifications', () => {
  async function groupsAt(locationId?: string): Promise<Record<string, ClassificationGroup>> {
    const response = await get(`/taxa/classifications${locationId ? `?location_id=${locationId}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ClassificationsResponse>();
    expect(body.location_id).toBe(locationId ?? null);
    return Object.fromEntries(body.classifications.map((group) => [group.id, group]));
  }

  it('offers every group when no location is given', async () => {
    const groups = await groupsAt();
    expect(Object.keys(groups)).toEqual(['birds', 'mammals', 'reptiles', 'amphibians']);
    expect(Object.values(groups).every((group) => group.active)).toBe(true);
  });

  it('South Africa: mammals and amphibians by country, the world reptile list, no bird list yet', async () => {
    const groups = await groupsAt('ZAF');
    expect(groups.birds).toMatchObject({ active: false, coverage: 'none' });
    expect(groups.birds?.categories.map((c) => [c.classification, c.active])).toEqual([
      ['Birds|IOC', false],
      ['Birds|Clements', false],
    ]);
    expect(groups.mammals).toMatchObject({ active: true, coverage: 'local' });
    expect(
      groups.mammals?.categories.every((c) => c.active && c.source?.startsWith('Mammal Diversity Database')),
    ).toBe(true);
    expect(groups.reptiles).toMatchObject({ active: true, coverage: 'world', classification: 'Reptiles' });
    expect(groups.amphibians).toMatchObject({
      active: true,
      coverage: 'local',
      classification: 'Amphibians',
    });
  });

  it('United States: birds from the Breeding Bird Survey list as well', async () => {
    const groups = await groupsAt('USA');
    expect(groups.birds).toMatchObject({ active: true, coverage: 'local' });
    expect(groups.birds?.categories[0]?.source).toContain('Breeding Bird Survey');
    expect(groups.mammals?.active).toBe(true);
  });

  it('a region inherits its country', async () => {
    expect(await groupsAt('ZAF-1189')).toEqual(await groupsAt('ZAF'));
  });

  it('answers 404 for an unknown location', async () => {
    const response = await get('/taxa/classifications?location_id=NOPE');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'failed', reason: messages.locationNotFound });
  });
});

describe('GET taxa', () => {
  it('answers the groups at the root and their classifications below', async () => {
    const roots = (await get('/taxa')).json<TaxaResponse>().taxa;
    expect(roots.map((taxon) => taxon.id)).toEqual(['birds', 'mammals', 'reptiles', 'amphibians']);
    const mammals = (await get('/taxa/mammals/children')).json<TaxaResponse>().taxa;
    expect(mammals.map((taxon) => taxon.classification)).toEqual([
      'Mammals|All',
      'Mammals|Larger',
      'Mammals|Small',
    ]);
    expect((await get('/taxa/reptiles/children')).json<TaxaResponse>().taxa).toEqual([]);
    const unknown = await get('/taxa/fish/children');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'failed', reason: messages.notFound });
  });
});
