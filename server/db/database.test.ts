import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { copyOfDataDir, emptyDataDir } from './testDataDirs';

/**
 * Opening PGlite on disk is CPU-bound WASM work: seconds on an idle machine, ~50 s for one open
 * while other suites kept a 2-core machine at a load average of 15 (a 60 s limit failed there).
 */
const OPENS_ON_A_LOADED_MACHINE_MS = 300_000;

let templateDir: string;
let dataDir: string;
let previousThread: string | undefined;

/**
 * A first open of an empty folder runs initdb (most of an open's time); it runs once here, in the
 * server thread, and each test starts from a copy of that folder, as a server restarting would.
 * pglite-thread.test.ts opens an empty folder in the worker thread.
 */
beforeAll(async () => {
  templateDir = await emptyDataDir('fieldmark-db-template-', '0');
}, OPENS_ON_A_LOADED_MACHINE_MS);
afterAll(() => rm(templateDir, { recursive: true, force: true }));

beforeEach(async () => {
  dataDir = await copyOfDataDir(templateDir, 'fieldmark-db-');
  previousThread = process.env.PGLITE_THREAD;
});
afterEach(async () => {
  if (previousThread === undefined) delete process.env.PGLITE_THREAD;
  else process.env.PGLITE_THREAD = previousThread;
  await rm(dataDir, { recursive: true, force: true });
});

// The default (a worker thread) and PGLITE_THREAD=0 (the server's thread) hold the same lock.
describe.each([
  { mode: 'in a worker thread (default)', PGLITE_THREAD: undefined },
  { mode: 'in the server thread (PGLITE_THREAD=0)', PGLITE_THREAD: '0' },
])('embedded database (PGlite in DATA_DIR) $mode', ({ PGLITE_THREAD }) => {
  beforeEach(() => {
    if (PGLITE_THREAD === undefined) delete process.env.PGLITE_THREAD;
    else process.env.PGLITE_THREAD = PGLITE_THREAD;
  });

  it(
    'persists across close and reopen, and is locked against a second opener meanwhile',
    async () => {
      const first = await openDatabase({ dataDir });
      try {
        expect(first.kind).toBe('pglite');
        expect(await readFile(join(dataDir, 'pglite.pid'), 'utf8')).toBe(String(process.pid));
        await sql`create table notes (body text)`.execute(first.db);
        await sql`insert into notes values ('kept')`.execute(first.db);
        await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by process/);
      } finally {
        await first.close();
      }

      const second = await openDatabase({ dataDir });
      try {
        const { rows } = await sql<{ body: string }>`select body from notes`.execute(second.db);
        expect(rows).toEqual([{ body: 'kept' }]);
      } finally {
        await second.close();
      }
    },
    OPENS_ON_A_LOADED_MACHINE_MS,
  );

  it(
    'takes over the lock of a process that no longer exists',
    async () => {
      await writeFile(join(dataDir, 'pglite.pid'), '2147483646');
      const database = await openDatabase({ dataDir });
      await database.close();
      await expect(readFile(join(dataDir, 'pglite.pid'), 'utf8')).rejects.toThrow(/ENOENT/);
    },
    OPENS_ON_A_LOADED_MACHINE_MS,
  );
});
