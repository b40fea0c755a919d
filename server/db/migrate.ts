/**
 * Applies server/migrations/*.sql in name order with Kysely's Migrator (which records what ran in
 * `kysely_migration` and takes a lock, so two starting servers do not race). Each file runs in its
 * own transaction as one multi-statement simple query; the SQL must be valid PostgreSQL 15.
 * Migrations only go forward: a mistake is fixed by a new file, never by editing an applied one.
 *
 * Names: the first migrations keep their numbers (`001_accounts.sql` … `011_places.sql`); every
 * new one is `YYYYMMDDHHMM_name.sql`, the UTC minute it was written, so two domains developed side
 * by side never pick the same name. Numbered files sort before timestamped ones (they start with 0
 * or 1, every timestamp with 2). Any other .sql file stops start-up with an error naming it.
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

/** The first migrations, numbered by hand (000–199 so that they sort before any timestamp). */
const NUMBERED = /^[01]\d{2}_[a-z0-9_]+\.sql$/;
/** Every new migration: the UTC minute it was written, then its name. */
const TIMESTAMPED = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})_[a-z0-9_]+\.sql$/;

/** A real UTC minute (no month 13, no 31 February), from the year 2000 on. */
function isValidStamp(match: RegExpExecArray): boolean {
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return (
    year >= 2000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute
  );
}

/**
 * Throws for a .sql file of the migrations folder that is named neither way: it would otherwise be
 * skipped silently (a table missing later) or run out of order. Other files (a README) are ignored.
 */
export function assertMigrationName(file: string): void {
  if (!file.endsWith('.sql') || NUMBERED.test(file)) return;
  const stamped = TIMESTAMPED.exec(file);
  if (stamped && isValidStamp(stamped)) return;
  throw new Error(
    `Misnamed migration ${file}: name new migrations YYYYMMDDHHMM_name.sql, the UTC minute they were ` +
      `written and a name of lowercase letters, digits and underscores (e.g. 202611272130_hotspots.sql)`,
  );
}

export class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly dir: string = migrationsDir) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.dir)).filter((file) => file.endsWith('.sql')).sort();
    files.forEach(assertMigrationName);
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
  const migrator = new Migrator({
    db,
    provider: new SqlFileMigrationProvider(dir),
    migrationTableSchema,
    // A timestamped migration from a branch merged late may be older than one a database already
    // ran: it is applied then (pending ones still run in name order) instead of refusing start-up.
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((item) => item.status === 'Error');
    const error = result.error instanceof Error ? result.error : new Error(JSON.stringify(result.error));
    error.message = `Migration ${failed?.migrationName ?? '(unknown)'} failed: ${error.message}`;
    throw error;
  }
  return result;
}
