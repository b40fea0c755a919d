/**
 * POST species with `search` reads the trigram index (migrations/010_species_search_trgm.sql), not
 * every species row, on PGlite (pg_trgm loaded as an extension) and PostgreSQL 15 alike; and the
 * index answers what the scan answered.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '@contract/text';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { ALL_CLASSIFICATIONS, scopeOf } from '../../server/plugins/app/species/classifications';
import { buildTestApp, type TestApp } from './helpers';
import { present } from '../../src/test/present';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  await sql`ANALYZE species`.execute(t.db);
}, 120_000);
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];

describe('the species search', () => {
  it('reads species_search_text_trgm_idx for a search, never every species row', async () => {
    for (const term of ['bald eag', 'eagle', 'haliaeetus leuco']) {
      const where = t.app.species.listWhere({
        scope: scopeOf(ALL_CLASSIFICATIONS),
        locationIds: ['USA'],
        search: foldText(term),
      });
      const { rows } = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON)
        SELECT count(*) FROM species s WHERE ${where}`.execute(t.db);
      const raw = present(rows[0], 'a query plan')['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
      const nodes = nodesOf(present(plan[0], 'the plan').Plan);
      expect(
        nodes.map((node) => node['Index Name']),
        term,
      ).toContain('species_search_text_trgm_idx');
      expect(
        nodes.some((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'species'),
        term,
      ).toBe(false);
    }
  });

  it('answers with the index what a scan of every row answers', async () => {
    const search = foldText('warbler');
    const where = t.app.species.listWhere({ scope: scopeOf(ALL_CLASSIFICATIONS), locationIds: null, search });
    const query = sql<{ id: string }>`SELECT s.id FROM species s WHERE ${where} ORDER BY s.id`;
    const indexed = (await query.execute(t.db)).rows.map((row) => row.id);
    // The same query with index scans off, in one transaction (one connection of the pool).
    const scanned = await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
      await sql`SET LOCAL enable_indexscan = off`.execute(trx);
      return (await query.execute(trx)).rows.map((row) => row.id);
    });
    expect(indexed.length).toBeGreaterThan(20);
    expect(indexed).toEqual(scanned);
  });
});
