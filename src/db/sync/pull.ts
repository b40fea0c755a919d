/**
 * Pull of one collection (SPEC §4 "Sync"; docs/sync.md "Pull"): `GET collection/{name}` from the
 * stored cursor while the server says more, each answer committed in ONE Dexie readwrite
 * transaction over the collection's table and `collection_marks` together with the new cursor
 * (a reference collection's rows before the last PULL_WRITE_SLICE go in slices just before it).
 * So a crash or a lost connection mid-sync leaves the device at the last committed batch: the next
 * pull resumes from there, never skipping a batch nor applying one twice.
 *
 * Only an explicit `deleted` record removes a row; a record the answer leaves out is never taken
 * as deleted (docs/sync.md "Tombstones and deletes").
 */
import type { EntityTable, IDType } from 'dexie';
import {
  compareRev,
  SYNC_BATCH_SIZE,
  type Loading,
  type PullResponse,
  type SyncRecord,
} from '@contract/sync';
import type { ApiClient } from '../../api/client';
import { yieldToMain } from '../../lib/yieldToMain';
import type { FieldmarkDB } from '../FieldmarkDB';
import type { CollectionMarkRow } from '../rows';
import { filterKey, type SyncableCollection, type SyncedRow, type SyncFilter } from './collection';
import { deviceSuffix } from './localWrites';

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
  /**
   * Write a reference collection's page in slices of PULL_WRITE_SLICE (default true). A worker
   * (the species pull's) writes each page in one transaction: there the slices free no main
   * thread, and each commit makes the page's live queries over the table read it again.
   */
  sliceWrites?: boolean;
}

export interface PullResult {
  received: number;
  /** The cursor now stored. */
  lastMod: number;
  /** True when the pull started from 0 because there was no mark or its filter differed. */
  restarted: boolean;
  /**
   * The server was still loading the collection (its last answer's `loading`: a first start seeding
   * the species lists): what came is what it had, and more comes with a later pull.
   */
  serverLoading?: Loading;
}

/**
 * Rows of a reference collection written per transaction (issue 24): each slice is one short main
 * thread task (structured cloning, Dexie's change tracking for live queries), where a whole page of
 * 1,000 species held it for over a second on a throttled phone (bench:lighthouse).
 */
export const PULL_WRITE_SLICE = 50;

