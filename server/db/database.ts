/**
 * The database handle: Kysely over one `pg.Pool`. With DATABASE_URL the pool talks to PostgreSQL;
 * without it, to an embedded PGlite in DATA_DIR/pglite through PGlite's node-postgres adapter, so
 * there is one dialect and one code path for both.
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
import { PgListener, pgliteListen, type Listen } from './listen';
import { PGliteThread } from './pglite-thread';
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
  /**
   * LISTEN on a channel (listen.ts): how one server process hears what another committed. Not
   * available with PGLITE_THREAD=1 (it rejects): PGlite's notifications stay in its worker.
   */
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
      /** An already-created PGlite (tests load it from a migrated template); closed by `close()`. */
      pglite: PGlite;
    };

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
    const listener = new PgListener({ connectionString: options.databaseUrl });
    return wrap(pool, 'postgres', listener.listen, () => listener.close());
  }
  let pglite: PGlite;
  if ('pglite' in options) {
    pglite = options.pglite;
  } else {
    const dir = join(options.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    const unlock = await lockDataDir(join(options.dataDir, 'pglite.pid'));
    if (process.env.PGLITE_THREAD === '1') {
      // Opt-in (issue 25, 4): PGlite in a worker thread, off the request thread (pglite-thread.ts).
      const thread = new PGliteThread(dir);
      try {
        await thread.waitReady;
      } catch (error) {
        await thread.close().catch(() => undefined);
        await unlock();
        throw error;
      }
      const pool = new pg.Pool(createPgConfig(thread as unknown as PGlite));
      const noListen: Listen = () =>
        Promise.reject(new Error('LISTEN is not available with PGLITE_THREAD=1'));
      return wrap(pool, 'pglite', noListen, async () => {
        await thread.close();
        await unlock();
      });
    }
    try {
      pglite = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
    } catch (error) {
      await unlock();
      throw error;
    }
    const opened = pglite;
    const pool = new pg.Pool(createPgConfig(opened));
    return wrap(pool, 'pglite', pgliteListen(opened), async () => {
      if (!opened.closed) await opened.close();
      await unlock();
    });
  }
  const pool = new pg.Pool(createPgConfig(pglite));
  return wrap(pool, 'pglite', pgliteListen(pglite), () =>
    pglite.closed ? Promise.resolve() : pglite.close(),
  );
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
    const handle = await open(lockFile, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return null;
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
