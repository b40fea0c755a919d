/**
 * The generic table of every member-owned collection (004_collection_records.sql), merged into the
 * app's `DB` type (db/schema.ts). Keep in step with the SQL by hand.
 */

/** Row type of collection_records (bigint columns come back from pg as strings). */
export interface CollectionRecordsTable {
  collection: string;
  owner_id: string;
  id: string;
  rev: string;
  rev_counter: string | number;
  rev_suffix: string;
  mod: string | number;
  seq: string | number;
  deleted: boolean;
  data: Record<string, unknown>;
}

declare module '../../../db/schema' {
  interface DB {
    collection_records: CollectionRecordsTable;
  }
}
