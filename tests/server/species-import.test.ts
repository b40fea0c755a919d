/**
 * The species importer on a real database (PGlite, or PostgreSQL with FIELDMARK_TEST_DB=postgres):
 * the committed demo extract always; the full lists of ../shared/data when they sit beside the
 * checkout (a user's clone has no ../shared, so that part is skipped there). Each import is made
 * once and read by every test of its block, the US/Canada bird list (the IOC range rule,
 * server/db/species/ranges.ts) included: it is checked against the IOC file itself, not against
 * the importer's own report.
 */
import { existsSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SOURCE_DIR } from '../../server/db/reference/commands';
import { ensureReferenceData } from '../../server/db/reference/seed';
import type { DB } from '../../server/db/schema';
import { LARGER_MAMMAL_GRAMS } from '../../server/db/species/build';
import { parseRange, usOrCanadaPlaceIn } from '../../server/db/species/ranges';
import { ensureSpeciesData, importSpecies, type SpeciesSeedCounts } from '../../server/db/species/seed';
import { readSpeciesFiles, SPECIES_EXTRACT_DIR } from '../../server/db/species/sources';
import { buildTestApp, type TestApp } from './helpers';

async function countIn(db: Kysely<DB>, classificationId: string): Promise<number> {
  const row = await db
    .selectFrom('species')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(sql<boolean>`classifications @> ARRAY[${classificationId}]::text[]`)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Everything an import writes, as one digest (ids, revisions, mods, locations). */
async function digest(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ species: string; locations: string }>`
    select
      (select md5(string_agg(id || ':' || rev || ':' || mod || ':' || deleted, ',' order by id)) from species) as species,
      (select md5(string_agg(species_id || '@' || location_id || '=' || occurrence, ',' order by species_id, location_id))
         from species_locations) as locations`.execute(db);
  return JSON.stringify(rows[0]);
}

/** "Species of classification X in location Y": the query the species filter will use. */
async function speciesIn(db: Kysely<DB>, locationId: string, classificationId: string) {
  return db
    .selectFrom('species_locations as sl')
    .innerJoin('species as s', 's.id', 'sl.species_id')
    .select(['s.id', 's.scientific_name', 's.name', 'sl.occurrence', 's.body_mass_g'])
    .where('sl.location_id', '=', locationId)
    .where(sql<boolean>`s.classifications @> ARRAY[${classificationId}]::text[]`)
    .where('s.deleted', '=', false)
    .execute();
}

async function regionId(db: Kysely<DB>, iso31662: string): Promise<string> {
  const row = await db
    .selectFrom('locations')
    .select('id')
    .where('iso_3166_2', '=', iso31662)
    .executeTakeFirstOrThrow();
  return row.id;
}

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

