/**
 * PGlite in a worker thread (PGLITE_THREAD=1, pglite-thread.ts) answers as the in-thread one:
 * the migrations (pg_trgm included), types as node-postgres parses them, errors, transactions,
 * concurrent queries in order, and the data kept across close and reopen.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

let dataDir: string;
let previous: string | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fieldmark-db-thread-'));
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
      await migrateToLatest(first.db);
      const { rows } = await sql<{ big: string; j: unknown; at: Date }>`
        SELECT 12345678901::bigint AS big, '{"a": [1]}'::jsonb AS j, now() AS at`.execute(first.db);
      expect(rows[0]!.big).toBe('12345678901');
      expect(rows[0]!.j).toEqual({ a: [1] });
      expect(rows[0]!.at).toBeInstanceOf(Date);
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
      expect(many.map((answer) => answer.rows[0]!.i)).toEqual(Array.from({ length: 20 }, (_, i) => i));
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
});
