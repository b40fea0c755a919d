/**
 * Seeds the reference tables from an extract (the committed one by default). Idempotent: every row
 * is an INSERT … ON CONFLICT DO UPDATE keyed on its stable id, so seeding again updates and never
 * duplicates; rows that left the extract are kept (members may point at them). All of it runs in
 * one transaction with multi-row inserts of at most BATCH rows, which keeps an embedded PGlite
 * start-up short (PGlite is single-connection: a long transaction would block every request).
 *
 * Start-up calls `ensureReferenceData`: it seeds when the tables are empty or the extract differs
 * from the one imported last (its checksum is kept in reference_imports), and otherwise only reads
 * the files and one row.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../schema';
import { foldText, searchTextOf } from '@contract/text';
import { CLASSIFICATION_DEFINITIONS, isDefaultClassification } from './classifications';
import { recomputeCoverage } from './coverage';
import { readExtract, type ReferenceExtract } from './extract';

const DATASET = 'reference';
/** Bump when the way rows are derived from the extract changes (forces a re-seed). */
const SEED_FORMAT = 1;
const BATCH = 500;

export interface SeedCounts {
  countries: number;
  regions: number;
  languages: number;
  classifications: number;
  locationClassifications: number;
}

export function extractChecksum(extract: ReferenceExtract): string {
  return createHash('sha256')
    .update(JSON.stringify({ format: SEED_FORMAT, extract, classifications: CLASSIFICATION_DEFINITIONS }))
    .digest('hex');
}

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH) out.push(items.slice(start, start + BATCH));
  return out;
}

/**
 * `SET column = excluded.column` for every listed column (the incoming row wins). Typed `never` so
 * the reference fits whatever type the column has: it is the same column of the same table.
 */
function updateAll<C extends string>(columns: readonly C[]): Record<C, RawBuilder<never>> {
  return Object.fromEntries(
    columns.map((column) => [column, sql.ref<never>(`excluded.${column}`)]),
  ) as Record<C, RawBuilder<never>>;
}

const LOCATION_COLUMNS = [
  'parent_id',
  'type',
  'name',
  'names',
  'iso_a2',
  'iso_a3',
  'iso_3166_2',
  'continent',
  'latitude',
  'longitude',
  'has_species',
  'search_text',
  'search_name',
] as const;

/** Writes the extract into the reference tables; answers what it wrote. */
export async function seedReferenceData(db: Kysely<DB>, extract: ReferenceExtract): Promise<SeedCounts> {
  const countryIds = new Set(extract.countries.map((country) => country.id));
  for (const region of extract.regions) {
    if (!countryIds.has(region.countryId))
      throw new Error(`region ${region.id}: unknown country ${region.countryId}`);
  }
  const classificationIds = new Set(CLASSIFICATION_DEFINITIONS.map((definition) => definition.id));
  // coverage.csv is checked for consistency only: what is offered where comes from the species
  // actually loaded (coverage.ts), recomputed below and after every species import.
  for (const item of extract.coverage) {
    if (!countryIds.has(item.countryId)) throw new Error(`coverage: unknown country ${item.countryId}`);
    if (!classificationIds.has(item.classificationId))
      throw new Error(`coverage: unknown ${item.classificationId}`);
  }

  const countryRows = extract.countries.map((country) => ({
    id: country.id,
    parent_id: null,
    type: 'country' as const,
    name: country.name,
    names: JSON.stringify({ ...country.names, en: country.name }),
    iso_a2: country.isoA2,
    iso_a3: country.isoA3,
    iso_3166_2: null,
    continent: country.continent,
    latitude: country.latitude,
    longitude: country.longitude,
    has_species: false, // set by recomputeCoverage
    search_text: searchTextOf([
      country.name,
      ...country.altNames,
      ...Object.values(country.names),
      ...(country.isoA2 ? [country.isoA2] : []),
      ...(country.isoA3 ? [country.isoA3] : []),
    ]),
    search_name: foldText(country.name),
  }));
  const regionRows = extract.regions.map((region) => ({
    id: region.id,
    parent_id: region.countryId,
    type: 'region' as const,
    name: region.name,
    names: JSON.stringify({ en: region.name }),
    iso_a2: null,
    iso_a3: null,
    iso_3166_2: region.iso31662,
    continent: null,
    latitude: region.latitude,
    longitude: region.longitude,
    has_species: false, // set by recomputeCoverage
    search_text: searchTextOf([
      region.name,
      ...region.altNames,
      ...(region.iso31662 ? [region.iso31662] : []),
    ]),
    search_name: foldText(region.name),
  }));

  const classificationRows = CLASSIFICATION_DEFINITIONS.map((definition, index) => ({
    id: definition.id,
    name: definition.name,
    group_id: definition.groupId,
    group_name: definition.groupName,
    category: definition.category,
    sort: (index + 1) * 10,
    is_default: isDefaultClassification(definition),
    scope: definition.scope,
    source: definition.worldSource,
  }));

  const languageRows = extract.languages.map((language, index) => ({
    id: language.id,
    locale: language.locale,
    name: language.name,
    native_name: language.nativeName,
    direction: language.direction,
    sort: index,
  }));

  let coverage = { countries: 0, local: 0 };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('languages')
      .values(languageRows)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet(updateAll(['locale', 'name', 'native_name', 'direction', 'sort'])),
      )
      .execute();
    await trx
      .insertInto('taxa_classifications')
      .values(classificationRows)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet(
            updateAll([
              'name',
              'group_id',
              'group_name',
              'category',
              'sort',
              'is_default',
              'scope',
              'source',
            ]),
          ),
      )
      .execute();
    // Countries first: regions reference them.
    for (const rows of [...batches(countryRows), ...batches(regionRows)]) {
      await trx
        .insertInto('locations')
        .values(rows)
        .onConflict((oc) => oc.column('id').doUpdateSet(updateAll(LOCATION_COLUMNS)))
        .execute();
    }
    coverage = await recomputeCoverage(trx);
    await trx
      .insertInto('reference_imports')
      .values({ dataset: DATASET, checksum: extractChecksum(extract), imported_at: new Date() })
      .onConflict((oc) => oc.column('dataset').doUpdateSet(updateAll(['checksum', 'imported_at'])))
      .execute();
  });

  return {
    countries: countryRows.length,
    regions: regionRows.length,
    languages: languageRows.length,
    classifications: classificationRows.length,
    locationClassifications: coverage.countries * CLASSIFICATION_DEFINITIONS.length,
  };
}

/**
 * Start-up: seeds from the committed extract when the reference tables are empty or hold an
 * older extract. Answers the counts when it seeded, null when the data was already current.
 */
export async function ensureReferenceData(
  db: Kysely<DB>,
  extract?: ReferenceExtract,
): Promise<SeedCounts | null> {
  const data = extract ?? (await readExtract());
  const imported = await db
    .selectFrom('reference_imports')
    .select('checksum')
    .where('dataset', '=', DATASET)
    .executeTakeFirst();
  if (imported?.checksum === extractChecksum(data)) {
    const anyLocation = await db.selectFrom('locations').select('id').limit(1).executeTakeFirst();
    if (anyLocation) return null;
  }
  return seedReferenceData(db, data);
}
