/**
 * Coverage marks a derived bird list (issue 21; server/db/reference/coverage.ts): with an
 * evaluation where New Zealand's real list passes the gate, the importer loads derived lists for
 * Australasia (and the regions it judges), and GET taxa/classifications answers them `derived`,
 * while a checklist (the United States, New Zealand) is not, and a country without a list stays
 * inactive. The evaluation is made up; the lists are the rule's on the demo extract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassificationGroup, ClassificationsResponse } from '@contract/reference';
import type { SpeciesListResponse } from '@contract/species';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { loadSpecies, seedSpecies } from '../../server/db/species/seed';
import { SPECIES_EXTRACT_DIR } from '../../server/db/species/sources';
import { madeUpEvaluation } from '../../server/db/species/testEvaluations';
import { api, bearer, buildTestApp, fetchClientToken, type TestApp } from './helpers';

let t: TestApp;
let token: string;

const figures = madeUpEvaluation;

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  const { species, checksum } = await loadSpecies(SPECIES_EXTRACT_DIR, {
    evaluations: [figures('USA', 'NA', false), figures('CAN', 'NA', false), figures('NZL', 'AU', true)],
  });
  await seedSpecies(t.db, species, { origin: 'demo', checksum });
  token = await fetchClientToken(t);
}, 120_000);
afterAll(() => t.close());

async function birdsAt(locationId: string): Promise<ClassificationGroup> {
  const response = await t.app.inject({
    method: 'GET',
    url: api(`/taxa/classifications?location_id=${locationId}`),
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const birds = response.json<ClassificationsResponse>().classifications.find((g) => g.id === 'birds');
  if (!birds) throw new Error('no birds group');
  return birds;
}

describe('coverage of a derived bird list', () => {
  it('answers derived where the gate let a derived list in, and where only one was loaded', async () => {
    const australia = await birdsAt('AUS');
    expect(australia).toMatchObject({ active: true, coverage: 'local', derived: true });
    expect(australia.categories.map((c) => [c.classification, c.active, c.derived])).toEqual([
      ['Birds|IOC', true, true],
      ['Birds|Clements', true, true],
    ]);
    expect(australia.categories[0]?.source).toBe('Derived from IOC World Bird List v10.2 range descriptions');
    // A region inherits its country's coverage.
    const region = await t.db
      .selectFrom('locations')
      .select('id')
      .where('iso_3166_2', '=', 'AU-NSW')
      .executeTakeFirstOrThrow();
    expect(await birdsAt(region.id)).toMatchObject({ active: true, derived: true });

    const response = await t.app.inject({
      method: 'POST',
      url: api('/species'),
      payload: { classifications: ['Birds|IOC'], location_id: 'AUS', limit: 1 },
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SpeciesListResponse>().total).toBeGreaterThan(0);
  });

  it('answers a checklist as not derived, and a region that did not pass as inactive', async () => {
    for (const id of ['USA', 'NZL']) {
      const birds = await birdsAt(id);
      expect(birds, id).toMatchObject({ active: true, coverage: 'local', derived: false });
      expect(birds.categories.every((c) => !c.derived)).toBe(true);
    }
    // Africa is judged by North America's lists, which did not pass.
    expect(await birdsAt('ZAF')).toMatchObject({ active: false, coverage: 'none', derived: false });
    // Mammals in the United States: a checklist.
    const response = await t.app.inject({
      method: 'GET',
      url: api('/taxa/classifications?location_id=USA'),
      headers: bearer(token),
    });
    const groups = response.json<ClassificationsResponse>().classifications;
    expect(groups.find((g) => g.id === 'mammals')).toMatchObject({ coverage: 'local', derived: false });
  });
});