export async function pullCollection<Row extends SyncedRow>(
  { db, api }: PullContext,
  collection: SyncableCollection<Row>,
  options: PullOptions = {},
): Promise<PullResult> {
  const { filter, onProgress } = options;
  const key = filterKey(filter);
  const table = collection.table(db);
  const mark = await db.collection_marks.get(collection.name);
  const restarted = mark === undefined || (mark.filter_key ?? '') !== key;
  let cursor = restarted ? 0 : mark.remote_mod;
  // From 0 the answers bring the whole filtered set: first drop what no longer belongs under it.
  let prune = cursor === 0 && collection.inFilter !== undefined;
  let received = 0;
  let total: number | undefined;
  let serverLoading: Loading | undefined;
  const writable = collection.toData !== undefined;

  // The next page is fetched (and mapped) while the current one is written: the network and the
  // server overlap IndexedDB's work. Nothing is committed out of order: a page is written only
  // after the one before it, and a prefetched page is dropped when a write fails.
  const abort = new AbortController();
  options.signal?.addEventListener(
    'abort',
    () => {
      abort.abort(options.signal?.reason);
    },
    { once: true },
  );
  const fetchPage = (from: number, withTotal = false) => {
    const page = api
      .request<PullResponse>(
        'GET',
        `collection/${encodeURIComponent(collection.name)}`,
        { last_mod: from, filter, limit: SYNC_BATCH_SIZE, ...(withTotal ? { with_total: true } : {}) },
        { signal: abort.signal },
      )
      .then((answer) => {
        checkAnswer(collection.name, answer, from);
        return { answer, ...splitBatch(collection, answer.records) };
      });
    // A prefetch may fail while the page before it is still being written: it is awaited (and its
    // error thrown) after that write; until then it must not count as an unhandled rejection.
    page.catch(() => undefined);
    return page;
  };

  let next = fetchPage(cursor, true);
  try {
    for (let page = 0; ; page += 1) {
      const { answer, puts, deletes } = await next;
      if (answer.more) next = fetchPage(answer.last_mod);
      if (page === 0 && typeof answer.total === 'number') {
        total = answer.total;
        // A progress bar has its percentage from the first answer, before its batch is written.
        onProgress?.({ received, total });
      }

      const unchanged =
        answer.records.length === 0 && !prune && sameMark(mark, answer.last_mod, key) && !mark?.needs_retry;
      // Reference rows (no local edits, nothing settled after the pull) are written in slices
      // before the page's last one, giving the main thread back in between. A crash between them
      // only re-puts the same rows on the next pull, which resumes from the unmoved cursor.
      let lastSlice = puts;
      if (!unchanged && !writable && !collection.pulledKeys && options.sliceWrites !== false) {
        while (lastSlice.length > PULL_WRITE_SLICE) {
          const slice = lastSlice.slice(0, PULL_WRITE_SLICE);
          lastSlice = lastSlice.slice(PULL_WRITE_SLICE);
          await db.transaction('rw', table, async () => {
            await table.bulkPut(await keptFromStored(collection, table, slice));
          });
          await yieldToMain();
        }
      }
      if (!unchanged) {
        await db.transaction('rw', table, db.collection_marks, db.dirty, async () => {
          if (prune) {
            const outside = await table
              .filter((row) => collection.inFilter?.(row, filter) === false)
              .primaryKeys();
            await table.bulkDelete(outside);
          }
          const applied = writable
            ? await keepUnsyncedWinners(db, collection.name, answer.records, puts, deletes)
            : { puts: lastSlice, deletes };
          const touched = collection.pulledKeys ? await touchedKeys(collection, table, applied) : [];
          if (applied.deletes.length > 0) await table.bulkDelete(applied.deletes);
          if (applied.puts.length > 0)
            await table.bulkPut(await keptFromStored(collection, table, applied.puts));
          // Re-read inside the transaction: a push may have moved local_mod meanwhile.
          const current = await db.collection_marks.get(collection.name);
          const nextMark: CollectionMarkRow = {
            collection: collection.name,
            remote_mod: answer.last_mod,
            filter_key: key,
            local_mod: current?.local_mod ?? 0,
            needs_retry: false,
          };
          const waiting = union(current?.after_pull, touched);
          if (waiting.length > 0) nextMark.after_pull = waiting;
          await db.collection_marks.put(nextMark);
        });
      }
      prune = false;
      received += answer.records.length;
      cursor = answer.last_mod;
      serverLoading = answer.loading;
      onProgress?.({ received, ...(total === undefined ? {} : { total }) });
      if (!answer.more) break;
    }
  } catch (error) {
    abort.abort(); // a prefetch still in flight is not wanted any more
    // What the committed batches touched is settled now; if that fails too, the next pull does it.
    await settlePulled(db, collection).catch(() => undefined);
    throw error;
  }
  await settlePulled(db, collection);
  return { received, lastMod: cursor, restarted, ...(serverLoading ? { serverLoading } : {}) };
}

/** How many keys one settling transaction takes (each commits with the keys it cleared). */
export const SETTLE_CHUNK = 200;

/**
 * Settles what committed pull batches left in the collection's mark (`after_pull`): once per key
 * however many batches touched it, in transactions of SETTLE_CHUNK keys that each drop their keys
 * from the mark, so a crash keeps exactly the unsettled ones for the next pull.
 */
export async function settlePulled<Row extends SyncedRow>(
  db: FieldmarkDB,
  collection: SyncableCollection<Row>,
): Promise<void> {
  if (!collection.settlePulled) return;
  const waiting = (await db.collection_marks.get(collection.name))?.after_pull ?? [];
  if (waiting.length === 0) return;
  const suffix = await deviceSuffix(db);
  for (let start = 0; start < waiting.length; start += SETTLE_CHUNK) {
    const chunk = waiting.slice(start, start + SETTLE_CHUNK);
    await db.transaction('rw', collection.table(db), db.dirty, db.collection_marks, async () => {
      await collection.settlePulled?.(db, chunk, suffix);
      const current = await db.collection_marks.get(collection.name);
      if (!current) return;
      const done = new Set(chunk);
      const left = (current.after_pull ?? []).filter((key) => !done.has(key));
      const { after_pull: _settled, ...rest } = current;
      await db.collection_marks.put(left.length > 0 ? { ...rest, after_pull: left } : rest);
    });
  }
}

