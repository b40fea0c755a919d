/**
 * Row types of the local database `app.db`. They are the stored shapes, not API types: repositories
 * map between these and src/contract explicitly, so a server change never silently rewrites what is
 * on the device.
 */

/** Sync bookkeeping for one server collection (ARCHITECTURE.md "Sync protocol"). */
export interface CollectionMarkRow {
  /** The collection's name exactly as the API spells it (`species_observations`, `trips`, …). */
  collection: string;
  /** Server time (seconds) of the newest change pulled from the server; 0 before the first pull. */
  remote_mod: number;
  /** Time (seconds) of the newest local change already pushed; 0 before the first push. */
  local_mod: number;
  /** Set when a sync of this collection failed and must be retried (SPEC §4 "Sync"). */
  needs_retry: boolean;
}
