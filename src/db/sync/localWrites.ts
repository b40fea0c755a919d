/**
 * The device side of a local save (style-anchors §4.2 "Writes"): every repository function that
 * changes a synced record calls `saveRecord`/`deleteRecord` inside its own Dexie transaction, so
 * the row, its next revision and its dirty mark are written together or not at all.
 *
 * Revisions are `<counter>_<device>` (docs/sync.md "Revisions"): the next counter is one more than
 * the row's, so a save made after pulling someone else's change beats it; the suffix names this
 * device (a random id kept in `meta`), so two devices' saves of one record never tie.
 */
import { cleanTextDeep } from '@contract/safeText';
import { parseRev } from '@contract/sync';
import type { FieldmarkDB } from '../FieldmarkDB';
import type { DirtyRow } from '../rows';

const DEVICE_KEY = 'device_suffix';
const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Rows of a synced, writable table: keyed by id, carrying the revision and a local tombstone flag. */
export interface WritableRow {
  id: string;
  user_id: string;
  rev: string;
  deleted?: true;
}

/** A short random id: the device suffix, and the spec's "short random id" of stored requests. */
export function randomId(length = 12): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let id = '';
  for (const byte of bytes) id += SUFFIX_ALPHABET.charAt(byte % SUFFIX_ALPHABET.length);
  return id;
}

const suffixes = new WeakMap<FieldmarkDB, Promise<string>>();

/**
 * This device's revision suffix, made once and kept in `meta` (it survives reloads, not a wiped
 * database, which is then another device as far as revisions go).
 */
export function deviceSuffix(db: FieldmarkDB): Promise<string> {
  let suffix = suffixes.get(db);
  if (!suffix) {
    suffix = db.transaction('rw', db.meta, async () => {
      const stored = await db.meta.get(DEVICE_KEY);
      if (typeof stored?.value === 'string') return stored.value;
      const made = `d${randomId(11)}`;
      await db.meta.put({ key: DEVICE_KEY, value: made });
      return made;
    });
    suffix.catch(() => suffixes.delete(db));
    suffixes.set(db, suffix);
  }
  return suffix;
}

/** The revision a save of a record currently at `current` (none: new) gets on this device. */
export function nextRev(current: string | undefined, suffix: string): string {
  const counter = current === undefined ? 0 : parseRev(current).counter;
  return `${counter + 1}_${suffix}`;
}

/** The dirty mark for `rev`, keeping the time the record first became unsynced. */
async function markDirty(
  db: FieldmarkDB,
  collection: string,
  row: { id: string; user_id: string; rev: string },
  now: number,
): Promise<void> {
  const held = await db.dirty.get([collection, row.id]);
  const mark: DirtyRow = {
    collection,
    id: row.id,
    user_id: row.user_id,
    rev: row.rev,
    since: held?.since ?? now,
  };
  await db.dirty.put(mark);
}

/**
 * Writes `row` with the next revision and marks it dirty. Must run inside a readwrite transaction
 * over the row's table and `db.dirty`. Returns the row as stored.
 */
export async function saveRecord<Row extends WritableRow>(
  db: FieldmarkDB,
  collection: string,
  table: { get(id: string): Promise<Row | undefined>; put(row: Row): Promise<unknown> },
  row: Omit<Row, 'rev' | 'deleted'>,
  suffix: string,
  now = Date.now(),
): Promise<Row> {
  const current = await table.get(row.id);
  // Text a database cannot hold (a NUL, a lone surrogate) never enters a record (safeText.ts).
  const stored = { ...cleanTextDeep(row), rev: nextRev(current?.rev, suffix) } as Row;
  delete stored.deleted;
  await table.put(stored);
  await markDirty(db, collection, stored, now);
  return stored;
}

/**
 * Deletes a record: a tombstone row with the next revision and a dirty mark, so the deletion
 * reaches the server; the push removes the row once the server holds it. A record that never left
 * this device (no server revision to beat) still goes as a tombstone: a push of its creation may be
 * in flight. Returns false when there was no such live row.
 */
export async function deleteRecord<Row extends WritableRow>(
  db: FieldmarkDB,
  collection: string,
  table: { get(id: string): Promise<Row | undefined>; put(row: Row): Promise<unknown> },
  id: string,
  suffix: string,
  now = Date.now(),
): Promise<boolean> {
  const current = await table.get(id);
  if (!current || current.deleted) return false;
  const tombstone = { ...current, rev: nextRev(current.rev, suffix), deleted: true } as Row;
  await table.put(tombstone);
  await markDirty(db, collection, tombstone, now);
  return true;
}