/** The keys a batch touches: its written rows and the stored rows they replace or it deletes. */
async function touchedKeys<Row extends SyncedRow>(
  collection: SyncableCollection<Row>,
  table: EntityTable<Row, 'id'>,
  applied: { puts: Row[]; deletes: IDType<Row, 'id'>[] },
): Promise<Iterable<string>> {
  const ids = [...applied.deletes, ...applied.puts.map((row) => row.id as IDType<Row, 'id'>)];
  const stored = await table.bulkGet(ids);
  const before = stored.filter((row): row is Row => row !== undefined);
  return collection.pulledKeys?.(before, applied.puts) ?? [];
}

/** The pulled rows, each with what its collection keeps of the stored row it replaces. */
async function keptFromStored<Row extends SyncedRow>(
  collection: SyncableCollection<Row>,
  table: EntityTable<Row, 'id'>,
  rows: Row[],
): Promise<Row[]> {
  const keep = collection.keepFromStored?.bind(collection);
  if (!keep) return rows;
  const stored = await table.bulkGet(rows.map((row) => row.id as IDType<Row, 'id'>));
  return rows.map((row, index) => {
    const before = stored[index];
    return before ? keep(before, row) : row;
  });
}

function union(kept: readonly string[] | undefined, added: Iterable<string>): string[] {
  const all = new Set(kept);
  for (const key of added) all.add(key);
  return [...all];
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

/**
 * A pulled batch meets this device's unsynced saves (style-anchors §4.2 "Pull: never overwrite a
 * dirty local row whose revision wins"): a record whose local dirty revision beats the pulled one
 * is left as it is (it still goes up with the next push and wins there too); otherwise the pulled
 * revision is the winner everywhere, so it is applied and the dirty mark cleared.
 */
async function keepUnsyncedWinners<Row extends SyncedRow>(
  db: FieldmarkDB,
  name: string,
  records: readonly SyncRecord[],
  puts: Row[],
  deletes: IDType<Row, 'id'>[],
): Promise<{ puts: Row[]; deletes: IDType<Row, 'id'>[] }> {
  const latestRev = new Map(records.map((record) => [record.id, record.rev]));
  const ids = [...latestRev.keys()];
  const marks = await db.dirty.bulkGet(ids.map((id) => [name, id] as [string, string]));
  const localWins = new Set<string>();
  const settled: [string, string][] = [];
  marks.forEach((mark) => {
    if (!mark) return;
    const rev = latestRev.get(mark.id);
    if (rev !== undefined && compareRev(mark.rev, rev) > 0) localWins.add(mark.id);
    else settled.push([name, mark.id]);
  });
  if (settled.length > 0) await db.dirty.bulkDelete(settled);
  if (localWins.size === 0) return { puts, deletes };
  return {
    puts: puts.filter((row) => !localWins.has(row.id)),
    deletes: deletes.filter((id) => !localWins.has(id as string)),
  };
}

function sameMark(mark: CollectionMarkRow | undefined, lastMod: number, key: string): boolean {
  return mark !== undefined && mark.remote_mod === lastMod && (mark.filter_key ?? '') === key;
}

/** The client trusts its server, but a wrong answer must fail loudly, not store a broken cursor. */
function checkAnswer(name: string, answer: PullResponse, sentLastMod: number): void {
  if (
    !Array.isArray(answer.records) ||
    typeof answer.more !== 'boolean' ||
    !Number.isSafeInteger(answer.last_mod) ||
    answer.last_mod < 0
  ) {
    throw new Error(`The server answered a malformed pull of '${name}'`);
  }
  if (answer.more && answer.records.length === 0 && answer.last_mod === sentLastMod) {
    throw new Error(`The server answered 'more' for '${name}' without moving the cursor`);
  }
}
