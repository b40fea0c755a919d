/**
 * Row types of the places tables (migrations/011_places.sql), as Kysely sees them. They live beside
 * the plugin rather than in db/schema.ts; the plugin's repositories widen the app's Kysely with
 * `db.withTables<PlacesTables>()`. Keep in step with the SQL by hand.
 */
import type { ColumnType, Generated } from 'kysely';
import type { PlacePhoto, Polygon } from '@contract/places';
import type { CollectionRecordsTable } from '../collections/owned-records';

type Timestamp = ColumnType<Date, Date | undefined, Date>;

export interface HotspotsTable {
  id: string;
  name: string;
  description: Generated<string>;
  location_id: string | null;
  latitude: number;
  longitude: number;
  /** jsonb: written as JSON text, read as the parsed object. */
  boundary: ColumnType<Polygon | null, string | null, string | null>;
  radius_km: Generated<number>;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
  habitat: ColumnType<string[], string[] | undefined, string[]>;
  search_text: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The sync cursor (202611281353_place_sync.sql): set by a trigger on every change; bigint, read as text. */
  seq: Generated<string>;
  /** jsonb (202611281812_place_photos.sql): written only by the media plugin's place-photos.ts. */
  photos: ColumnType<PlacePhoto[], string | undefined, string>;
}

export interface HotspotSpeciesTable {
  hotspot_id: string;
  species_id: string;
  created_at: Timestamp;
}

export interface HotspotRatingsTable {
  hotspot_id: string;
  user_id: string;
  rating: number;
  comment: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FieldGuidesTable {
  id: Generated<string>;
  name: string;
  about: Generated<string>;
  phone: Generated<string>;
  email: Generated<string>;
  website: Generated<string>;
  languages: ColumnType<string[], string[] | undefined, string[]>;
  location_id: string | null;
  latitude: number;
  longitude: number;
  search_text: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The sync cursor (202611281353_place_sync.sql): set by a trigger on every change; bigint, read as text. */
  seq: Generated<string>;
  /** jsonb (202611281812_place_photos.sql): written only by the media plugin's place-photos.ts. */
  photos: ColumnType<PlacePhoto[], string | undefined, string>;
}

export interface FieldGuideSpeciesTable {
  field_guide_id: string;
  species_id: string;
  created_at: Timestamp;
}

export interface HotspotGuidesTable {
  hotspot_id: string;
  field_guide_id: string;
  created_at: Timestamp;
}

// A type (not an interface) so it satisfies Kysely's `withTables` constraint.
export type PlacesTables = {
  hotspots: HotspotsTable;
  hotspot_species: HotspotSpeciesTable;
  hotspot_ratings: HotspotRatingsTable;
  field_guides: FieldGuidesTable;
  field_guide_species: FieldGuideSpeciesTable;
  hotspot_guides: HotspotGuidesTable;
  collection_records: CollectionRecordsTable;
};

// Also merged into the app's `DB` (db/schema.ts), as every plugin's tables are, so code outside
// this plugin (seeds, commands) sees them without widening its Kysely.
declare module '../../../db/schema' {
  interface DB {
    hotspots: HotspotsTable;
    hotspot_species: HotspotSpeciesTable;
    hotspot_ratings: HotspotRatingsTable;
    field_guides: FieldGuidesTable;
    field_guide_species: FieldGuideSpeciesTable;
    hotspot_guides: HotspotGuidesTable;
  }
}
