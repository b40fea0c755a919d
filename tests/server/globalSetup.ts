/**
 * Runs once before the server suite. On PGlite it creates an in-memory database, applies every
 * migration and dumps the data directory to a temporary tarball; each test app then starts from
 * that dump (about 1 s) instead of running initdb and the migrations again (3–6 s).
 * On PostgreSQL it migrates a template database the same way; each test app gets a database copied
 * from it (CREATE DATABASE … TEMPLATE), dropped when the app closes.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { postgresUrlFor, postgresUrlFromEnv } from './test-db';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = postgresUrlFromEnv();
  if (url) {
    const template = `fieldmark_test_template_${process.pid}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    console.log(`server suite on PostgreSQL ${rows[0]?.server_version ?? '?'}`);
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ databaseUrl: postgresUrlFor(url, template) });
    try {
      await migrateToLatest(database.db);
    } finally {
      await database.close();
    }
    project.provide('fieldmarkTestDb', { kind: 'postgres', url, template });
    return async () => {
      await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await client.end();
    };
  }

  const dir = await mkdtemp(join(tmpdir(), 'fieldmark-template-'));
  const templatePath = join(dir, 'pglite-template.tar.gz');
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = await openDatabase({ pglite });
  try {
    await migrateToLatest(database.db);
    const dump = await pglite.dumpDataDir('gzip');
    await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('fieldmarkTestDb', { kind: 'pglite', templatePath });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
