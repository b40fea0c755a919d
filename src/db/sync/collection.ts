/**
 * What the sync engine needs to know about one server collection: where its rows live on the device
 * and how a server record becomes a row. The engine itself is generic over these descriptors, so a
 * new collection (trips, sightings) is one descriptor, not new sync code.
 *
 * Writable (member-owned) collections add `toData` (row → the pushed record's `data`); their local
 * saves leave a dirty mark (`db.dirty`, localWrites.ts) that the push settles. Pull-only reference
 * data (species) leaves it out.
 */
import type { EntityTable } from 'dexie';
import type { SyncRecord } from '@contract/sync';
import type { FieldmarkDB } from '../FieldmarkDB';
import type { PullContext, PullOptions, PullResult } from './pull';

/** A pull filter as the server reads it: a JSON object (docs/sync.md "Pull"). */
export type SyncFilter = Record<string, unknown>;

/** Every synced row is keyed by the record id. */
export interface SyncedRow {
  id: string;
}

export interface SyncableCollection<Row extends SyncedRow = SyncedRow> {
  /** The collection's name exactly as the API spells it (`species`, `trips`, …). */
  readonly name: string;
  /** The Dexie table holding the rows, keyed by the record id. */
  table(db: FieldmarkDB): EntityTable<Row, 'id'>;
  /**
   * A live (not deleted) server record as a row. Throws on a record that lacks what the device
   * relies on: the batch is then not committed and the sync is flagged for retry.
   */
  toRow(record: SyncRecord): Row;
  /**
   * Whether a stored row belongs under `filter`. When a pull starts from cursor 0 (first sync, or
   * the filter changed), rows outside the new filter are dropped in the first batch's transaction,
   * so a member who drops an animal group does not keep its species forever. Without it nothing is
   * dropped.
   */
  inFilter?(row: Row, filter: SyncFilter | undefined): boolean;
  /**
   * Reference rows a page enriches on the device (a place's guides and species, kept when its page
   * was opened online): what a pulled row keeps of the stored one it replaces. Called inside the
   * batch's transaction; without it the pulled row replaces the stored one whole.
   */
  keepFromStored?(stored: Row, pulled: Row): Row;
  /**
   * Writable collections: a live row as the `data` of the record to push (never called for a local
   * tombstone, which is pushed with `data: {}`).
   */
  toData?(row: Row): Record<string, unknown>;
  /**
   * What a pulled batch touched that must be settled once the pull is over, as strings kept in the
   * mark with the batch (sightings: the `[user_id, species_id]` pairs whose lifer flags follow the
   * rule again). `before`: the stored rows the batch replaces or deletes; `after`: the rows it
   * writes. Called inside the batch's transaction.
   */
  pulledKeys?(before: readonly Row[], after: readonly Row[]): Iterable<string>;
  /**
   * Settles keys that committed batches left (pull.ts `settlePulled`: once after the last batch, or
   * after a failed pull for what it committed). Runs inside a readwrite transaction over the
   * collection's table, `dirty` and `collection_marks`, which also drops these keys from the mark.
   */
  settlePulled?(db: FieldmarkDB, keys: readonly string[], suffix: string): Promise<void>;
  /**
   * Runs the pull somewhere other than this thread (species: a worker, so decoding and writing
   * pages of 1,000 rows never hold the page's main thread), with pullCollection's outcome: the
   * same rows, mark and result. Without it the engine calls pullCollection here.
   */
  pull?(context: PullContext, options: PullOptions): Promise<PullResult>;
}

/** The pull filter as stored in a mark: canonical JSON (object keys sorted), '' for none. */
export function filterKey(filter: SyncFilter | undefined): string {
  return filter === undefined ? '' : JSON.stringify(canonical(filter));
}

/** The filter a mark was pulled with; undefined for none (or an unreadable key). */
export function filterFromKey(key: string | undefined): SyncFilter | undefined {
  if (!key) return undefined;
  try {
    const value: unknown = JSON.parse(key);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as SyncFilter)
      : undefined;
  } catch {
    return undefined;
  }
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort())
    sorted[key] = canonical((value as Record<string, unknown>)[key]);
  return sorted;
}
