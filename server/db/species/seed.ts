/**
 * Writes species records (build.ts) into `species` and `species_locations`. Idempotent and
 * incremental: each row's `rev` ends in a hash of its content (locations included), so an import
 * reads the stored ids and revisions, writes only the species that are new or changed (INSERT …
 * ON CONFLICT DO UPDATE, their locations replaced) and leaves the rest alone; importing the same
 * data again writes nothing. Species that left the data are kept as tombstones (`deleted`), as a
 * sync collection needs. Written rows get a new `mod` (unique, growing, from mod.ts under its lock)
 * and a counter bumped `rev`.
 *
 * Work is split into transactions of TRANSACTION_ROWS species with multi-row inserts of BATCH
 * rows: PGlite is single-connection, so one long transaction would block every request. A failed
 * import leaves whole chunks written; running it again finishes the job.
 *
 * Start-up seeds the committed world lists in the background (background.ts); tests seed the demo
 * extract with `ensureSpeciesData`. Neither replaces an operator's full import (`import:species --from`).
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../schema';
import { recomputeCoverage } from '../reference/coverage';
import { NAME_LANGUAGES } from '../reference/extract';
import { readExtract as readReferenceExtract } from '../reference/extract';
import { foldText, searchTextOf } from '@contract/text';
import { buildSpecies, placeIndex, type SpeciesBuildReport, type SpeciesRecord } from './build';
import { applyDerivedListGate, type DerivedListsGate, type RangeEvaluation } from './derivedLists';
import { SPECIES_EXTRACT_DIR, readSpeciesFiles, sourceChecksum, tablesOf } from './sources';
import { nextSpeciesMod } from './mod';

const DATASET = 'species';
/** Bump when the way records are built or stored changes (forces a re-seed of the demo extract). */
export const SPECIES_FORMAT = 1;
const BATCH = 250;
const TRANSACTION_ROWS = 2000;
const LOCATION_BATCH = 1000;

/** `demo`: the test extract; `world`: the committed world lists (start-up); `full`: an operator's import. */
export type SpeciesOrigin = 'demo' | 'world' | 'full';
/** While seeding, coverage is recomputed after about this many written species (it takes 1–4 s). */
const COVERAGE_EVERY = 10_000;

export interface SeedOptions {
  origin: SpeciesOrigin;
  checksum: string;
  /** Species per transaction (TRANSACTION_ROWS); tests make it small to see many chunks. */
  transactionRows?: number;
  /**
   * Called before the first chunk and after each committed one with how many species of the data
   * are stored as they are in it. A throw stops the seed there (what is committed stays).
   */
  onProgress?: (done: number, total: number) => void | Promise<void>;
}

export interface SpeciesSeedCounts {
  origin: SpeciesOrigin;
  /** Species in the data, and how many of them were new or changed. */
  species: number;
  written: number;
  /** Stored species missing from the data, now tombstones. */
  deleted: number;
  /** Species × location rows in the data, and how many were (re)written. */
  locations: number;
  writtenLocations: number;
  /** Location ids of the data that the locations table does not have (skipped). */
  unknownLocations: string[];
  ms: number;
}

const SEARCH_LANGUAGES: ReadonlySet<string> = new Set(NAME_LANGUAGES);

/** The stored row of a record, without the sync columns. */
function rowOf(record: SpeciesRecord) {
  const englishNames = [record.taxa, ...record.taxaAlt].flatMap((entry) =>
    entry.english_name ? [entry.english_name] : [],
  );
  return {
    id: record.id,
    group_id: record.groupId,
    classifications: record.classifications,
    scientific_name: record.scientificName,
    authority: record.authority,
    taxon_order: record.order,
    family: record.family,
    name: record.name,
    names: JSON.stringify(record.names),
    taxa: JSON.stringify(record.taxa),
    taxa_alt: JSON.stringify(record.taxaAlt),
    photo: JSON.stringify({ thumbs: [] }),
    extinct: record.extinct,
    body_mass_g: record.bodyMassG,
    body_mass_basis: record.bodyMassBasis,
    source: record.source,
    source_id: record.sourceId,
    sort: record.sort,
    // Searchable: the scientific name, English names, the names in the app's languages, alt names.
    search_text: searchTextOf([
      record.scientificName,
      record.name,
      ...englishNames,
      ...Object.entries(record.names)
        .filter(([language]) => SEARCH_LANGUAGES.has(language))
        .map(([, name]) => name),
      ...record.altNames,
    ]),
    search_name: foldText(record.name),
  };
}

