/**
 * Push of one writable collection (SPEC §4 "Sync": "pushes local changes …, after asking the
 * server which are needed"; docs/sync.md "The client"): the dirty marks of the collection in
 * batches of up to 1000, each `POST collection/{name}/verify` → `PUT collection/{name}` with the
 * records the server needs, then ONE transaction that clears the marks the answer settled.
 *
 * What keeps a sighting from being lost or doubled:
 * - a mark is cleared only after a 2xx, and only while its `rev` is still the one sent (a save made
 *   during the push stays dirty and goes with the next push);
 * - a 5xx, 429, timeout or network error clears nothing: the push rejects, the engine flags the
 *   collection and retries the same records later (the server ignores a revision it holds, so a
 *   response lost after the server committed costs one more round trip, never a duplicate); a 500
 *   first narrows the batch (FAULT_SPLITS), so the records that can be stored are, and only the
 *   one the server keeps failing on waits for the retry;
 * - a permanent refusal (400, 403, 404, 409, 410, 413, 422) is narrowed to the records causing it, and
 *   only those are parked with the server's reason; the rest go on. A refusal that names its records
 *   (`refused`, PushRefusedSchema) parks exactly those; one that does not is narrowed by halving.
 */
import { ApiError } from '../../api/ApiError';
import {
  compareRev,
  SYNC_BATCH_SIZE,
  type PushRecord,
  type PushRefused,
  type PushResponse,
  type VerifyResponse,
} from '@contract/sync';
import type { FieldmarkDB } from '../FieldmarkDB';
import type { DirtyRow } from '../rows';
import type { SyncableCollection } from './collection';
import type { WritableRow } from './localWrites';
import type { PullContext } from './pull';

export interface PushResult {
  /** Records the server stored or already held: their marks are cleared. */
  settled: number;
  /** Records refused for good in this push. */
  parked: number;
  /** HTTP requests made. */
  requests: number;
}

const PERMANENT = new Set([400, 403, 404, 409, 410, 413, 422]);

/** A refusal that sending the same record again can never turn into a success. */
export function isPermanentRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && PERMANENT.has(error.status);
}

/**
 * How many times one push may halve a batch that answered 500: enough to isolate one record in a
 * batch of 1000 (two sends per level), few enough that a failing server costs little more.
 */
export const FAULT_SPLITS = 24;

/** An answer that may come from one record the server cannot handle (not overload, not the network). */
function isServerFault(error: unknown): boolean {
  return error instanceof ApiError && error.status === 500;
}

interface Outgoing {
  mark: DirtyRow;
  record: PushRecord;
}

