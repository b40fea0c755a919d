/**
 * The US/Canada bird list after the IOC range rule (server/db/species/ranges.ts), as imported: the
 * committed demo extract, and the full lists of ../shared/data when they sit beside the checkout.
 * Checked against the IOC file itself, not against the importer's own report.
 */
import { existsSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SOURCE_DIR } from '../../server/db/reference/commands';
import { ensureReferenceData } from '../../server/db/reference/seed';
import type { DB } from '../../server/db/schema';
import { parseRange, usOrCanadaPlaceIn } from '../../server/db/species/ranges';
import { importSpecies } from '../../server/db/species/seed';
import { readSpeciesFiles, SPECIES_EXTRACT_DIR } from '../../server/db/species/sources';
import { buildTestApp, type TestApp } from './helpers';

interface UsBird {
  name: string;
  scientific_name: string;
  family: string | null;
  /** The species' IOC scientific name (its taxa or taxa_alt entry in Birds|IOC), when it has one. */
  ioc_name: string | null;
}

/** The birds keyed to a country (Birds|IOC or Birds|Clements), with their IOC names. */
async function birdsIn(db: Kysely<DB>, locationId: string): Promise<UsBird[]> {
  const { rows } = await sql<UsBird>`
    SELECT s.name, s.scientific_name, s.family,
      (SELECT e->>'name' FROM jsonb_array_elements(jsonb_build_array(s.taxa) || s.taxa_alt) e
        WHERE e->>'classification' = 'Birds|IOC' LIMIT 1) AS ioc_name
    FROM species s JOIN species_locations sl ON sl.species_id = s.id
    WHERE sl.location_id = ${locationId} AND s.group_id = 'birds' AND NOT s.deleted`.execute(db);
  return rows;
}

/** Every IOC species of the source files with NA in a range or a US/Canadian place in its text. */
async function iocRangesOf(dir: string) {
  const files = await readSpeciesFiles(dir);
  const byName = new Map<string, { na: boolean; place: boolean }>();
  for (const row of files.ioc.rows) {
    const breeding = parseRange(row.breeding_range);
    const nonbreeding = parseRange(row.nonbreeding_range);
    byName.set(row.scientific_name ?? '', {
      na: breeding.codes.includes('NA') || nonbreeding.codes.includes('NA'),
      place: usOrCanadaPlaceIn(breeding.text) !== null || usOrCanadaPlaceIn(nonbreeding.text) !== null,
    });
  }
  return { byName, bbs: files.bbs.rows };
}

function checkUsList(birds: UsBird[], ranges: Awaited<ReturnType<typeof iocRangesOf>>) {
  const names = birds.map((bird) => bird.name);
  expect(names).toEqual(expect.arrayContaining(['Bald Eagle', 'American Robin']));
  expect(names).not.toContain('Great Tinamou');
  expect(birds.filter((bird) => bird.family === 'Tinamidae')).toEqual([]);
  // No species whose IOC ranges lack NA and whose range text names no US/Canadian place.
  const outside = birds.filter((bird) => {
    const range = bird.ioc_name === null ? undefined : ranges.byName.get(bird.ioc_name);
    return range !== undefined && !range.na && !range.place;
  });
  expect(outside.map((bird) => bird.name)).toEqual([]);
  // And every BBS species (by its own scientific name) whose IOC range includes NA is there.
  const iocNames = new Set(birds.map((bird) => bird.ioc_name));
  const missing = ranges.bbs
    .map((row) => row.scientific_name ?? '')
    .filter((name) => ranges.byName.get(name)?.na === true && !iocNames.has(name));
  expect(missing).toEqual([]);
}

describe('the US and Canada bird list of the demo extract', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    await ensureReferenceData(t.db);
    await importSpecies(t.db, SPECIES_EXTRACT_DIR, 'demo');
  });
  afterAll(() => t.close());

  it('keeps a BBS bird only when its IOC range includes NA or names a US/Canadian place', async () => {
    const ranges = await iocRangesOf(SPECIES_EXTRACT_DIR);
    const us = await birdsIn(t.db, 'USA');
    checkUsList(us, ranges);
    expect((await birdsIn(t.db, 'CAN')).map((bird) => bird.name).sort()).toEqual(
      us.map((bird) => bird.name).sort(),
    );
  });
});

describe.skipIf(!existsSync(DEFAULT_SOURCE_DIR))('the US and Canada bird list of the full lists', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    await ensureReferenceData(t.db);
    await importSpecies(t.db, DEFAULT_SOURCE_DIR, 'full');
  }, 300_000);
  afterAll(() => t.close());

  it('keeps a BBS bird only when its IOC range includes NA or names a US/Canadian place', async () => {
    checkUsList(await birdsIn(t.db, 'USA'), await iocRangesOf(DEFAULT_SOURCE_DIR));
  });

  it('still knows the tinamous, only not in the United States or Canada', async () => {
    const tinamou = await t.db
      .selectFrom('species')
      .select(['id', 'deleted'])
      .where('scientific_name', '=', 'Tinamus major')
      .executeTakeFirstOrThrow();
    expect(tinamou.deleted).toBe(false);
    const where = await t.db
      .selectFrom('species_locations')
      .select('location_id')
      .where('species_id', '=', tinamou.id)
      .execute();
    expect(where.map((row) => row.location_id)).not.toContain('USA');
  });
});
