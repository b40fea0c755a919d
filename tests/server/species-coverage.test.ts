/**
 * The config dialog's coverage follows the species actually loaded (server/db/reference/coverage.ts):
 * for every country, the US states and a few other regions, every group GET taxa/classifications
 * offers answers at least one species through POST species, and a group with no species there is
 * not offered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassificationsResponse } from '@contract/reference';
import type { SpeciesListResponse } from '@contract/species';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { api, bearer, buildTestApp, fetchClientToken, type TestApp } from './helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  token = await fetchClientToken(t);
});
afterAll(() => t.close());

/** The classifications offered at a location (active categories of active groups). */
async function offered(locationId: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: api(`/taxa/classifications?location_id=${encodeURIComponent(locationId)}`),
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<ClassificationsResponse>()
    .classifications.flatMap((group) =>
      group.categories.length === 0
        ? group.active && group.classification !== null
          ? [group.classification]
          : []
        : group.categories.filter((category) => category.active).map((category) => category.classification),
    );
}

async function total(locationId: string, classification: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: api('/species'),
    payload: { classifications: [classification], location_id: locationId, limit: 1 },
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SpeciesListResponse>().total;
}

describe('coverage from the species loaded', () => {
  it('offers a group only where its species call answers at least one species', async () => {
    const countries = await t.db
      .selectFrom('locations')
      .select('id')
      .where('parent_id', 'is', null)
      .execute();
    const regions = await t.db
      .selectFrom('locations')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('iso_3166_2', 'like', 'US-%'),
          eb('iso_3166_2', 'in', ['ZA-WC', 'NZ-AUK', 'KE-110', 'CA-BC', 'AU-NSW', 'BR-SP']),
        ]),
      )
      .execute();
    expect(countries.length).toBeGreaterThan(200);
    expect(regions.length).toBeGreaterThan(50);
    const empty: string[] = [];
    for (const { id } of [...countries, ...regions]) {
      for (const classification of await offered(id)) {
        if ((await total(id, classification)) < 1) empty.push(`${id} ${classification}`);
      }
    }
    expect(empty).toEqual([]);
  }, 600_000);

  it('offers what the demo data holds: US birds and mammals, Kenyan reptiles only, NZ birds', async () => {
    expect(await offered('USA')).toEqual(
      expect.arrayContaining(['Birds|IOC', 'Birds|Clements', 'Mammals|All', 'Reptiles', 'Amphibians']),
    );
    // Kenya has no species of the demo extract but the world reptile list.
    expect(await offered('KEN')).toEqual(['Reptiles']);
    expect(await offered('NZL')).toEqual(expect.arrayContaining(['Birds|IOC', 'Birds|Clements']));
    expect(await offered('ZAF')).not.toContain('Birds|IOC');
    const kenya = await t.db
      .selectFrom('locations')
      .select('has_species')
      .where('id', '=', 'KEN')
      .executeTakeFirstOrThrow();
    expect(kenya.has_species).toBe(false);
  });
});
