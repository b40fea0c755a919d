/**
 * PGlite in a worker thread (PGLITE_THREAD=1, pglite-thread.ts) answers as the in-thread one:
 * the migrations (pg_trgm included), types as node-postgres parses them, errors, transactions,
 * concurrent queries in order, the data kept across close and reopen, and LISTEN/NOTIFY (the chat
 * live channel): notifications at commit only, listen and unlisten, never lost to a transaction.
 */
import { rm } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './database';
import { migrateToLatest } from './migrate';
import { copyOfDataDir, emptyDataDir } from './testDataDirs';
import { present } from '../present';

let templateDir: string;
let dataDir: string;
let previous: string | undefined;

/**
 * Opening an empty folder runs initdb, most of an open's time: it runs once, in the worker thread,
 * and each test starts from a copy of that empty database (no tables, no migrations applied).
 */
beforeAll(async () => {
  templateDir = await emptyDataDir('fieldmark-db-thread-template-', '1');
}, 120_000);
afterAll(() => rm(templateDir, { recursive: true, force: true }));

beforeEach(async () => {
  dataDir = await copyOfDataDir(templateDir, 'fieldmark-db-thread-');
  previous = process.env.PGLITE_THREAD;
  process.env.PGLITE_THREAD = '1';
});
afterEach(async () => {
  if (previous === undefined) delete process.env.PGLITE_THREAD;
  else process.env.PGLITE_THREAD = previous;
  await rm(dataDir, { recursive: true, force: true });
});

describe('embedded database in a worker thread', () => {
  it('migrates, answers, fails, commits and rolls back as in the server thread', async () => {
    const first = await openDatabase({ dataDir });
    try {
      // From an empty database: no migration has run in the copied folder.
      const { rows: none } = await sql<{
        t: string | null;
      }>`SELECT to_regclass('kysely_migration')::text AS t`.execute(first.db);
      expect(none).toEqual([{ t: null }]);
      await migrateToLatest(first.db);
      const { rows } = await sql<{ big: string; j: unknown; at: Date }>`
        SELECT 12345678901::bigint AS big, '{"a": [1]}'::jsonb AS j, now() AS at`.execute(first.db);
      expect(present(rows[0]).big).toBe('12345678901');
      expect(present(rows[0]).j).toEqual({ a: [1] });
      expect(present(rows[0]).at).toBeInstanceOf(Date);
      await expect(sql`SELECT * FROM nowhere`.execute(first.db)).rejects.toThrow(/does not exist/);
      await sql`CREATE TABLE notes (body text)`.execute(first.db);
      await first.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO notes VALUES ('kept')`.execute(trx);
      });
      await expect(
        first.db.transaction().execute(async (trx) => {
          await sql`INSERT INTO notes VALUES ('dropped')`.execute(trx);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const many = await Promise.all(
        Array.from({ length: 20 }, (_, i) => sql<{ i: number }>`SELECT ${i}::int AS i`.execute(first.db)),
      );
      expect(many.map((answer) => present(answer.rows[0]).i)).toEqual(
        Array.from({ length: 20 }, (_, i) => i),
      );
    } finally {
      await first.close();
    }
    const second = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ body: string }>`SELECT body FROM notes`.execute(second.db);
      expect(rows).toEqual([{ body: 'kept' }]);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('sends an extended query to the worker in one message, its failure included', async () => {
    const database = await openDatabase({ dataDir });
    // Node's Worker, watched at its boundary: every exchange with the database thread is one post.
    const posts = vi.spyOn(Worker.prototype, 'postMessage');
    try {
      const { rows } = await sql<{ n: number }>`SELECT ${41}::int + 1 AS n`.execute(database.db);
      expect(rows).toEqual([{ n: 42 }]);
      // Parse, Bind, Describe, Execute and Sync: one crossing, not five.
      expect(posts).toHaveBeenCalledTimes(1);
      // A Parse that fails is answered at the Sync with the error, and the next query goes on.
      await expect(sql`SELECT ${1}::int FROM nowhere`.execute(database.db)).rejects.toThrow(/does not exist/);
      const { rows: after } = await sql<{ s: string }>`SELECT ${'still here'}::text AS s`.execute(
        database.db,
      );
      expect(after).toEqual([{ s: 'still here' }]);
      expect(posts).toHaveBeenCalledTimes(3);
    } finally {
      posts.mockRestore();
      await database.close();
    }
  }, 120_000);

  it('delivers notifications at commit, listens and unlistens', async () => {
    const database = await openDatabase({ dataDir });
    try {
      const heard = new Map<string, string[]>();
      const waiting = new Map<string, () => void>();
      const handler = (channel: string) => (payload: string) => {
        heard.set(channel, [...(heard.get(channel) ?? []), payload]);
        waiting.get(`${channel}:${payload}`)?.();
      };
      const arrival = (channel: string, payload: string) =>
        new Promise<void>((resolve) => waiting.set(`${channel}:${payload}`, resolve));
      const notify = (db: Database['db'], channel: string, payload: string) =>
        sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);

      const stopEvents = await database.listen('fm_events', handler('fm_events'));
      const stopMarks = await database.listen('fm_marks', handler('fm_marks'));

      // Only a committed transaction notifies; notifications arrive in commit order.
      await expect(
        database.db.transaction().execute(async (trx) => {
          await notify(trx, 'fm_events', 'rolled back');
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const committed = arrival('fm_events', 'committed');
      await database.db.transaction().execute(async (trx) => {
        await notify(trx, 'fm_events', 'committed');
        await sql`SELECT 1`.execute(trx);
      });
      await committed;
      expect(heard.get('fm_events')).toEqual(['committed']);

      // A listen made while another caller's transaction holds the session waits for it, so that
      // transaction rolling back cannot take the LISTEN with it.
      let releaseTransaction!: () => void;
      const held = new Promise<void>((resolve) => (releaseTransaction = resolve));
      let inTransaction!: () => void;
      const started = new Promise<void>((resolve) => (inTransaction = resolve));
      const rolledBack = database.db
        .transaction()
        .execute(async (trx) => {
          await sql`SELECT 1`.execute(trx);
          inTransaction();
          await held;
          throw new Error('roll back');
        })
        .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      await started;
      const listening = database.listen('fm_late', handler('fm_late'));
      releaseTransaction();
      expect(await rolledBack).toBe('roll back');
      const stopLate = await listening;
      const late = arrival('fm_late', 'heard');
      await notify(database.db, 'fm_late', 'heard');
      await late;

      // After unlisten nothing more arrives on that channel; a mark on another one shows the order.
      await stopEvents();
      await stopEvents(); // twice is harmless
      const mark = arrival('fm_marks', 'after unlisten');
      await notify(database.db, 'fm_events', 'not heard');
      await notify(database.db, 'fm_marks', 'after unlisten');
      await mark;
      expect(heard.get('fm_events')).toEqual(['committed']);

      // A second handler on a channel keeps it listened when the first goes.
      const stopSecondMarks = await database.listen('fm_marks', handler('fm_marks'));
      await stopMarks();
      const again = arrival('fm_marks', 'still');
      await notify(database.db, 'fm_marks', 'still');
      await again;
      expect(heard.get('fm_marks')).toEqual(['after unlisten', 'still']);
      await stopSecondMarks();
      await stopLate();
    } finally {
      await database.close();
    }
  }, 120_000);
});
