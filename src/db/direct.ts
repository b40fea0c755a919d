/**
 * IndexedDB without Dexie, for the one write the member waits on in the field: a new sighting
 * (notes/performance-and-reliability.md P5, bench:record). A Dexie readwrite transaction costs
 * ≈ 0.4 ms of its own on top of IndexedDB's (promise zones, the DBCore middleware stack), about a
 * fifth of a save; this file opens the transaction on Dexie's own connection instead and, once it
 * has committed, tells Dexie what changed through its public 'storagemutated' event — the notice
 * Dexie itself fires after each of its commits, so live queries here, in other tabs and in the
 * map's worker re-read as they would after a Dexie write. FieldmarkDB runs with Dexie's query
 * cache off, so a re-read goes to IndexedDB rather than to a cached result this write did not
 * invalidate.
 *
 * Everything else writes through Dexie; a caller falls back to it when `directTransaction` has no
 * open connection to offer.
 */
import { Dexie, RangeSet, type IndexableType, type ObservabilitySet } from 'dexie';
import { durabilityOf, type FieldmarkDB } from './FieldmarkDB';

/** A readwrite transaction over `stores` on `db`'s open connection; null when it is not open. */
export function directTransaction(db: FieldmarkDB, stores: readonly string[]): IDBTransaction | null {
  const connection = db.isOpen() ? db.backendDB() : null;
  if (!connection) return null;
  try {
    const durability = durabilityOf(stores, 'readwrite');
    return connection.transaction([...stores], 'readwrite', durability ? { durability } : {});
  } catch (error) {
    // A connection Dexie is closing (a version change): Dexie's own path reopens it.
    if ((error as { name?: unknown } | null)?.name === 'InvalidStateError') return null;
    throw error;
  }
}

/** The result of one request. */
export function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => {
      resolve(request.result);
    };
    request.onerror = () => {
      reject(request.error ?? new Error('IndexedDB request failed'));
    };
  });
}

/** The rows a getAll answers, typed as the rows its store holds. */
export function settledRows<Row>(request: IDBRequest<unknown[]>): Promise<Row[]> {
  return settled(request) as Promise<Row[]>;
}

/**
 * Resolves when `transaction` has committed (with strict durability: flushed to disk), rejects
 * when it aborts. Call right after opening it.
 */
export function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => {
      resolve();
    };
    transaction.onabort = () => {
      reject(transaction.error ?? new DOMException('Transaction aborted', 'AbortError'));
    };
  });
}

/** Rows put into one table by a direct transaction. */
export interface DirectWrite {
  table: string;
  rows: readonly object[];
}

/** A row's value at a key path; as Dexie answers, the row itself where there is none. */
function valueAt(row: object, keyPath: string | string[] | undefined): unknown {
  return keyPath === undefined ? row : Dexie.getByKeyPath(row, keyPath);
}

/**
 * Announces committed puts of new rows the way Dexie's observability middleware announces its own:
 * each row's primary key (also as possibly replaced, ':dels') and its key in every index.
 */
export function announcePuts(db: FieldmarkDB, writes: readonly DirectWrite[]): void {
  const parts: ObservabilitySet = {};
  const part = (table: string, index: string) =>
    (parts[`idb://${db.name}/${table}/${index}`] ??= new RangeSet()) as RangeSet;
  for (const { table, rows } of writes) {
    const { primKey, indexes } = db.table(table).schema;
    const keys = rows.map((row) => valueAt(row, primKey.keyPath) as IndexableType);
    part(table, '').addKeys(keys);
    part(table, ':dels').addKeys(keys);
    for (const index of indexes) {
      for (const row of rows) {
        const key = valueAt(row, index.keyPath);
        if (key == null) continue;
        if (index.multi && Array.isArray(key)) part(table, index.name).addKeys(key as IndexableType[]);
        else part(table, index.name).addKey(key as IndexableType);
      }
    }
  }
  try {
    Dexie.on('storagemutated').fire(parts);
  } catch (error) {
    // The write has committed: a listener that throws must not make the save look failed.
    console.error('A listener of storagemutated failed', error);
  }
}