/** The content hash in a species' `rev` (16 hex digits of sha256 over the row and its locations). */
export function contentHash(record: SpeciesRecord): string {
  return createHash('sha256')
    .update(JSON.stringify([SPECIES_FORMAT, rowOf(record), record.locations]))
    .digest('hex')
    .slice(0, 16);
}

function updateAll<C extends string>(columns: readonly C[]): Record<C, RawBuilder<never>> {
  return Object.fromEntries(
    columns.map((column) => [column, sql.ref<never>(`excluded.${column}`)]),
  ) as Record<C, RawBuilder<never>>;
}

const UPDATE_COLUMNS = [
  'group_id',
  'classifications',
  'scientific_name',
  'authority',
  'taxon_order',
  'family',
  'name',
  'names',
  'taxa',
  'taxa_alt',
  // Not 'photo': photos are uploaded on the server (POST species/{id}/images), not imported, and a
  // re-import must keep them. New rows get the empty list from rowOf.
  'extinct',
  'body_mass_g',
  'body_mass_basis',
  'source',
  'source_id',
  'sort',
  'search_text',
  'search_name',
  'mod',
  'rev',
  'deleted',
] as const;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

const counterOf = (rev: string) => Number(rev.split('_')[0]) || 0;

/** Writes `records` (all of the species data: what is not in it becomes a tombstone). */
export async function seedSpecies(
  db: Kysely<DB>,
  records: readonly SpeciesRecord[],
  options: SeedOptions,
): Promise<SpeciesSeedCounts> {
  const started = Date.now();
  const locationIds = new Set((await db.selectFrom('locations').select('id').execute()).map((row) => row.id));
  if (locationIds.size === 0)
    throw new Error('species: the locations table is empty (seed reference data first)');
  const unknownLocations = new Set<string>();
  for (const record of records) {
    for (const locationId of Object.keys(record.locations)) {
      if (!locationIds.has(locationId)) unknownLocations.add(locationId);
    }
  }

  const stored = new Map<string, { rev: string; deleted: boolean }>();
  for (const row of await db.selectFrom('species').select(['id', 'rev', 'deleted']).execute()) {
    stored.set(row.id, { rev: row.rev, deleted: row.deleted });
  }

  const changed: Array<{ record: SpeciesRecord; rev: string }> = [];
  for (const record of records) {
    const hash = contentHash(record);
    const current = stored.get(record.id);
    if (current && !current.deleted && current.rev.endsWith(`_${hash}`)) continue;
    changed.push({ record, rev: `${(current ? counterOf(current.rev) : 0) + 1}_${hash}` });
  }
  const present = new Set(records.map((record) => record.id));
  const gone = [...stored].filter(([id, row]) => !row.deleted && !present.has(id));

  let writtenLocations = 0;
  let done = records.length - changed.length;
  let sinceCoverage = 0;
  await options.onProgress?.(done, records.length);
  for (const chunk of chunks(changed, options.transactionRows ?? TRANSACTION_ROWS)) {
    await db.transaction().execute(async (trx) => {
      // Allocated per transaction under the lock, so an API edit committed meanwhile never ends
      // up with a mod above rows this chunk commits later (mod.ts).
      let nextMod = await nextSpeciesMod(trx, Date.now());
      for (const batch of chunks(chunk, BATCH)) {
        await trx
          .insertInto('species')
          .values(batch.map(({ record, rev }) => ({ ...rowOf(record), mod: nextMod++, rev, deleted: false })))
          .onConflict((oc) => oc.column('id').doUpdateSet(updateAll(UPDATE_COLUMNS)))
          .execute();
      }
      const ids = chunk.map(({ record }) => record.id);
      await trx.deleteFrom('species_locations').where('species_id', 'in', ids).execute();
      const locationRows = chunk.flatMap(({ record }) =>
        Object.entries(record.locations)
          .filter(([locationId]) => locationIds.has(locationId))
          .map(([locationId, location]) => ({
            species_id: record.id,
            location_id: locationId,
            occurrence: location.occurrence,
            source: location.source,
          })),
      );
      for (const batch of chunks(locationRows, LOCATION_BATCH)) {
        await trx.insertInto('species_locations').values(batch).execute();
      }
      writtenLocations += locationRows.length;
    });
    done += chunk.length;
    sinceCoverage += chunk.length;
    // A first start seeds for a minute: let the config dialog offer what is already loaded.
    if (sinceCoverage >= COVERAGE_EVERY && done < records.length) {
      await recomputeCoverage(db);
      sinceCoverage = 0;
    }
    await options.onProgress?.(done, records.length);
  }
  for (const chunk of chunks(gone, TRANSACTION_ROWS)) {
    await db.transaction().execute(async (trx) => {
      let nextMod = await nextSpeciesMod(trx, Date.now());
      const ids = chunk.map(([id]) => id);
      await trx.deleteFrom('species_locations').where('species_id', 'in', ids).execute();
      for (const [id, row] of chunk) {
        await trx
          .updateTable('species')
          .set({ deleted: true, mod: nextMod++, rev: `${counterOf(row.rev) + 1}_deleted` })
          .where('id', '=', id)
          .execute();
      }
    });
  }
  // What the config dialog offers where follows the species now loaded (reference/coverage.ts).
  await recomputeCoverage(db);
  await db
    .insertInto('reference_imports')
    .values({ dataset: DATASET, checksum: `${options.origin}:${options.checksum}`, imported_at: new Date() })
    .onConflict((oc) => oc.column('dataset').doUpdateSet(updateAll(['checksum', 'imported_at'])))
    .execute();

  return {
    origin: options.origin,
    species: records.length,
    written: changed.length,
    deleted: gone.length,
    locations: records.reduce(
      (sum, record) => sum + Object.keys(record.locations).filter((id) => locationIds.has(id)).length,
      0,
    ),
    writtenLocations,
    unknownLocations: [...unknownLocations].sort(),
    ms: Date.now() - started,
  };
}

