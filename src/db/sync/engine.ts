/**
 * The sync engine (SPEC §4 "Sync"; docs/sync.md "The client"): one per app store, over the
 * collections it is given. It
 * - pulls a collection on request (`sync`), one pull per collection at a time: a request for the
 *   pull already running joins it, a request with another filter runs right after it (the latest
 *   such request wins);
 * - flags a failed pull on its mark (`needs_retry`) and hands it to the retry scheduler (1 s, then
 *   every 60 s, only while online);
 * - refreshes every collection with a mark when asked (`syncMarked`: going online, app start),
 *   each with the filter it was last pulled with;
 * - pulls again every SERVER_LOADING_REPULL_MS while the server answers that it is still loading
 *   the collection (`loading`: a new server seeding the species lists).
 * Plain TypeScript: the app wires it to Redux (src/features/species/sync), tests use it directly.
 */
import { ApiError } from '../../api/ApiError';
import type { Loading } from '@contract/sync';
import type { CollectionMarkRow } from '../rows';
import { filterFromKey, filterKey, type SyncableCollection, type SyncFilter } from './collection';
import { memberFilterOf } from './member';
import { pullCollection, type PullContext, type PullProgress, type PullResult } from './pull';
import type { WritableRow } from './localWrites';
import { pushCollection, type PushResult } from './push';
import { createRetryScheduler, systemTimers, type RetryScheduler, type Timers } from './retry';

/**
 * While the server is still loading a collection (a new server seeding the world species lists,
 * about a minute), the engine pulls it again this often, so the list fills up as it loads.
 */
export const SERVER_LOADING_REPULL_MS = 10_000;

export type SyncEvent =
  | { type: 'started'; collection: string }
  | ({ type: 'progress'; collection: string } & PullProgress)
  | {
      type: 'done';
      collection: string;
      received: number;
      pushed: PushResult | null;
      /** The server is still loading this collection; the engine pulls again later by itself. */
      serverLoading?: Loading;
    }
  | { type: 'failed'; collection: string; error: unknown };

export interface SyncEngineOptions extends PullContext {
  collections: readonly SyncableCollection[];
  /** navigator.onLine and the store's network state. */
  isOnline: () => boolean;
  /**
   * The signed-in member, whose records the writable collections push and pull (null: signed out,
   * they are left alone). Without it writable collections are never synced.
   */
  currentUserId?: () => string | null;
  timers?: Timers;
  onEvent?: (event: SyncEvent) => void;
  log?: (message: string, error: unknown) => void;
}

export interface SyncResult extends PullResult {
  /** The push that ran first (writable collections), null for a pull-only one. */
  pushed: PushResult | null;
}

export interface SyncEngine {
  /**
   * Syncs the collection: a writable one pushes the member's unsynced records, then pulls the
   * member's records (its filter is always the member's); a read-only one pulls with this filter
   * (none: the whole collection). Rejects when the sync fails; the collection is then flagged and
   * retried in the background.
   */
  sync(name: string, options?: { filter?: SyncFilter }): Promise<SyncResult>;
  /**
   * Syncs every registered collection that has a mark (only the flagged ones with `onlyFailed`),
   * each with the filter of its mark (a writable one: the signed-in member's), joining a sync
   * already running or waiting instead of overriding it. Never rejects; resolves false when some
   * sync failed. The member's collections without a mark yet are the member sync's to start
   * (src/features/sync).
   */
  syncMarked(options?: { onlyFailed?: boolean }): Promise<boolean>;
  readonly retries: Pick<RetryScheduler, 'pending'>;
  dispose(): void;
}

interface Request {
  filter: SyncFilter | undefined;
  key: string;
}

