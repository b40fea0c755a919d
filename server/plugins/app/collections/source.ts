/**
 * What the collection routes (server/routes/collection) talk to: a `CollectionSource` per
 * collection name, found in the `CollectionRegistry` (`app.collections`). The routes do the HTTP
 * part (auth, schemas, the envelope, 404/403); a source does the data part for one collection,
 * scoped to the signed-in member it is given. See README.md beside this file.
 */
import { COLLECTION_NAME_PATTERN, type PushRecord, type RevisionRef, type SyncRecord } from '@contract/sync';
import type { RecordRefusal } from './record-checks';

/** Who is asking. A member-owned source reads and writes only this member's records. */
export interface CollectionContext {
  memberId: string;
}

export interface PullOptions {
  /** The cursor from the previous answer; 0 from the start. Its meaning is the source's own. */
  lastMod: number;
  /** A parsed JSON object, or undefined; what it matches is the source's own (documented). */
  filter: Record<string, unknown> | undefined;
  /** 1 … SYNC_BATCH_SIZE. */
  limit: number;
  /** The client asked for `total` (once per pull, on its first page); a source may ignore it. */
  withTotal: boolean;
}

export interface PullResult {
  /** Oldest change first, tombstones included, at most `limit`. */
  records: SyncRecord[];
  /** A further batch exists after `lastMod`. */
  more: boolean;
  /** The cursor to send next: after the last record answered, or the one asked for if none. */
  lastMod: number;
  /** Optional: how many records match after the cursor asked for (PullResponse `total`). */
  total?: number;
  /** Optional: the server is still loading this collection (PullResponse `loading`). */
  loading?: { done: number; total: number };
}

export interface PushResult {
  accepted: Array<{ id: string; rev: string; mod: number }>;
  /** Not stored: the source already held this or a winning revision. */
  ignored: RevisionRef[];
}

interface SourceBase {
  pull(context: CollectionContext, options: PullOptions): Promise<PullResult>;
}

/**
 * Reference data (species): the same for everyone, so a client token may pull it too (context null);
 * verify and PUT answer 403.
 */
export interface ReadOnlyCollectionSource extends SourceBase {
  readonly readOnly: true;
  pull(context: CollectionContext | null, options: PullOptions): Promise<PullResult>;
}

export interface WritableCollectionSource extends SourceBase {
  readonly readOnly: false;
  /** The ids whose revision beats the stored one or that are unknown, once each, in request order. */
  verify(context: CollectionContext, refs: readonly RevisionRef[]): Promise<string[]>;
  /**
   * The records of a push that cannot be stored (unsafe text, too large, data that is not what the
   * collection holds), each with a reason naming the field; the route refuses the push when any is.
   */
  refusals(context: CollectionContext, records: readonly PushRecord[]): RecordRefusal[];
  /**
   * Stores each record whose revision wins (compareRev), atomically for the whole batch; replaying
   * a batch changes nothing. `mod` in the records is ignored: the source assigns it.
   */
  push(context: CollectionContext, records: readonly PushRecord[]): Promise<PushResult>;
}

export type CollectionSource = ReadOnlyCollectionSource | WritableCollectionSource;

const NAME = new RegExp(COLLECTION_NAME_PATTERN);

/** Collection name → source. Filled at start-up by plugins; read by the routes. */
export class CollectionRegistry {
  private readonly sources = new Map<string, CollectionSource>();

  register(name: string, source: CollectionSource): void {
    if (!NAME.test(name)) throw new Error(`Invalid collection name '${name}'`);
    if (this.sources.has(name)) throw new Error(`Collection '${name}' is already registered`);
    this.sources.set(name, source);
  }

  get(name: string): CollectionSource | undefined {
    return this.sources.get(name);
  }

  names(): string[] {
    return [...this.sources.keys()].sort();
  }
}
