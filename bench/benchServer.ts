/**
 * The server configuration every benchmark runs its in-process server with: a throwaway data
 * folder, any port, no built app unless one is given, and rate limits out of the way (a benchmark
 * signs in and calls far more often than a member; the limits are proven by tests/server).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig, type ServerConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';

const unlimited = { max: 1_000_000, timeWindowMs: 60_000 };

export function benchServerConfig(options: {
  dataDir: string;
  staticDir?: string;
  logLevel?: string;
}): ServerConfig {
  return {
    ...loadConfig({}),
    port: 0,
    dataDir: options.dataDir,
    staticDir: options.staticDir ?? join(options.dataDir, 'no-dist'),
    logLevel: options.logLevel ?? 'warn',
    rateLimits: { login: unlimited, register: unlimited, passwordReset: unlimited },
  };
}

/**
 * A migrated database for a benchmark: embedded PGlite in a throwaway folder, or a schema of its
 * own on DATABASE_URL. `close` drops that schema and the folder.
 */
export async function openBenchDatabase(
  name: string,
): Promise<{ dataDir: string; database: Database; close: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), `fieldmark-bench-${name}-`));
  const databaseUrl = process.env.DATABASE_URL;
  let database: Database;
  let dropSchema = async () => {};
  if (databaseUrl) {
    const schema = `bench_${name}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    database = await openDatabase({ databaseUrl, searchPath: schema });
    dropSchema = async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    };
  } else {
    database = await openDatabase({ dataDir });
  }
  await migrateToLatest(database.db);
  const close = async () => {
    await dropSchema();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { dataDir, database, close };
}
