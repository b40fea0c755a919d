/**
 * The database handle: Kysely over one `pg.Pool`. With DATABASE_URL the pool talks to PostgreSQL;
 * without it, to an embedded PGlite in DATA_DIR/pglite through PGlite's node-postgres adapter, so
 * there is one dialect and one code path for both.
 *
 * Invariants: PGlite is single-connection (the adapter's pool has size 1 and serialises queries),
 * so transactions must stay short; and an open PGlite keeps the process alive, so every
 * `openDatabase()` must be paired with `close()`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
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
    return wrap(pool, 'postgres', async () => {});
  }
  let pglite: PGlite;
  if ('pglite' in options) {
    pglite = options.pglite;
  } else {
    const dir = join(options.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    pglite = await PGlite.create(dir);
  }
  const pool = new pg.Pool(createPgConfig(pglite));
  return wrap(pool, 'pglite', () => (pglite.closed ? Promise.resolve() : pglite.close()));
}

function wrap(pool: pg.Pool, kind: Database['kind'], closeEngine: () => Promise<void>): Database {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind,
    close() {
      closing ??= (async () => {
        await db.destroy();
        await closeEngine();
      })();
      return closing;
    },
  };
}
