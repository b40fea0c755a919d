/**
 * Species tables (005_species.sql), merged into the app's `DB` type (db/schema.ts).
 * Keep in step with the SQL by hand: a column added there is added here in the same commit.
 */
import type { ColumnType, Selectable } from 'kysely';

/** Species reference data (005_species.sql); written only by server/db/species/seed.ts. */
export interface SpeciesTable {
  id: string;
  group_id: 'birds' | 'mammals' | 'reptiles' | 'amphibians';
  classifications: string[];
  scientific_name: string;
  authority: string | null;
  taxon_order: string | null;
  family: string | null;
  name: string;
  /** jsonb: name by language id. */
  names: ColumnType<Record<string, string>, string, string>;
  /** jsonb: {system, category, classification, group_name, name, english_name?, code?}. */
  taxa: ColumnType<Record<string, unknown>, string, string>;
  /** jsonb: the same with `enabled`, one per further classification. */
  taxa_alt: ColumnType<Array<Record<string, unknown>>, string, string>;
  /** jsonb: {thumbs: [{media_id, path}]}. */
  photo: ColumnType<{ thumbs: Array<{ media_id: string; path: string }> }, string | undefined, string>;
  extinct: boolean;
  body_mass_g: number | null;
  body_mass_basis: 'species' | 'genus' | 'family' | 'order' | null;
  source: 'avilist' | 'ioc' | 'mdd' | 'rdb' | 'amphibiaweb';
  source_id: string;
  sort: number;
  search_text: string;
  search_name: string;
  /** bigint: pg answers it as a string. */
  mod: ColumnType<string, number, number>;
  rev: string;
  deleted: boolean;
}

export interface SpeciesLocationsTable {
  species_id: string;
  location_id: string;
  occurrence: string;
  source: string;
}

declare module '../../../db/schema' {
  interface DB {
    species: SpeciesTable;
    species_locations: SpeciesLocationsTable;
  }
}

export type SpeciesRow = Selectable<SpeciesTable>;
