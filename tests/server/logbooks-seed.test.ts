/**
 * The demo logbooks (docs/shop.md "Demo logbooks") on the demo species extract: seeded once, each
 * checklist the imported list of its country (never empty, every species a real imported record),
 * and the printed codes redeemable by a member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logbook } from '@contract/logbooks';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import {
  DEMO_CODES_PER_LOGBOOK,
  DEMO_LOGBOOKS,
  demoCodesCsv,
  ensureLogbooksData,
} from '../../server/plugins/app/logbooks/seed';
import { buildTestApp, callApi, createMember, fetchClientToken, signIn, type TestApp } from './helpers';
import { present } from '../../src/test/present';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
}, 300_000);
afterAll(() => t.close());

describe('demo logbooks', () => {
  it('seeds the real checklists once, with codes a member can redeem', async () => {
    const codes = present(await ensureLogbooksData(t.db), 'the seeded codes');
    expect(codes).toHaveLength(DEMO_LOGBOOKS.length * DEMO_CODES_PER_LOGBOOK);
    expect(await ensureLogbooksData(t.db)).toBeNull();
    expect(demoCodesCsv(codes).split('\n')[0]).toBe('code,product_id,batch,logbook');

    const client = await fetchClientToken(t);
    const listed = (await callApi(t, 'GET', '/logbooks', client)).json<{ logbooks: Logbook[] }>().logbooks;
    expect(listed.map((l) => l.product_id).sort()).toEqual(DEMO_LOGBOOKS.map((l) => l.id).sort());
    for (const logbook of listed) expect(logbook.species_total).toBeGreaterThan(50);

    const member = (await signIn(t, await createMember(t))).auth_token;
    const mammalsId = present(DEMO_LOGBOOKS[0], 'the first demo logbook').id;
    const mammals = present(
      codes.find((c) => c.product_id === mammalsId),
      'a code of the mammals logbook',
    );
    const activated = await callApi(t, 'PUT', '/logbooks/activate', member, {
      activation_code: mammals.code,
    });
    expect(activated.statusCode).toBe(200);
    const download = await callApi(t, 'GET', `/logbooks/download/${mammals.product_id}`, member);
    const species = download.json<{ species: { species_id: string; scientific_name: string }[] }>().species;
    // The imported Mammal Diversity Database records of South Africa, e.g. the African bush elephant.
    expect(species.map((s) => s.scientific_name)).toContain('Loxodonta africana');
    expect(species.every((s) => s.species_id.startsWith('mdd-'))).toBe(true);
  });
});
