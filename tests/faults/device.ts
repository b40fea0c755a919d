/**
 * A member's device for the fault tests: the real Dexie (fake-indexeddb), the real repositories,
 * the app's HTTP client and the real sync engine, talking to the real server over loopback through
 * a wire that can be cut (offline), that delivers a request twice, or that goes dead after a number
 * of requests (a sync interrupted mid-batch). The database can be closed and reopened under a
 * newer schema version, as an app update does.
 */
import type { ApiClient } from '../../src/api/client';
import { FieldmarkDB } from '../../src/db/FieldmarkDB';
import { createSyncEngine, MEMBER_COLLECTIONS, syncMemberData, type SyncEngine } from '../../src/db/sync';
import { memberApiClient } from '../../src/test/memberTokens';

/** The next app version's schema: one more index, so Dexie runs a real upgrade over the queue. */
export class FieldmarkDBNext extends FieldmarkDB {
  constructor(name: string) {
    super(name);
    // One version past the app's, whatever that is: the app's indexes plus one.
    this.version(this.verno + 1).stores({
      species_observations: 'id, user_id, [user_id+date], [user_id+species_id+date], *trips, date',
    });
  }
}

export interface Device {
  db: FieldmarkDB;
  userId: string;
  offline: boolean;
  /** The next n requests are delivered twice (the answer to the second is the one returned). */
  duplicateNext: number;
  /** After this many more requests the wire goes dead (offline); null: never. */
  cutAfter: number | null;
  sync(): ReturnType<typeof syncMemberData>;
  bumpSchema(): Promise<void>;
  close(): void;
}

export function createDevice(options: {
  baseUrl: string;
  dbName: string;
  userId: string;
  authToken: string;
  timeoutMs: number;
}): Device {
  let engine: SyncEngine;
  const device: Device = {
    db: new FieldmarkDB(options.dbName),
    userId: options.userId,
    offline: false,
    duplicateNext: 0,
    cutAfter: null,
    sync: () => syncMemberData({ db: device.db, api: client }, engine, options.userId),
    async bumpSchema() {
      if (device.db instanceof FieldmarkDBNext) return;
      device.db.close();
      device.db = new FieldmarkDBNext(options.dbName);
      await device.db.open();
      engine.dispose();
      engine = makeEngine();
    },
    close() {
      engine.dispose();
      device.db.close();
    },
  };

  const wire: typeof fetch = async (input, init) => {
    if (device.cutAfter !== null) {
      if (device.cutAfter <= 0) device.offline = true;
      else device.cutAfter -= 1;
    }
    if (device.offline) throw new TypeError('fetch failed: offline');
    if (device.duplicateNext > 0) {
      device.duplicateNext -= 1;
      const first = await fetch(input, init).catch(() => null);
      await first?.arrayBuffer().catch(() => undefined);
    }
    return fetch(input, init);
  };
  const client: ApiClient = memberApiClient(
    options.baseUrl,
    { auth_token: options.authToken },
    {
      fetch: wire,
      isOnline: () => !device.offline,
      timeoutMs: options.timeoutMs,
      retries: 1,
      retryDelayMs: 1,
    },
  );
  const makeEngine = () =>
    createSyncEngine({
      db: device.db,
      api: client,
      collections: MEMBER_COLLECTIONS,
      isOnline: () => !device.offline,
      currentUserId: () => options.userId,
      // The schedule decides when syncs run; the engine's own retry timers stay out of it.
      timers: { setTimeout: () => 0, clearTimeout: () => undefined },
      log: () => undefined,
    });
  engine = makeEngine();
  return device;
}
