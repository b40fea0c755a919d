/**
 * GET species/{id}/distribution_map on a real database with the demo extract and the committed
 * outlines asset: a species' keyed countries and US states come back as their outlines, a location
 * without an outline as its label point, a reptile (world-scope list) as an empty map with
 * scope 'world'; unknown species 404.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistributionMapResponse, OutlinesCollection } from '@contract/media';
import { messages } from '@contract/messages';
import { OUTLINES_FILE } from '../../server/db/reference/outlines';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { api, bearer, buildTestApp, fetchClientToken, type TestApp } from './helpers';

let t: TestApp;
let clientToken: string;
let outlines: OutlinesCollection;

async function speciesIdOf(scientificName: string): Promise<string> {
  const row = await t.db
    .selectFrom('species')
    .select('id')
    .where('scientific_name', '=', scientificName)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function mapOf(speciesId: string): Promise<DistributionMapResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url: api(`/species/${speciesId}/distribution_map`),
    headers: bearer(clientToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DistributionMapResponse>();
}

const outlineOf = (id: string) => outlines.features.find((feature) => feature.id === id)?.geometry;

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  clientToken = await fetchClientToken(t);
  outlines = JSON.parse(await readFile(OUTLINES_FILE, 'utf8')) as OutlinesCollection;
}, 120_000);
afterAll(() => t.close());

describe('GET species/{id}/distribution_map', () => {
  it('draws the African elephant over South Africa with its outline and occurrence', async () => {
    const elephant = await speciesIdOf('Loxodonta africana');
    const map = await mapOf(elephant);
    expect(map.status).toBe('success');
    expect(map.scope).toBe('locations');
    expect(map.distribution_map.type).toBe('FeatureCollection');
    const southAfrica = map.distribution_map.features.find((feature) => feature.id === 'ZAF');
    expect(southAfrica).toMatchObject({
      type: 'Feature',
      properties: { location_id: 'ZAF', name: 'South Africa', occurrence: 'present' },
    });
    expect(['Polygon', 'MultiPolygon']).toContain(southAfrica?.geometry.type);
    expect(southAfrica?.geometry).toEqual(outlineOf('ZAF'));

    const keyed = await t.db
      .selectFrom('species_locations')
      .select('location_id')
      .where('species_id', '=', elephant)
      .execute();
    expect(map.distribution_map.features.map((feature) => feature.id).sort()).toEqual(
      keyed.map((row) => row.location_id).sort(),
    );
  });

  it('draws US states from their own outlines, after the countries', async () => {
    const deer = await speciesIdOf('Odocoileus virginianus');
    const { distribution_map: map } = await mapOf(deer);
    const states = map.features.filter((feature) => feature.id.startsWith('USA-'));
    expect(states.length).toBeGreaterThan(30);
    for (const state of states) expect(state.geometry).toEqual(outlineOf(state.id));
    const firstState = map.features.findIndex((feature) => feature.id.startsWith('USA-'));
    expect(map.features.slice(0, firstState).map((feature) => feature.id)).toContain('USA');
  });

  it('marks a location without an outline by its label point', async () => {
    const elephant = await speciesIdOf('Loxodonta africana');
    // South African provinces have no outline in the asset (Natural Earth 1:50m covers four countries).
    await t.db
      .insertInto('species_locations')
      .values({ species_id: elephant, location_id: 'ZAF-1188', occurrence: 'present', source: 'test' })
      .execute();
    const { distribution_map: map } = await mapOf(elephant);
    expect(map.features.find((feature) => feature.id === 'ZAF-1188')).toEqual({
      type: 'Feature',
      id: 'ZAF-1188',
      properties: { location_id: 'ZAF-1188', name: 'Northern Cape', occurrence: 'present' },
      geometry: { type: 'Point', coordinates: [20.99609, -29.74365] },
    });
  });

  it("answers an empty map with scope 'world' for a reptile (world-scope list)", async () => {
    const crocodile = await speciesIdOf('Crocodylus niloticus');
    expect(await mapOf(crocodile)).toEqual({
      status: 'success',
      scope: 'world',
      distribution_map: { type: 'FeatureCollection', features: [] },
    });
  });

  it('answers 404 for an unknown species and 401 without a token', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: api('/species/mdd-0/distribution_map'),
      headers: bearer(clientToken),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'failed', reason: messages.speciesNotFound });
    const elephant = await speciesIdOf('Loxodonta africana');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: api(`/species/${elephant}/distribution_map`),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
