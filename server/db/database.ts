/**
 * The database handle: Kysely over one `pg.Pool`. With DATABASE_URL the pool talks to PostgreSQL;
 * without it, to an embedded PGlite in DATA_DIR/pglite through PGlite's node-postgres adapter, so
 * there is one dialect and one code path for both. PGlite runs in a worker thread unless
 * PGLITE_THREAD=0 (pglite-thread.ts).
 *
 * Invariants: PGlite is single-connection (the adapter's pool has size 1 and serialises queries),
 * so transactions must stay short; an open PGlite keeps the process alive, so every
 * `openDatabase()` must be paired with `close()`; and only one process may open a PGlite data
 * directory at a time (two would corrupt it), which a pid lock file next to it enforces — the CLI
 * then tells the operator to stop the server instead of damaging its database.
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PgListener, SessionListener, type Listen } from './listen';
import { PGliteThread, type PGliteThreadSource } from './pglite-thread';
import type { DB } from './schema';

/**
 * The extensions the migrations create, loaded into every embedded PGlite (its WASM build ships
 * them; PostgreSQL 15 has them in Debian's postgresql-15): pg_trgm for the species search index.
 * Whoever creates a PGlite for this schema (tests, from a template) must pass these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel (listen.ts): how one server process hears what another committed. */
  listen: Listen;
  /** Ends the pool and, in embedded mode, closes PGlite. Safe to call twice. */
  close(): Promise<void>;
}

export type OpenDatabaseOptions =
  | {
      /** PostgreSQL connection string. */
      databaseUrl: string;
      /** Schema to put first on the search_path (tests isolate each file in its own schema). */
      searchPath?: string;
    }
  | {
      /** Embedded database directory is `${dataDir}/pglite`. */
      dataDir: string;
    }
  | {
      /** An already-created PGlite in this thread; closed by `close()`. */
      pglite: PGlite;
    }
  | {
      /** An in-memory PGlite loaded from a dump (tests start from a migrated template). */
      loadDataDir: Blob;
      /** In a worker thread, as a data folder is by default (`pgliteThreadFromEnv`), or in this one. */
      thread: boolean;
    };

/**
 * Whether an embedded PGlite runs in a worker thread: yes unless PGLITE_THREAD=0. In the server's
 * thread every query holds up every other request, `GET health` included (issue 25, 4).
 */
export function pgliteThreadFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PGLITE_THREAD !== '0';
}

/** Nothing to release: no data folder, so no lock. */
const noRelease = () => Promise.resolve();

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', (error) => {
      console.error('PostgreSQL pool error:', error.message);
    });
    const listener = new PgListener({ connectionString: options.databaseUrl });
    return wrap(pool, 'postgres', listener.listen, () => listener.close());
  }
  if ('pglite' in options) return openPGlite(options.pglite, noRelease);
  if ('loadDataDir' in options) {
    if (options.thread) return openPGliteThread({ loadDataDir: options.loadDataDir }, noRelease);
    const pglite = await PGlite.create({ loadDataDir: options.loadDataDir, extensions: PGLITE_EXTENSIONS });
    return openPGlite(pglite, noRelease);
  }
  const dir = join(options.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const unlock = await lockDataDir(join(options.dataDir, 'pglite.pid'));
  // By default in a worker thread, off the request thread (pglite-thread.ts).
  if (pgliteThreadFromEnv()) return openPGliteThread({ dataDir: dir }, unlock);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  } catch (error) {
    await unlock();
    throw error;
  }
  return openPGlite(pglite, unlock);
}

/** A PGlite in this thread behind the pool; `release` runs after it is closed (the lock). */
function openPGlite(pglite: PGlite, release: () => Promise<void>): Database {
  const pool = new pg.Pool(createPgConfig(pglite));
  const listener = new SessionListener((statement) => pool.query(statement));
  const stopNotifications = pglite.onNotification(listener.deliver);
  return wrap(pool, 'pglite', listener.listen, async () => {
    stopNotifications();
    if (!pglite.closed) await pglite.close();
    await release();
  });
}

/** A PGlite in a worker thread behind the pool; `release` runs after it is closed (the lock). */
async function openPGliteThread(source: PGliteThreadSource, release: () => Promise<void>): Promise<Database> {
  const thread = await PGliteThread.start(source);
  try {
    await thread.waitReady;
  } catch (error) {
    await thread.close().catch(() => undefined);
    await release();
    throw error;
  }
  // The adapter only calls execProtocolStream and waitReady, which the thread has.
  const pool = new pg.Pool(createPgConfig(thread as unknown as PGlite));
  const listener = new SessionListener((statement) => pool.query(statement));
  thread.onNotification(listener.deliver);
  return wrap(pool, 'pglite', listener.listen, async () => {
    try {
      await thread.close();
    } finally {
      await release();
    }
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Data directories this process holds, so opening one twice in one process is refused too. */
const heldLocks = new Set<string>();

/**
 * Takes the data directory's pid lock. A lock left by a process that died is taken over; our own
 * pid in it is stale too (a container restarts with the same pid) unless this process holds it.
 */
async function lockDataDir(lockFile: string): Promise<() => Promise<void>> {
  const inUse = (pid: number | string) =>
    new Error(
      `The embedded database in ${dirname(lockFile)}/pglite is in use by process ${pid}. ` +
        'Stop that process first (or point both at a PostgreSQL server with DATABASE_URL).',
    );
  if (heldLocks.has(lockFile)) throw inUse(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    const handle = await open(lockFile, 'wx').catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
      throw error;
    });
    if (handle) {
      await handle.writeFile(String(process.pid));
      await handle.close();
      heldLocks.add(lockFile);
      return async () => {
        heldLocks.delete(lockFile);
        await rm(lockFile, { force: true });
      };
    }
    const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder))
      throw inUse(holder);
    await rm(lockFile, { force: true });
  }
  throw new Error(`Could not lock ${lockFile}`);
}

function wrap(
  pool: pg.Pool,
  kind: Database['kind'],
  listen: Listen,
  closeEngine: () => Promise<void>,
): Database {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind,
    listen,
    close() {
      closing ??= (async () => {
        await db.destroy();
        await closeEngine();
      })();
      return closing;
    },
  };
}
