/**
 * Reference data tables (002_reference_data.sql), merged into the app's `DB` type (db/schema.ts).
 * Keep in step with the SQL by hand: a column added there is added here in the same commit.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../../db/schema';

/** Reference data (002_reference_data.sql); written only by server/db/reference/seed.ts. */
export interface LocationsTable {
  id: string;
  parent_id: string | null;
  type: 'country' | 'region';
  name: string;
  /** jsonb: name by language id. */
  names: ColumnType<Record<string, string>, string, string>;
  iso_a2: string | null;
  iso_a3: string | null;
  iso_3166_2: string | null;
  continent: string | null;
  latitude: number;
  longitude: number;
  has_species: boolean;
  search_text: string;
  search_name: string;
}

export interface LanguagesTable {
  id: string;
  locale: string;
  name: string;
  native_name: string;
  direction: 'ltr' | 'rtl';
  sort: number;
}

export interface TaxaClassificationsTable {
  id: string;
  name: string;
  group_id: string;
  group_name: string;
  category: string | null;
  sort: number;
  is_default: boolean;
  scope: 'checklist' | 'world';
  source: string;
}

export interface LocationClassificationsTable {
  location_id: string;
  classification_id: string;
  active: boolean;
  coverage: 'local' | 'world' | 'none';
  source: string | null;
  /** The local list is derived from IOC range descriptions only (issue 21). */
  derived: Generated<boolean>;
}

export interface ReferenceImportsTable {
  dataset: string;
  checksum: string;
  imported_at: Timestamp;
}

declare module '../../../db/schema' {
  interface DB {
    locations: LocationsTable;
    languages: LanguagesTable;
    taxa_classifications: TaxaClassificationsTable;
    location_classifications: LocationClassificationsTable;
    reference_imports: ReferenceImportsTable;
  }
}

export type LocationRow = Selectable<LocationsTable>;
