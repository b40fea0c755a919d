/**
 * The operator commands that work on the database (`npm run cli -- user:create …`, `user:role`,
 * `records:check`) and how one runs: its options parsed with node:util's parseArgs (strict: an
 * unknown option is an error), then run with a context that says where the database is and where
 * its lines go. The same code runs in two places (docs/operations.md "Operator CLI"):
 * - in the CLI's own process, which opens the database (DATA_DIR / DATABASE_URL) for the command
 *   and closes it after — when no server runs, or on PostgreSQL, which many processes may share;
 * - in the running server, sent by the CLI through the control socket (server/control.ts), on the
 *   server's own handle — the embedded database admits one process, so that is the only safe way
 *   to change it while the server runs.
 * The imports (import:reference, import:species) are not among them: they rewrite whole tables in
 * long transactions, which inside the server would hold the embedded database's one connection.
 */
import { parseArgs } from 'node:util';
import type { ServerConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { databaseOptionsFrom } from '../plugins/external/db';
import { recordCommands } from './records';
import { userCommands } from './users';

export type CommandValues = Record<string, string | boolean | undefined>;

export interface CommandContext {
  /** Runs work on the database: the server's own handle, or one opened (and migrated) for it. */
  withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T>;
  /** A line for the operator: the CLI's stdout, or sent back through the control socket. */
  print(line: string): void;
}

/** A command of the database; `run` answers the exit code (0 when it answers nothing). */
export interface DatabaseCommand {
  usage: string;
  options: Record<string, { type: 'string' | 'boolean' }>;
  run(values: CommandValues, context: CommandContext): Promise<number | undefined>;
}

export const databaseCommands: Readonly<Record<string, DatabaseCommand>> = {
  ...userCommands,
  ...recordCommands,
};

export function isDatabaseCommand(name: string): boolean {
  return Object.hasOwn(databaseCommands, name);
}

/** The CLI's own context: the database of DATA_DIR / DATABASE_URL, opened for the work, closed after. */
export function localContext(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): CommandContext {
  return {
    async withDatabase(work) {
      const database = await openDatabase(databaseOptionsFrom(config));
      try {
        await migrateToLatest(database.db);
        return await work(database);
      } finally {
        await database.close();
      }
    },
    print: (line) => {
      {
        console.log(line);
      }
    },
  };
}

/** The running server's context: its own open, migrated database, never closed by a command. */
export function serverContext(database: Database, print: (line: string) => void): CommandContext {
  return { withDatabase: (work) => work(database), print };
}

/** Parses the command's arguments and runs it; answers its exit code, throws what it refuses. */
export async function runDatabaseCommand(
  name: string,
  args: readonly string[],
  context: CommandContext,
): Promise<number> {
  const command = isDatabaseCommand(name) ? databaseCommands[name] : undefined;
  if (!command) throw new Error(`unknown command '${name}'`);
  const { values } = parseArgs({
    args: [...args],
    options: command.options,
    strict: true,
    allowPositionals: false,
  });
  return (await command.run(values, context)) ?? 0;
}
