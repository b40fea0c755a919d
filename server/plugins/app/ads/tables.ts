/**
 * Ads tables (202611280051_ads.sql), merged into the app's `DB` type.
 * Keep in step with the SQL by hand: a column added there is added here in the same commit.
 */
import type { ColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../../db/schema';

export interface AdsTable {
  id: string;
  title: string;
  body: string;
  image: string | null;
  link: string | null;
  placements: ColumnType<string[], string[], string[]>;
  regions: ColumnType<string[], string[], string[]>;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  active: boolean;
  latitude: number | null;
  longitude: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface AdImpressionsTable {
  ad_id: string;
  /** A UTC date; read back as text (YYYY-MM-DD) through a cast. */
  day: ColumnType<Date, string, string>;
  impressions: number;
}

export interface AdViewsTable {
  ad_id: string;
  view_id: string;
  user_id: string | null;
  views: number;
  view_time: ColumnType<string, number, number>;
  first_view: NullableTimestamp;
  last_view: NullableTimestamp;
  clicked: boolean;
  scrolled_by: boolean;
  day: ColumnType<Date, string, string>;
}

declare module '../../../db/schema' {
  interface DB {
    ads: AdsTable;
    ad_impressions: AdImpressionsTable;
    ad_views: AdViewsTable;
  }
}
