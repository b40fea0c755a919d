/**
 * `npm run bench:load` — the server under 50 connections (issue 25, 4), on the embedded PGlite (in
 * the server's thread with PGLITE_THREAD=0, and in its worker thread, the default:
 * server/db/pglite-thread.ts) and on
 * a real PostgreSQL 15 side by side. Prints figures; asserts nothing. Goals: on PostgreSQL,
 * `POST species` with `search` ≥ 300 requests/s with p99 < 500 ms; on either database `GET health`
 * p99 < 200 ms while that load runs.
 *
 * Per database, each for BENCH_SECONDS (8) with autocannon in its own process (bench/load-client.ts):
 * 1. the floor: `GET health` alone, BENCH_CONNECTIONS (50) connections;
 * 2. `POST species` with a client token, classifications of the app's default config, the United
 *    States, names in Spanish (besides English) and a search term taken in turn from a list of
 *    real name fragments (up to 50 species an answer, ≈ 10–45 KB), 50 connections;
 *    and at the same time a probe of `GET health` at 20 requests/s on one connection: what a
 *    member's other calls wait while searches run.
 * The server (`buildApp`, the demo species seeded) runs in this process. PostgreSQL: BENCH_DATABASE_URL,
 * else a throwaway cluster started as .ci/run starts one (initdb + pg_ctl through `runuser -u
 * postgres`, /usr/lib/postgresql/15/bin), stopped and removed at the end; without either it is left
 * out with a note.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Result } from 'autocannon';
import pg from 'pg';
import { defaultClientCredentials } from '../src/config/client';
import { buildApp } from '../server/app';
import { openDatabase, type Database } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { ensureReferenceData } from '../server/db/reference/seed';
import { ensureSpeciesData } from '../server/db/species/seed';
import { benchServerConfig } from './benchServer';
import { loadNote } from './stats';
import { present } from '../server/present';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** BENCH_ONLY=postgres measures PostgreSQL alone (e.g. under --cpu-prof); else all three columns. */
const ONLY_POSTGRES = process.env.BENCH_ONLY === 'postgres';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_BIN = '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);
/** Fragments members type: word starts of English and scientific names, 2–10 letters. */
const TERMS = [
  'eagle',
  'bald ea',
  'warbler',
  'sparrow',
  'haliaeetus',
  'deer',
  'ow',
  'hawk',
  'wren',
  'frog',
  'snake',
  'bat',
];

async function load(options: object): Promise<Result> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'load-client.ts'), JSON.stringify(options)],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Result;
}

interface Row {
  name: string;
  result: Result;
}

async function measure(label: string, database: Database): Promise<Row[]> {
  await migrateToLatest(database.db);
  await ensureReferenceData(database.db);
  await ensureSpeciesData(database.db);
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldmark-bench-load-app-'));
  const app = await buildApp(benchServerConfig({ dataDir }), { database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const tokenResponse = await fetch(`${base}/api/v1.0/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: defaultClientCredentials.clientId,
        client_secret: defaultClientCredentials.clientSecret,
      }),
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const searches = TERMS.map((search) => ({
      method: 'POST',
      path: '/api/v1.0/species',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        classifications: ['Birds|IOC', 'Mammals|Large'],
        location_id: 'USA',
        language: 'es',
        search,
      }),
    }));
    const health = `${base}/api/v1.0/health`;
    // Warm-up: JIT, plans, caches; not counted.
    await load({ url: base, connections: 10, duration: 2, requests: searches });
    const floor = await load({ url: health, connections: CONNECTIONS, duration: SECONDS });
    const [search, probe] = await Promise.all([
      load({ url: base, connections: CONNECTIONS, duration: SECONDS, requests: searches }),
      load({ url: health, connections: 1, duration: SECONDS, rate: 20 }),
    ]);
    console.log(`  ${label}: measured (${loadNote()})`);
    return [
      { name: 'GET health alone (floor)', result: floor },
      { name: 'POST species search', result: search },
      { name: 'GET health during the searches', result: probe },
    ];
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A throwaway PostgreSQL 15 cluster as .ci/run starts one; undefined when it cannot be started. */
function startCluster(): { url: string; stop: () => void } | undefined {
  if (!existsSync(join(PG_BIN, 'initdb'))) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'fieldmark-bench-pg-'));
  chmodSync(dir, 0o777);
  const port = 54_400 + Math.floor(Math.random() * 500);
  const as = (args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'pipe' });
  try {
    as([
      join(PG_BIN, 'initdb'),
      '-D',
      join(dir, 'data'),
      '-U',
      'app',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    as([
      join(PG_BIN, 'pg_ctl'),
      '-D',
      join(dir, 'data'),
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  } catch (error) {
    console.log(`  (no PostgreSQL cluster: ${(error as Error).message.split('\n')[0]})`);
    return undefined;
  }
  return {
    url: `postgres://app@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        as([join(PG_BIN, 'pg_ctl'), '-D', join(dir, 'data'), '-m', 'fast', 'stop']);
      } finally {
        execFileSync('rm', ['-rf', dir]);
      }
    },
  };
}

const fmt = (result: Result) =>
  `${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(5)}  p99 ${String(result.latency.p99).padStart(5)} ms` +
  (result.non2xx || result.errors ? ` (non-2xx ${result.non2xx}, errors ${result.errors})` : '');

console.log(
  `bench:load — ${CONNECTIONS} connections, ${SECONDS} s per run, autocannon in its own process; ${loadNote()}`,
);
const columns: Array<{ label: string; rows: Row[] }> = [];

for (const threaded of ONLY_POSTGRES ? [] : [false, true]) {
  // The same embedded database in the server's thread (PGLITE_THREAD=0) and in its worker thread.
  const label = threaded ? 'PGlite in a worker thread' : 'PGlite in the server thread';
  const previous = process.env.PGLITE_THREAD;
  process.env.PGLITE_THREAD = threaded ? '1' : '0';
  const embeddedDir = mkdtempSync(join(tmpdir(), 'fieldmark-bench-load-'));
  const embedded = await openDatabase({ dataDir: embeddedDir });
  if (previous === undefined) delete process.env.PGLITE_THREAD;
  else process.env.PGLITE_THREAD = previous;
  try {
    columns.push({ label, rows: await measure(label, embedded) });
  } finally {
    await embedded.close();
    await rm(embeddedDir, { recursive: true, force: true });
  }
}

const cluster = process.env.BENCH_DATABASE_URL ? undefined : startCluster();
const url = process.env.BENCH_DATABASE_URL ?? cluster?.url;
if (url) {
  const schema = `fm_load_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const database = await openDatabase({ databaseUrl: url, searchPath: schema });
  try {
    columns.push({ label: 'PostgreSQL 15', rows: await measure('PostgreSQL 15', database) });
  } finally {
    await database.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    cluster?.stop();
  }
} else {
  console.log('  PostgreSQL left out: set BENCH_DATABASE_URL, or run as root with postgresql-15 installed');
}

console.log('');
console.log(`  ${''.padEnd(34)}${columns.map((column) => column.label.padEnd(52)).join('')}`);
for (let index = 0; index < (columns[0]?.rows.length ?? 0); index++) {
  console.log(
    `  ${present(present(columns[0]).rows[index]).name.padEnd(34)}${columns.map((column) => fmt(present(column.rows[index]).result).padEnd(52)).join('')}`,
  );
}
console.log('');
console.log(
  'Goals: PostgreSQL search ≥ 300 req/s with p99 < 500 ms; GET health p99 < 200 ms during the searches.',
);