describe('the demo extract (start-up seed)', () => {
  let t: TestApp;
  let seeded: SpeciesSeedCounts | null;

  beforeAll(async () => {
    t = await buildTestApp();
    await ensureReferenceData(t.db);
    seeded = await ensureSpeciesData(t.db);
  });
  afterAll(() => t.close());

  it('stores one row per species of the extract files, in the spec shape', async () => {
    const files = await readSpeciesFiles(SPECIES_EXTRACT_DIR);
    expect(seeded).toMatchObject({ origin: 'demo', deleted: 0, unknownLocations: [] });
    expect(seeded?.written).toBe(seeded?.species);
    expect(await countIn(t.db, 'birds-clements')).toBe(files.avilist.rows.length);
    expect(await countIn(t.db, 'birds-ioc')).toBe(files.ioc.rows.length);
    expect(await countIn(t.db, 'mammals-all')).toBe(files.mdd.rows.length);
    expect(await countIn(t.db, 'reptiles')).toBe(files.reptiles.rows.length);
    expect(await countIn(t.db, 'amphibians')).toBe(files.amphibians.rows.length);
    expect(files.reptiles.rows.length).toBe(12_502);

    const elephant = await t.db
      .selectFrom('species')
      .selectAll()
      .where('scientific_name', '=', 'Loxodonta africana')
      .executeTakeFirstOrThrow();
    expect(elephant).toMatchObject({
      id: 'mdd-1000522',
      group_id: 'mammals',
      classifications: ['mammals-all', 'mammals-larger'],
      name: 'African Savanna Elephant',
      taxa: { classification: 'Mammals|Larger', category: 'Larger', group_name: 'Mammals' },
      taxa_alt: [{ classification: 'Mammals|All', category: 'All', enabled: true }],
      photo: { thumbs: [] },
      deleted: false,
    });
    expect(elephant.names).toMatchObject({ en: 'African Savanna Elephant', af: 'Olifant' });
    expect(elephant.rev).toMatch(/^1_[0-9a-f]{16}$/);
  });

  it('finds Loxodonta africana in South Africa with the location filter', async () => {
    const larger = await speciesIn(t.db, 'ZAF', 'mammals-larger');
    expect(larger.map((s) => s.scientific_name)).toContain('Loxodonta africana');
    expect(larger.length).toBeGreaterThan(50);
    expect((await speciesIn(t.db, 'ZAF', 'mammals-all')).length).toBe(323);
    expect((await speciesIn(t.db, 'ZAF', 'amphibians')).length).toBe(133);
    // No open bird checklist exists for South Africa; the US has the BBS set as the IOC range rule keeps it.
    expect(await speciesIn(t.db, 'ZAF', 'birds-ioc')).toEqual([]);
    expect((await speciesIn(t.db, 'USA', 'birds-ioc')).length).toBe(670);
  });

  it('keys US mammals to their states', async () => {
    const washington = await speciesIn(t.db, await regionId(t.db, 'US-WA'), 'mammals-all');
    expect(washington.map((s) => s.scientific_name)).toContain('Didelphis virginiana');
    const hawaii = await speciesIn(t.db, await regionId(t.db, 'US-HI'), 'mammals-all');
    expect(hawaii.map((s) => s.scientific_name)).toContain('Lasiurus semotus');
  });

  it(`splits Larger and Small at ${LARGER_MAMMAL_GRAMS} g of body mass`, async () => {
    const rows = await t.db
      .selectFrom('species')
      .select(['scientific_name', 'classifications', 'body_mass_g', 'body_mass_basis'])
      .where('scientific_name', 'in', ['Procyon lotor', 'Peromyscus maniculatus', 'Loxodonta africana'])
      .orderBy('scientific_name')
      .execute();
    expect(rows.map((r) => [r.scientific_name, r.classifications[1], r.body_mass_basis])).toEqual([
      ['Loxodonta africana', 'mammals-larger', 'species'],
      ['Peromyscus maniculatus', 'mammals-small', 'species'],
      ['Procyon lotor', 'mammals-larger', 'species'],
    ]);
    const { rows: wrong } = await sql<{ n: string }>`
      select count(*) as n from species where group_id = 'mammals' and body_mass_g is not null and
        (body_mass_g >= ${LARGER_MAMMAL_GRAMS}) <> (classifications @> array['mammals-larger'])`.execute(
      t.db,
    );
    expect(Number(wrong[0]?.n)).toBe(0);
  });

  describe('the US and Canada bird list', () => {
    it('keeps a BBS bird only when its IOC range includes NA or names a US/Canadian place', async () => {
      const ranges = await iocRangesOf(SPECIES_EXTRACT_DIR);
      const us = await birdsIn(t.db, 'USA');
      checkUsList(us, ranges);
      expect((await birdsIn(t.db, 'CAN')).map((bird) => bird.name).sort()).toEqual(
        us.map((bird) => bird.name).sort(),
      );
    });
  });

  it('is idempotent: start-up skips a current extract, and re-importing writes nothing', async () => {
    const before = await digest(t.db);
    expect(await ensureSpeciesData(t.db)).toBeNull();
    const again = await importSpecies(t.db, SPECIES_EXTRACT_DIR, 'demo');
    expect(again).toMatchObject({ written: 0, deleted: 0, writtenLocations: 0, species: seeded?.species });
    expect(await digest(t.db)).toBe(before);
  });

  it('updates a changed row in place with a higher revision and mod', async () => {
    const { rev, mod } = await t.db
      .selectFrom('species')
      .select(['rev', 'mod'])
      .where('id', '=', 'mdd-1000522')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('species')
      .set({ rev: '1_0000000000000000' })
      .where('id', '=', 'mdd-1000522')
      .execute();
    const counts = await importSpecies(t.db, SPECIES_EXTRACT_DIR, 'demo');
    expect(counts.written).toBe(1);
    const after = await t.db
      .selectFrom('species')
      .select(['rev', 'mod'])
      .where('id', '=', 'mdd-1000522')
      .executeTakeFirstOrThrow();
    expect(after.rev).toBe(`2_${rev.split('_')[1]}`);
    expect(Number(after.mod)).toBeGreaterThan(Number(mod));
    expect((await speciesIn(t.db, 'ZAF', 'mammals-larger')).map((s) => s.scientific_name)).toContain(
      'Loxodonta africana',
    );
  });
});

describe.skipIf(!existsSync(DEFAULT_SOURCE_DIR))('the full lists of ../shared/data', () => {
  let t: TestApp;
  let first: Awaited<ReturnType<typeof importSpecies>>;

  beforeAll(async () => {
    t = await buildTestApp();
    await ensureReferenceData(t.db);
    first = await importSpecies(t.db, DEFAULT_SOURCE_DIR, 'full');
  }, 300_000);
  afterAll(() => t.close());

  it('holds every species of every list (README §1 counts)', async () => {
    expect(await countIn(t.db, 'birds-clements')).toBe(11_131);
    expect(await countIn(t.db, 'birds-ioc')).toBe(10_945);
    expect(await countIn(t.db, 'mammals-all')).toBe(6_753);
    expect(await countIn(t.db, 'reptiles')).toBe(12_502);
    expect(await countIn(t.db, 'amphibians')).toBe(8_926);
    expect((await countIn(t.db, 'mammals-larger')) + (await countIn(t.db, 'mammals-small'))).toBe(6_753);
    // 11,131 AviList rows + 708 IOC v10.2 species without an AviList species of that name.
    expect(first.species).toBe(11_131 + 708 + 6_753 + 12_502 + 8_926);
    expect(first.report.unmatchedLocations.mdd).toContain('GF');
  });

  it('keys species to real locations', async () => {
    expect((await speciesIn(t.db, 'ZAF', 'mammals-larger')).map((s) => s.scientific_name)).toContain(
      'Loxodonta africana',
    );
    expect((await speciesIn(t.db, 'USA', 'mammals-all')).length).toBe(480);
    const kea = await speciesIn(t.db, 'NZL', 'birds-ioc');
    expect(kea.map((s) => s.scientific_name)).toContain('Nestor notabilis');
    expect(await ensureSpeciesData(t.db)).toBeNull(); // start-up never replaces a full import
  });

  describe('the US and Canada bird list', () => {
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

  it('re-imports without writing or duplicating anything', async () => {
    const before = await digest(t.db);
    const again = await importSpecies(t.db, DEFAULT_SOURCE_DIR, 'full');
    expect(again).toMatchObject({ species: first.species, written: 0, deleted: 0, writtenLocations: 0 });
    expect(await digest(t.db)).toBe(before);
  }, 120_000);
});
