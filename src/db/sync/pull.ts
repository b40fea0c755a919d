/**
 * Pull of one collection (SPEC §4 "Sync"; docs/sync.md "Pull"): `GET collection/{name}` from the
 * stored cursor while the server says more, each answer committed in ONE Dexie readwrite
 * transaction over the collection's table and `collection_marks` together with the new cursor.
 * So a crash or a lost connection mid-sync leaves the device at the last committed batch: the next
 * pull resumes from there, never skipping a batch nor applying one twice.
 *
 * Only an explicit `deleted` record removes a row; a record the answer leaves out is never taken
 * as deleted (docs/sync.md "Tombstones and deletes").
 */
import type { IDType } from 'dexie';
import { SYNC_BATCH_SIZE, type PullResponse, type SyncRecord } from '@contract/sync';
import type { ApiClient } from '../../api/client';
import type { FieldmarkDB } from '../FieldmarkDB';
import type { CollectionMarkRow } from '../rows';
import { filterKey, type SyncableCollection, type SyncedRow, type SyncFilter } from './collection';

export interface PullContext {
  db: FieldmarkDB;
  /** The app's one HTTP client (tokens, offline detection, errors). */
  api: Pick<ApiClient, 'request'>;
}

export interface PullProgress {
  /** Records (tombstones included) committed so far by this pull. */
  received: number;
  /** What the server said the pull would bring, when it said (PullResponse `total`). */
  total?: number;
}

export interface PullOptions {
  filter?: SyncFilter;
  /** Called after each committed batch. */
  onProgress?: (progress: PullProgress) => void;
  signal?: AbortSignal;
}

export interface PullResult {
  received: number;
  /** The cursor now stored. */
  lastMod: number;
  /** True when the pull started from 0 because there was no mark or its filter differed. */
  restarted: boolean;
}

export async function pullCollection<Row extends SyncedRow>(
  { db, api }: PullContext,
  collection: SyncableCollection<Row>,
  options: PullOptions = {},
): Promise<PullResult> {
  const { filter, onProgress, signal } = options;
  const key = filterKey(filter);
  const table = collection.table(db);
  const mark = await db.collection_marks.get(collection.name);
  const restarted = mark === undefined || (mark.filter_key ?? '') !== key;
  let cursor = restarted ? 0 : mark.remote_mod;
  // From 0 the answers bring the whole filtered set: first drop what no longer belongs under it.
  let prune = cursor === 0 && collection.inFilter !== undefined;
  let received = 0;
  let total: number | undefined;

  for (let page = 0; ; page += 1) {
    const answer = await api.request<PullResponse>(
      'GET',
      `collection/${encodeURIComponent(collection.name)}`,
      { last_mod: cursor, filter, limit: SYNC_BATCH_SIZE },
      { signal },
    );
    checkAnswer(collection.name, answer);
    if (answer.more && answer.records.length === 0 && answer.last_mod === cursor) {
      throw new Error(`The server answered 'more' for '${collection.name}' without moving the cursor`);
    }
    if (page === 0 && typeof answer.total === 'number') total = answer.total;
    const { puts, deletes } = splitBatch(collection, answer.records);

    const unchanged =
      answer.records.length === 0 && !prune && sameMark(mark, answer.last_mod, key) && !mark?.needs_retry;
    if (!unchanged) {
      await db.transaction('rw', table, db.collection_marks, async () => {
        if (prune) {
          const outside = await table.filter((row) => !collection.inFilter!(row, filter)).primaryKeys();
          await table.bulkDelete(outside);
        }
        if (deletes.length > 0) await table.bulkDelete(deletes);
        if (puts.length > 0) await table.bulkPut(puts);
        // Re-read inside the transaction: a push may have moved local_mod meanwhile.
        const current = await db.collection_marks.get(collection.name);
        const next: CollectionMarkRow = {
          collection: collection.name,
          remote_mod: answer.last_mod,
          filter_key: key,
          local_mod: current?.local_mod ?? 0,
          needs_retry: false,
        };
        await db.collection_marks.put(next);
      });
    }
    prune = false;
    received += answer.records.length;
    cursor = answer.last_mod;
    onProgress?.({ received, ...(total === undefined ? {} : { total }) });
    if (!answer.more) return { received, lastMod: cursor, restarted };
  }
}

/** The batch as rows to put and ids to delete; a later record of the same id wins over an earlier. */
function splitBatch<Row extends SyncedRow>(
  collection: SyncableCollection<Row>,
  records: readonly SyncRecord[],
): { puts: Row[]; deletes: IDType<Row, 'id'>[] } {
  const latest = new Map<string, SyncRecord>();
  for (const record of records) {
    latest.delete(record.id);
    latest.set(record.id, record);
  }
  const puts: Row[] = [];
  const deletes: IDType<Row, 'id'>[] = [];
  for (const record of latest.values()) {
    if (record.deleted) deletes.push(record.id as IDType<Row, 'id'>);
    else puts.push(collection.toRow(record));
  }
  return { puts, deletes };
}

function sameMark(mark: CollectionMarkRow | undefined, lastMod: number, key: string): boolean {
  return mark !== undefined && mark.remote_mod === lastMod && (mark.filter_key ?? '') === key;
}

/** The client trusts its server, but a wrong answer must fail loudly, not store a broken cursor. */
function checkAnswer(name: string, answer: PullResponse): void {
  if (
    !Array.isArray(answer.records) ||
    typeof answer.more !== 'boolean' ||
    !Number.isSafeInteger(answer.last_mod) ||
    answer.last_mod < 0
  ) {
    throw new Error(`The server answered a malformed pull of '${name}'`);
  }
}
