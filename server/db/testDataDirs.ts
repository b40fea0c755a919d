/**
 * Data folders for the embedded-database tests. A first open of an empty folder runs initdb, most
 * of an open's time: a test file makes one empty database once and starts each test from a copy,
 * as a server restarting on its folder would (no tables, no migrations applied).
 */
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './database';

/** Runs `work` with PGLITE_THREAD set to `value` (unset for undefined), then puts it back. */
export async function withPgliteThread<T>(value: string | undefined, work: () => Promise<T>): Promise<T> {
  const before = process.env.PGLITE_THREAD;
  if (value === undefined) delete process.env.PGLITE_THREAD;
  else process.env.PGLITE_THREAD = value;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.PGLITE_THREAD;
    else process.env.PGLITE_THREAD = before;
  }
}

/** A folder holding an empty embedded database, made with PGLITE_THREAD=`thread`. */
export async function emptyDataDir(prefix: string, thread: '0' | '1'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await withPgliteThread(thread, async () => {
    await (await openDatabase({ dataDir: dir })).close();
  });
  return dir;
}

/** A new folder with a copy of `template`'s database. */
export async function copyOfDataDir(template: string, prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await cp(join(template, 'pglite'), join(dir, 'pglite'), { recursive: true });
  return dir;
}