/** The checksum recorded for the species files of `dir` (their bytes and the build format). */
export async function speciesChecksum(dir: string): Promise<string> {
  return `${SPECIES_FORMAT}-${await sourceChecksum(dir)}`;
}

/**
 * Builds the species of `dir` (the demo extract or ../shared/data) against the reference locations,
 * with the derived bird lists of the IOC regions that pass the gate (derivedLists.ts
 * applyDerivedListGate; `derived` says what it measured and added). `evaluations` replaces the
 * measured figures (tests make a region pass with it).
 */
export async function loadSpecies(
  dir: string,
  options: { evaluations?: readonly RangeEvaluation[] } = {},
): Promise<{
  species: SpeciesRecord[];
  report: SpeciesBuildReport;
  derived: DerivedListsGate;
  checksum: string;
}> {
  const [files, reference, checksum] = await Promise.all([
    readSpeciesFiles(dir),
    readReferenceExtract(),
    speciesChecksum(dir),
  ]);
  const built = buildSpecies(tablesOf(files), placeIndex(reference));
  const { species, gate } = applyDerivedListGate(
    built.species,
    files.ioc.rows,
    reference.countries,
    reference.regions,
    options.evaluations,
  );
  return { species, report: built.report, derived: gate, checksum };
}

/** Imports the species files of `dir`: the demo extract (origin 'demo') or the full lists ('full'). */
export async function importSpecies(
  db: Kysely<DB>,
  dir: string,
  origin: SpeciesOrigin,
): Promise<SpeciesSeedCounts & { report: SpeciesBuildReport; derived: DerivedListsGate }> {
  const { species, report, derived, checksum } = await loadSpecies(dir);
  return { ...(await seedSpecies(db, species, { origin, checksum })), report, derived };
}

/**
 * Whether the start-up seed of `dir` (as `origin`) has anything to do: not over an operator's full
 * import, nor when the same files are recorded and species are stored. Anything else (nothing
 * recorded, the demo extract, an older world list, a seed that stopped half-way) seeds; the seed
 * skips the species already stored as they are in the data, so a stopped one resumes.
 */
export async function speciesSeedNeeded(
  db: Kysely<DB>,
  dir: string,
  origin: Exclude<SpeciesOrigin, 'full'>,
): Promise<{ checksum: string } | null> {
  const imported = await db
    .selectFrom('reference_imports')
    .select('checksum')
    .where('dataset', '=', DATASET)
    .executeTakeFirst();
  if (imported?.checksum.startsWith('full:')) return null;
  const checksum = await speciesChecksum(dir);
  if (imported?.checksum === `${origin}:${checksum}`) {
    const anySpecies = await db.selectFrom('species').select('id').limit(1).executeTakeFirst();
    if (anySpecies) return null;
  }
  return { checksum };
}

/**
 * Tests (and a quick local start): seeds the demo extract when no species import is recorded, or
 * the recorded one is other data than it. A full import is never replaced. Answers the counts when
 * it seeded, null when nothing was to do. Needs the reference locations (ensureReferenceData first).
 */
export async function ensureSpeciesData(
  db: Kysely<DB>,
  dir: string = SPECIES_EXTRACT_DIR,
): Promise<SpeciesSeedCounts | null> {
  if (!(await speciesSeedNeeded(db, dir, 'demo'))) return null;
  return importSpecies(db, dir, 'demo');
}