export async function pushCollection<Row extends WritableRow>(
  { db, api }: PullContext,
  collection: SyncableCollection<Row>,
  options: { userId: string; now?: () => number },
): Promise<PushResult> {
  if (!collection.toData) throw new Error(`The collection '${collection.name}' is not writable`);
  const toData = collection.toData.bind(collection);
  const now = options.now ?? Date.now;
  const table = collection.table(db);
  const result: PushResult = { settled: 0, parked: 0, requests: 0 };
  const path = `collection/${encodeURIComponent(collection.name)}`;
  let faultSplits = FAULT_SPLITS;

  async function send(batch: Outgoing[]): Promise<void> {
    try {
      result.requests += 1;
      const { needed } = await api.request<VerifyResponse>('POST', `${path}/verify`, {
        data: batch.map(({ record }) => ({ id: record.id, rev: record.rev })),
      });
      const wanted = new Set(needed);
      const records = batch.filter(({ record }) => wanted.has(record.id)).map(({ record }) => record);
      if (records.length > 0) {
        result.requests += 1;
        await api.request<PushResponse>('PUT', path, { data: records });
      }
      await settle(db, collection.name, table, batch);
      result.settled += batch.length;
    } catch (error) {
      if (isServerFault(error) && batch.length > 1 && faultSplits > 0) {
        // One record the server cannot take (a 500 every time) must not hold back the others:
        // halve, let every half that can go through go, then fail with what still failed. Budgeted,
        // so a server that fails everything costs a few requests more, not one per record.
        faultSplits -= 1;
        const half = Math.ceil(batch.length / 2);
        const failures: unknown[] = [];
        for (const part of [batch.slice(0, half), batch.slice(half)]) {
          await send(part).catch((partError: unknown) => failures.push(partError));
        }
        if (failures.length > 0) throw failures[0] instanceof Error ? failures[0] : error;
        return;
      }
      if (!isPermanentRefusal(error)) throw error;
      const named = refusedIn(error, batch);
      if (named.size > 0 && batch.length > 1) {
        for (const item of batch) {
          const reason = named.get(item.record.id);
          if (reason === undefined) continue;
          await park(db, item.mark, new ApiError(error.status, reason, null), now());
          result.parked += 1;
        }
        const rest = batch.filter((item) => !named.has(item.record.id));
        if (rest.length > 0) await send(rest);
        return;
      }
      const [only] = batch;
      if (batch.length === 1 && only) {
        await park(db, only.mark, error, now());
        result.parked += 1;
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await send(batch.slice(0, half));
      await send(batch.slice(half));
    }
  }

  // Marks parked during this push are skipped by the query; settled ones are gone: the loop ends
  // when nothing pushable is left (a save made meanwhile is pushed in a later round of it).
  for (;;) {
    // Only the signed-in member's records: another member's unsynced saves on this device wait for
    // their own session (pushed with this token they would become this member's).
    const marks = await db.dirty
      .where('[collection+user_id]')
      .equals([collection.name, options.userId])
      .filter((mark) => mark.parked === undefined)
      .limit(SYNC_BATCH_SIZE)
      .toArray();
    if (marks.length === 0) return result;
    const rows = await table.bulkGet(marks.map((mark) => mark.id as never));
    const batch: Outgoing[] = [];
    const orphans: DirtyRow[] = [];
    marks.forEach((mark, index) => {
      const row = rows[index];
      if (!row) {
        orphans.push(mark);
        return;
      }
      batch.push({
        mark,
        record: row.deleted
          ? { id: row.id, rev: row.rev, deleted: true, data: {} }
          : { id: row.id, rev: row.rev, deleted: false, data: toData(row) },
      });
    });
    if (orphans.length > 0) await dropOrphans(db, orphans);
    if (batch.length > 0) await send(batch);
  }
}

/**
 * One transaction over the marks and the rows: clear each mark whose rev is still the one sent,
 * and remove a sent tombstone (the server holds the deletion; the pull would bring it anyway).
 */
async function settle<Row extends WritableRow>(
  db: FieldmarkDB,
  name: string,
  table: ReturnType<SyncableCollection<Row>['table']>,
  batch: readonly Outgoing[],
): Promise<void> {
  await db.transaction('rw', db.dirty, table, async () => {
    const keys = batch.map(({ record }) => [name, record.id] as [string, string]);
    const marks = await db.dirty.bulkGet(keys);
    const cleared: [string, string][] = [];
    const removed: string[] = [];
    batch.forEach(({ record }, index) => {
      const mark = marks[index];
      // Saved again meanwhile (a winning revision): still dirty, pushed next round.
      if (!mark || compareRev(mark.rev, record.rev) > 0) return;
      cleared.push([name, record.id]);
      if (record.deleted) removed.push(record.id);
    });
    await db.dirty.bulkDelete(cleared);
    if (removed.length > 0) {
      const rows = await table.bulkGet(removed as never[]);
      const stillTombstones = removed.filter(
        (id, index) => rows[index]?.deleted === true && rows[index].id === id,
      );
      await table.bulkDelete(stillTombstones as never[]);
    }
  });
}

/**
 * The records of `batch` a refusal names (id → reason). Only ids sent in this batch with the revision
 * sent count, so a malformed or unrelated answer falls back to halving.
 */
function refusedIn(error: ApiError, batch: readonly Outgoing[]): Map<string, string> {
  const named = new Map<string, string>();
  const body = error.body as PushRefused | null;
  if (!body || typeof body !== 'object' || !Array.isArray(body.refused)) return named;
  const sent = new Map(batch.map(({ record }) => [record.id, record.rev]));
  for (const item of body.refused) {
    // The error body is not validated: a null item is skipped, not thrown on.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    if (typeof item?.id !== 'string' || typeof item.reason !== 'string') continue;
    if (sent.get(item.id) === item.rev) named.set(item.id, item.reason);
  }
  return named;
}

async function park(db: FieldmarkDB, mark: DirtyRow, error: ApiError, at: number): Promise<void> {
  await db.transaction('rw', db.dirty, async () => {
    const current = await db.dirty.get([mark.collection, mark.id]);
    if (current?.rev !== mark.rev) return; // saved again meanwhile: the new revision gets its chance
    await db.dirty.put({ ...current, parked: { status: error.status, reason: error.reason, at } });
  });
}

/** A mark without a row has nothing to push (the row was wiped); it must not block the queue. */
async function dropOrphans(db: FieldmarkDB, orphans: readonly DirtyRow[]): Promise<void> {
  console.warn(`Dropping ${orphans.length} dirty mark(s) whose records are gone`);
  await db.dirty.bulkDelete(orphans.map((mark) => [mark.collection, mark.id] as [string, string]));
}
