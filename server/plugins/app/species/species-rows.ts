/**
 * Rows of `species` (migrations/005_species.sql) as the contract's Species: classification ids
 * become names, `taxon_order` becomes `order`, and `locations` come from `species_locations` in one
 * query for a whole page of species (never one per species).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Species, TaxaAltEntry, TaxaEntry } from '@contract/species';
import type { DB } from '../../../db/schema';
import type { SpeciesRow } from './tables';
import { classificationNames } from './classifications';

/** The columns a Species is made of. */
export const SPECIES_COLUMNS = [
  'id',
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
  'photo',
  'extinct',
  'sort',
] as const;

export type SpeciesDataRow = Pick<SpeciesRow, (typeof SPECIES_COLUMNS)[number]>;

/** `s.id, s.group_id, …` for raw queries over `species s`. */
export const speciesColumnsSql: RawBuilder<unknown> = sql.join(
  SPECIES_COLUMNS.map((column) => sql.ref(`s.${column}`)),
);

/** Taxonomic order for lists: birds, mammals, reptiles, amphibians; the list's sort; family; name. */
export const taxonomicOrderSql: RawBuilder<unknown> = sql`array_position(
    ARRAY['birds', 'mammals', 'reptiles', 'amphibians']::text[], s.group_id), s.sort, s.family NULLS LAST,
  s.name, s.id`;

export type SpeciesLocations = Species['locations'];

export function toSpecies(row: SpeciesDataRow, locations: SpeciesLocations): Species {
  return {
    _id: row.id,
    group_id: row.group_id,
    classifications: classificationNames(row.classifications),
    scientific_name: row.scientific_name,
    authority: row.authority,
    order: row.taxon_order,
    family: row.family,
    name: row.name,
    names: row.names,
    taxa: row.taxa as TaxaEntry,
    taxa_alt: row.taxa_alt as TaxaAltEntry[],
    photo: row.photo,
    locations,
    extinct: row.extinct,
    sort: row.sort,
  };
}

/** The locations of each species id (by location id), in one query. */
export async function locationsOf(
  db: Kysely<DB>,
  ids: readonly string[],
): Promise<Map<string, SpeciesLocations>> {
  const byId = new Map<string, SpeciesLocations>();
  if (ids.length === 0) return byId;
  const rows = await db
    .selectFrom('species_locations')
    .select(['species_id', 'location_id', 'occurrence', 'source'])
    .where('species_id', '=', sql<string>`ANY(${[...ids]}::text[])`)
    .orderBy('species_id')
    .orderBy('location_id')
    .execute();
  for (const row of rows) {
    let locations = byId.get(row.species_id);
    if (locations === undefined) {
      locations = {};
      byId.set(row.species_id, locations);
    }
    locations[row.location_id] = { occurrence: row.occurrence, source: row.source };
  }
  return byId;
}

/** Rows (not tombstones) → Species with their locations, in the rows' order. */
export async function speciesOf(db: Kysely<DB>, rows: readonly SpeciesDataRow[]): Promise<Species[]> {
  const locations = await locationsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSpecies(row, locations.get(row.id) ?? {}));
}
