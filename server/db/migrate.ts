/**
 * Applies server/migrations/NNN_name.sql in name order with Kysely's Migrator (which records what
 * ran in `kysely_migration` and takes a lock, so two starting servers do not race). Each file runs
 * in its own transaction as one multi-statement simple query; the SQL must be valid PostgreSQL 15.
 * Migrations only go forward: a mistake is fixed by a new file, never by editing an applied one.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Migrator,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';

export const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/;

export class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly dir: string = migrationsDir) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.dir)).filter((file) => MIGRATION_FILE.test(file)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const text = await readFile(join(this.dir, file), 'utf8');
      migrations[file.replace(/\.sql$/, '')] = {
        // sql.raw without parameters goes out as a simple query, which may hold several statements.
        up: async (db: Kysely<unknown>) => {
          await sql.raw(text).execute(db);
        },
      };
    }
    return migrations;
  }
}

/** Brings the schema to the newest migration; throws (after logging which one) if any fails. */
export async function migrateToLatest<T>(db: Kysely<T>, dir?: string): Promise<MigrationResultSet> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; with several
  // schemas in one database (tests isolate each app in its own) it would find another's and then
  // fail to use it. Pin it to the schema the migrations themselves go into.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = rows[0]?.schema ?? 'public';
  const migrator = new Migrator({ db, provider: new SqlFileMigrationProvider(dir), migrationTableSchema });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((item) => item.status === 'Error');
    const error = result.error instanceof Error ? result.error : new Error(JSON.stringify(result.error));
    error.message = `Migration ${failed?.migrationName ?? '(unknown)'} failed: ${error.message}`;
    throw error;
  }
  return result;
}
