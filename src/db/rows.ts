/**
 * Row types of the local database `app.db`. They are the stored shapes, not API types: repositories
 * map between these and src/contract explicitly, so a server change never silently rewrites what is
 * on the device.
 */

/** Sync bookkeeping for one server collection (ARCHITECTURE.md "Sync protocol"). */
export interface CollectionMarkRow {
  /** The collection's name exactly as the API spells it (`species_observations`, `trips`, …). */
  collection: string;
  /**
   * The cursor (`last_mod`) the server answered for the last committed pull batch; 0 before the
   * first pull. Opaque: for member collections a sequence, for species a millisecond counter.
   */
  remote_mod: number;
  /**
   * The pull filter the cursor belongs to (JSON, '' for none). A different filter (the member chose
   * other groups or another location) starts the pull again from 0. Version 2; absent before.
   */
  filter_key?: string;
  /** Time (seconds) of the newest local change already pushed; 0 before the first push. */
  local_mod: number;
  /** Set when a sync of this collection failed and must be retried (SPEC §4 "Sync"). */
  needs_retry: boolean;
}

/**
 * A species on the device (SPEC §3 "Species"), from the `species` collection. Version 2. The
 * synced fields keep the API's names; `location_ids` and `tokens` are derived on the device so
 * Dexie can index them (multi-entry).
 */
export interface SpeciesRow {
  /** The species `_id`. */
  id: string;
  group_id: 'birds' | 'mammals' | 'reptiles' | 'amphibians';
  /** Classification names ('Birds|IOC', 'Mammals|Larger', …). Multi-entry index. */
  classifications: string[];
  /** The keys of `locations`. Multi-entry index. */
  location_ids: string[];
  locations: Record<string, { occurrence: string; source: string }>;
  scientific_name: string;
  authority: string | null;
  order: string | null;
  family: string | null;
  /** English name, else the scientific name. */
  name: string;
  names: Record<string, string>;
  taxa: SpeciesTaxaRow;
  taxa_alt: Array<SpeciesTaxaRow & { enabled: boolean }>;
  photo: { thumbs: Array<{ media_id: string; path: string }> };
  extinct: boolean;
  sort: number;
  /**
   * Folded words (foldText) of every name and the scientific names, for search. A multi-entry index
   * in version 2 only (FieldmarkDB.ts says why it was dropped); still filled by the sync.
   */
  tokens: string[];
  /** The record's revision as last pulled. */
  rev: string;
}

export interface SpeciesTaxaRow {
  system: string;
  category: string | null;
  classification: string;
  group_name: string;
  name: string;
  english_name?: string;
  code?: string;
}
