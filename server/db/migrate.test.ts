import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { assertMigrationName, migrateToLatest, migrationsDir, SqlFileMigrationProvider } from './migrate';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fieldmark-migrations-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function files(entries: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(entries)) await writeFile(join(dir, name), text);
}

describe('migration names', () => {
  it('accepts the numbered files and YYYYMMDDHHMM_name.sql; ignores files that are not .sql', () => {
    for (const name of ['001_accounts.sql', '011_places.sql', '202611272130_hotspots.sql', 'README.md']) {
      expect(() => {
        assertMigrationName(name);
      }).not.toThrow();
    }
  });

  it.each([
    '012-places.sql',
    'places.sql',
    '2026112721_hotspots.sql',
    '202613272130_hotspots.sql',
    '202602302130_hotspots.sql',
    '202611272460_hotspots.sql',
    '202611272130_Hotspots.sql',
    '202611272130_hotspots.SQL.sql',
    '300_late_number.sql',
  ])('refuses %s with an error naming it and the expected form', (name) => {
    expect(() => {
      assertMigrationName(name);
    }).toThrow(
      new RegExp(
        `Misnamed migration ${name.replace(/\./g, '\\.')}: name new migrations YYYYMMDDHHMM_name\\.sql`,
      ),
    );
  });

  it('every file in server/migrations is named one of the two ways', async () => {
    for (const name of await readdir(migrationsDir))
      expect(() => {
        assertMigrationName(name);
      }).not.toThrow();
  });

  it('orders the numbered migrations first, then the timestamped ones by time', async () => {
    await files({
      '202611280900_later.sql': '',
      '002_second.sql': '',
      '202611272130_earlier.sql': '',
      '001_first.sql': '',
      'notes.md': '',
    });
    const names = Object.keys(await new SqlFileMigrationProvider(dir).getMigrations());
    expect(names).toEqual(['001_first', '002_second', '202611272130_earlier', '202611280900_later']);
  });

  it('stops before running anything when one .sql file is misnamed', async () => {
    await files({ '001_first.sql': '', 'hotspots.sql': '' });
    await expect(new SqlFileMigrationProvider(dir).getMigrations()).rejects.toThrow(
      /Misnamed migration hotspots\.sql/,
    );
  });
});

describe('applying migrations (PGlite)', () => {
  it('runs numbered then timestamped files in order, and a late-merged older timestamp on the next start', async () => {
    const database = await openDatabase({ pglite: await PGlite.create() });
    try {
      await files({
        '001_notes.sql': 'CREATE TABLE notes (id int PRIMARY KEY);',
        // Depends on 001: it would fail if it ran first.
        '202611280900_note_body.sql': "ALTER TABLE notes ADD COLUMN body text NOT NULL DEFAULT '';",
      });
      const first = await migrateToLatest(database.db, dir);
      expect(first.results?.map((item) => item.migrationName)).toEqual([
        '001_notes',
        '202611280900_note_body',
      ]);

      // A branch written earlier but merged after the database ran 202611280900.
      await files({ '202611272130_tags.sql': 'CREATE TABLE tags (name text PRIMARY KEY);' });
      const second = await migrateToLatest(database.db, dir);
      expect(second.results?.map((item) => [item.migrationName, item.status])).toEqual([
        ['202611272130_tags', 'Success'],
      ]);
      const { rows } = await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_name in ('notes', 'tags') order by 1`.execute(
        database.db,
      );
      expect(rows.map((row) => row.name)).toEqual(['notes', 'tags']);
    } finally {
      await database.close();
    }
  }, 120_000);
});