/** One collection's pull in flight and the one waiting behind it. */
interface Lane {
  running: (Request & { promise: Promise<SyncResult> }) | null;
  queued: (Request & { promise: Promise<SyncResult> }) | null;
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, api, isOnline } = options;
  const emit = options.onEvent ?? (() => undefined);
  const log =
    options.log ??
    ((message, error) => {
      console.warn(message, error);
    });
  const collections = new Map(options.collections.map((collection) => [collection.name, collection]));
  const lanes = new Map<string, Lane>();
  const currentUserId = options.currentUserId ?? (() => null);

  const timers = options.timers ?? systemTimers;
  /** The later pulls of collections the server was still loading, by name. */
  const repulls = new Map<string, unknown>();

  function pullAgainLater(name: string, filter: SyncFilter | undefined): void {
    if (repulls.has(name)) return;
    const handle = timers.setTimeout(() => {
      repulls.delete(name);
      if (isOnline()) refresh(name, filter).catch(() => undefined); // a failure is flagged and retried
    }, SERVER_LOADING_REPULL_MS);
    repulls.set(name, handle);
  }

  const retries = createRetryScheduler({
    retry: async () => !(await syncMarked({ onlyFailed: true })),
    isOnline,
    timers: options.timers,
  });

  function collectionOf(name: string): SyncableCollection {
    const collection = collections.get(name);
    if (!collection) throw new Error(`The sync engine does not know the collection '${name}'`);
    return collection;
  }

  function laneOf(name: string): Lane {
    let lane = lanes.get(name);
    if (!lane) {
      lane = { running: null, queued: null };
      lanes.set(name, lane);
    }
    return lane;
  }

  async function run(collection: SyncableCollection, request: Request): Promise<SyncResult> {
    emit({ type: 'started', collection: collection.name });
    try {
      if (!isOnline()) throw ApiError.offline();
      let pushed: PushResult | null = null;
      if (collection.toData) {
        const userId = currentUserId();
        if (userId === null) throw new Error(`'${collection.name}' syncs only with a member signed in`);
        // Push before pull: the pull then brings the server's winners of what was just sent.
        pushed = await pushCollection({ db, api }, collection as unknown as SyncableCollection<WritableRow>, {
          userId,
        });
      }
      const pullOptions = {
        filter: request.filter,
        onProgress: (progress: PullProgress) => {
          emit({ type: 'progress', collection: collection.name, ...progress });
        },
      };
      const result = collection.pull
        ? await collection.pull({ db, api }, pullOptions)
        : await pullCollection({ db, api }, collection, pullOptions);
      const { serverLoading } = result;
      emit({
        type: 'done',
        collection: collection.name,
        received: result.received,
        pushed,
        ...(serverLoading ? { serverLoading } : {}),
      });
      if (serverLoading) pullAgainLater(collection.name, request.filter);
      return { ...result, pushed };
    } catch (error) {
      await flagFailure(collection.name, request.key).catch((flagError: unknown) => {
        log(`Could not flag '${collection.name}' for a retry`, flagError);
      });
      emit({ type: 'failed', collection: collection.name, error });
      retries.failed();
      throw error;
    }
  }

  function start(collection: SyncableCollection, lane: Lane, request: Request): Promise<SyncResult> {
    const promise = run(collection, request).finally(() => {
      if (lane.running?.promise === promise) lane.running = null;
    });
    lane.running = { ...request, promise };
    return promise;
  }

  /** Runs `request` after the pull in flight; a later request replaces the waiting one's filter. */
  function enqueue(collection: SyncableCollection, lane: Lane, request: Request): Promise<SyncResult> {
    if (lane.queued) {
      Object.assign(lane.queued, request);
      return lane.queued.promise;
    }
    const waitFor = lane.running?.promise ?? Promise.resolve();
    const queued: Lane['queued'] & object = {
      ...request,
      promise: waitFor
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          lane.queued = null;
          return start(collection, lane, { filter: queued.filter, key: queued.key });
        }),
    };
    lane.queued = queued;
    return queued.promise;
  }

  /** A writable collection is always the member's records; null when nobody is signed in. */
  function filterFor(
    collection: SyncableCollection,
    asked: SyncFilter | undefined,
  ): SyncFilter | undefined | null {
    if (!collection.toData) return asked;
    const userId = currentUserId();
    return userId === null ? null : memberFilterOf(userId);
  }

  function sync(name: string, options: { filter?: SyncFilter } = {}): Promise<SyncResult> {
    const collection = collectionOf(name);
    const filter = filterFor(collection, options.filter);
    if (filter === null) return Promise.reject(new Error(`'${name}' syncs only with a member signed in`));
    const lane = laneOf(name);
    const request = { filter, key: filterKey(filter) };
    if (lane.queued) return enqueue(collection, lane, request);
    if (lane.running) {
      return lane.running.key === request.key ? lane.running.promise : enqueue(collection, lane, request);
    }
    return start(collection, lane, request);
  }

  /** A background refresh: whatever is running or waiting is newer than the mark, so join it. */
  function refresh(name: string, markedFilter: SyncFilter | undefined): Promise<SyncResult> {
    const lane = laneOf(name);
    const pending = lane.queued ?? lane.running;
    if (pending) return pending.promise;
    const collection = collectionOf(name);
    const filter = filterFor(collection, markedFilter);
    if (filter === null) return Promise.resolve({ received: 0, lastMod: 0, restarted: false, pushed: null });
    return start(collection, lane, { filter, key: filterKey(filter) });
  }

  async function syncMarked({ onlyFailed = false }: { onlyFailed?: boolean } = {}): Promise<boolean> {
    let marks: CollectionMarkRow[];
    try {
      marks = await db.collection_marks.toArray();
    } catch (error) {
      log('Could not read the sync marks', error);
      return false;
    }
    const due = marks.filter((mark) => collections.has(mark.collection) && (!onlyFailed || mark.needs_retry));
    const results = await Promise.allSettled(
      due.map((mark) => refresh(mark.collection, filterFromKey(mark.filter_key))),
    );
    return results.every((result) => result.status === 'fulfilled');
  }

  /** The mark says "retry"; a pull under a new filter also restarts its cursor from 0. */
  async function flagFailure(name: string, key: string): Promise<void> {
    await db.transaction('rw', db.collection_marks, async () => {
      const mark = await db.collection_marks.get(name);
      const sameFilter = mark !== undefined && (mark.filter_key ?? '') === key;
      await db.collection_marks.put({
        collection: name,
        remote_mod: sameFilter ? mark.remote_mod : 0,
        filter_key: key,
        local_mod: mark?.local_mod ?? 0,
        needs_retry: true,
        // What the failed pull committed and could not settle stays for the next one.
        ...(mark?.after_pull ? { after_pull: mark.after_pull } : {}),
      });
    });
  }

  return {
    sync,
    syncMarked,
    retries,
    dispose: () => {
      retries.dispose();
      for (const handle of repulls.values()) timers.clearTimeout(handle);
      repulls.clear();
    },
  };
}
