/**
 * `npm run bench:scale` — the server's reads of one member's sightings as that member's history
 * grows (issue 25, 4b). Prints figures and, per call, the ratio of the largest N to the smallest;
 * asserts nothing (goal: each read at 100k sightings within 2× of 1k).
 *
 * For each N in BENCH_SIZES a member gets N sightings straight into `collection_records` with one
 * bulk INSERT … SELECT over generate_series: valid Observations on real demo species, ¾ public, a
 * tenth with a photo, most with a location. Two kinds of history:
 * - **spread**: species drawn from all 6,873 demo species with a cubic skew (a few species hold
 *   most sightings, the rest a handful each), places from 50 US regions and 9 South African ones
 *   (skewed to the first): every demo species is seen by 10k, and most sightings of rare species
 *   make a group of their own (sighting-groups.ts), so the stats grow with the history;
 * - **local**: the first 300 species and 3 regions of one country: the stats' groups stop growing
 *   once every (species, place) has been seen, however many sightings follow.
 * A "viewer" member reads the others' public side. Calls go over real HTTP on loopback, one at a
 * time, **interleaved across the sizes** (one call of each N per round, the order rotating), so a
 * burst of load on this shared machine hits every N alike: a warm-up round, then up to BENCH_REPS
 * rounds or BENCH_CALL_MS of rounds per call (at least 3). Medians and p95 per N, the answer's
 * size, and the ratio of the medians of the largest N to the smallest.
 *
 * Database: embedded PGlite in a temporary DATA_DIR; with BENCH_DATABASE_URL a real PostgreSQL
 * (a fresh schema, dropped at the end). Environment: BENCH_SIZES (default 1000,10000,100000),
 * BENCH_PROFILES (spread,local), BENCH_REPS (10), BENCH_CALL_MS (8000), BENCH_WRITE_PAIRS (4; 0 skips
 * the last part: what the summary's triggers cost a push of 1000 sightings, on against off).
 *
 * Device figures (bench/scaleDevice.ts, headless Chromium): the spread members' sync to a fresh
 * device after sign-in and what `/observations` reads before its first rows, with the sync's time
 * per sighting (goal: linear in N). Sizes up to 10,000; BENCH_DEVICE_100K=1 adds 100,000 (minutes
 * of sync), BENCH_DEVICE=0 skips them, BENCH_DEVICE_RUNS (1) repeats them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import { openDatabase, type Database } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { ensureReferenceData } from '../server/db/reference/seed';
import { ensureSpeciesData } from '../server/db/species/seed';
import { benchServerConfig } from './benchServer';
import { deviceFigures } from './scaleDevice';
import { loadNote, median, percentile } from './stats';
import { present } from '../server/present';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const PROFILES = (process.env.BENCH_PROFILES ?? 'spread,local').split(',');
const REPS = Number(process.env.BENCH_REPS ?? 10);
const CALL_MS = Number(process.env.BENCH_CALL_MS ?? 8000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const WRITE_PAIRS = Number(process.env.BENCH_WRITE_PAIRS ?? 4);
const WRITE_BATCH = 1000;
const DEVICE = process.env.BENCH_DEVICE !== '0';
const DEVICE_MAX = process.env.BENCH_DEVICE_100K === '1' ? 100_000 : 10_000;

const DAY = 86_400;
/** 2005-01-01: sightings spread over 20 years, several on one day (ties on `date` happen). */
const DATE_BASE = 1_104_537_600;

interface Profile {
  name: string;
  speciesPool: number;
  regions: number;
  /** A third of the sightings in South Africa. */
  abroad: boolean;
}
const profiles: Record<string, Profile> = {
  spread: { name: 'spread', speciesPool: 1_000_000, regions: 50, abroad: true },
  local: { name: 'local', speciesPool: 300, regions: 3, abroad: false },
};

interface Member {
  size: number;
  id: string;
  token: string;
  topSpecies: string;
  note: string;
}

interface Call {
  name: string;
  /** Path under /api/v1.0 for a member, and whether the member or the viewer calls it. */
  path: (member: Member) => string;
  as: 'member' | 'viewer';
}

const spreadCalls: Call[] = [
  { name: 'GET observations (own, limit 100)', path: () => '/observations', as: 'member' },
  { name: 'GET observations?limit=500 (startup)', path: () => '/observations?limit=500', as: 'member' },
  {
    name: "GET observations (another's, public)",
    path: (m) => `/observations?user_id=${m.id}`,
    as: 'viewer',
  },
  {
    name: 'GET observations?species_id (own)',
    path: (m) => `/observations?species_id=${m.topSpecies}`,
    as: 'member',
  },
  { name: 'GET users/{id}/stats (own)', path: (m) => `/users/${m.id}/stats`, as: 'member' },
  { name: 'GET users/{id}/stats (another)', path: (m) => `/users/${m.id}/stats`, as: 'viewer' },
  {
    name: 'GET users/{id}/stats?location_id',
    path: (m) => `/users/${m.id}/stats?location_id=USA`,
    as: 'member',
  },
  {
    name: 'GET species/{id}?observations=true',
    path: (m) => `/species/${m.topSpecies}?observations=true`,
    as: 'member',
  },
  {
    name: 'GET species/{id}/observations',
    path: (m) => `/species/${m.topSpecies}/observations`,
    as: 'viewer',
  },
  {
    name: 'GET observations/stats/{species}',
    path: (m) => `/observations/stats/${m.topSpecies}`,
    as: 'member',
  },
];
const localCalls: Call[] = spreadCalls.filter(
  (call) => call.name.includes('stats ') || call.name.includes('stats?'),
);

async function openBenchDatabase(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (DATABASE_URL) {
    const schema = `fm_bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const database = await openDatabase({ databaseUrl: DATABASE_URL, searchPath: schema });
    return {
      database,
      cleanup: async () => {
        await database.close();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      },
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'fieldmark-bench-scale-'));
  const database = await openDatabase({ dataDir });
  return {
    database,
    cleanup: async () => {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function insertMember(database: Database, nickname: string): Promise<string> {
  const now = new Date();
  const row = await database.db
    .insertInto('users')
    .values({
      email: `${nickname.toLowerCase()}-${randomBytes(4).toString('hex')}@example.org`,
      password_hash: null,
      nickname,
      avatar: null,
      location_id: null,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The live demo species numbered 0… in id order (a join on a key, not a scan per sighting). */
async function numberSpecies(database: Database) {
  await sql`CREATE TABLE bench_species AS
    SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id, taxa FROM species WHERE NOT deleted`.execute(
    database.db,
  );
  await sql`ALTER TABLE bench_species ADD PRIMARY KEY (k)`.execute(database.db);
}

/**
 * `count` sightings of `owner` in one statement, as `profile` says. Species: the first
 * `speciesPool` live demo species in id order, picked with a cubic skew (the first few get most
 * sightings); places: a region (skewed to the first) and its country. Deterministic per sighting.
 */
async function seedSightings(database: Database, owner: string, count: number, profile: Profile) {
  const pool = profile.speciesPool;
  const regions = profile.regions;
  await sql`
    WITH n AS (SELECT LEAST(count(*), ${pool}) AS n FROM bench_species), g AS (
      SELECT i,
        ((i * 7919) % 10007)::float8 / 10007 AS u,
        ((i * 6007) % 10009)::float8 / 10009 AS v,
        ${DATE_BASE} + ((i * 104729) % 7300) * ${DAY} + ((i * 31) % 4) * 3600 AS date
      FROM generate_series(1::bigint, ${count}::bigint) AS i
    ), picked AS (
      SELECT g.*, floor(n.n * g.u * g.u * g.u)::int AS k, floor(${regions} * power(g.v, 4))::int AS region
      FROM g CROSS JOIN n
    )
    INSERT INTO collection_records (collection, owner_id, id, rev, rev_counter, rev_suffix, mod, deleted, data)
    SELECT 'species_observations', ${owner}::uuid, 's-' || lpad(g.i::text, 7, '0'), '1_bench', 1, 'bench',
      extract(epoch FROM now())::bigint, false,
      jsonb_build_object(
        'observation_id', 's-' || lpad(g.i::text, 7, '0'),
        'user_id', ${owner}::text,
        'species_id', sp.id,
        'taxa', jsonb_build_object('classification', sp.taxa->>'classification',
          'group_name', sp.taxa->>'group_name', 'name', sp.taxa->>'name'),
        'coordinate', jsonb_build_object('type', 'Point',
          'coordinates', jsonb_build_array(-120 + (g.i % 1000) / 100.0, 46 + (g.i % 700) / 100.0)),
        'coordinate_hidden', g.i % 10 = 3,
        'date', g.date,
        'public', g.i % 4 <> 0,
        'lifer', false,
        'note', CASE WHEN g.i % 5 = 0 THEN 'seen from the car, a long note about the light' ELSE '' END,
        'media', CASE WHEN g.i % 10 = 1
          THEN jsonb_build_array(jsonb_build_object('featured', true, 'media_id', 'm-' || g.i,
            'path', '/api/v1.0/media/m-' || g.i || '/original'))
          ELSE '[]'::jsonb END,
        'location', CASE
          WHEN g.i % 9 = 0 THEN NULL
          WHEN g.i % 3 = 0 AND ${profile.abroad} THEN jsonb_build_object('last_mod', g.date, 'names', jsonb_build_object(
            'ZAF', 'South Africa', 'ZAF-' || g.region % 9, 'Region ' || g.region % 9))
          ELSE jsonb_build_object('last_mod', g.date, 'names', jsonb_build_object(
            'USA', 'United States of America', 'US-' || g.region, 'State ' || g.region))
        END,
        'trips', '[]'::jsonb,
        'created', g.date,
        'updated', g.date)
    FROM picked AS g JOIN bench_species AS sp ON sp.k = g.k`.execute(database.db);
}

/**
 * What the summary's triggers cost a push: PUT collection/species_observations of WRITE_BATCH new
 * sightings of a fresh member, then the same again as edits (a new date: every sighting leaves its
 * group), with the triggers on and off (ALTER TABLE … DISABLE TRIGGER USER) in interleaved pairs.
 */
async function writeCost(database: Database, app: Awaited<ReturnType<typeof buildApp>>, base: string) {
  const { rows: species } = await sql<{
    id: string;
    taxa: { classification: string; group_name: string; name: string };
  }>`
    SELECT id, taxa FROM bench_species ORDER BY k LIMIT 100`.execute(database.db);
  const push = async (token: string, records: unknown[]) => {
    const t0 = performance.now();
    const response = await fetch(`${base}/collection/species_observations`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: records }),
    });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`push: ${response.status} ${body.slice(0, 300)}`);
    return performance.now() - t0;
  };
  const timings = {
    on: { insert: [] as number[], edit: [] as number[] },
    off: { insert: [] as number[], edit: [] as number[] },
  };
  const setTriggers = (on: boolean) =>
    sql`ALTER TABLE collection_records ${on ? sql`ENABLE` : sql`DISABLE`} TRIGGER USER`.execute(database.db);
  for (let pair = 0; pair < WRITE_PAIRS; pair++) {
    for (const side of pair % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      const member = await insertMember(database, `writer-${side}-${pair}`);
      const token = (await app.tokens.issueSession(member)).authToken;
      const records = (rev: number, shift: number) =>
        Array.from({ length: WRITE_BATCH }, (_, i) => {
          const one = present(species[(i * i) % species.length]);
          const date = DATE_BASE + ((i * 104_729) % 7300) * DAY + shift;
          return {
            id: `w-${i}`,
            rev: `${rev}_bench`,
            deleted: false,
            data: {
              observation_id: `w-${i}`,
              user_id: member,
              species_id: one.id,
              taxa: {
                classification: one.taxa.classification,
                group_name: one.taxa.group_name,
                name: one.taxa.name,
              },
              coordinate: null,
              coordinate_hidden: true,
              date,
              public: i % 4 !== 0,
              lifer: false,
              note: '',
              media:
                i % 10 === 1
                  ? [{ featured: true, media_id: `m-${i}`, path: `/api/v1.0/media/m-${i}/original` }]
                  : [],
              location: {
                last_mod: date,
                names: { USA: 'United States of America', [`US-${i % 5}`]: `State ${i % 5}` },
              },
              trips: [],
            },
          };
        });
      await setTriggers(side === 'on');
      try {
        timings[side].insert.push(await push(token, records(1, 0)));
        timings[side].edit.push(await push(token, records(2, DAY)));
      } finally {
        await setTriggers(true);
      }
    }
  }
  console.log('');
  console.log(
    `What the summary costs a push (PUT collection/species_observations, ${WRITE_BATCH} sightings, ${WRITE_PAIRS} pairs; ${loadNote()}):`,
  );
  for (const kind of ['insert', 'edit'] as const) {
    const on = median(timings.on[kind]);
    const off = median(timings.off[kind]);
    console.log(
      `  ${kind === 'insert' ? 'new sightings' : 'edits (new date)'}: triggers on ${fmtMs(on)} ms, off ${fmtMs(off)} ms (median), ×${(on / off).toFixed(2)}`,
    );
  }
}

function fmtMs(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

const bench = await openBenchDatabase();
const { database } = bench;
try {
  const started = performance.now();
  await migrateToLatest(database.db);
  await ensureReferenceData(database.db);
  await ensureSpeciesData(database.db);
  await numberSpecies(database);
  const viewer = await insertMember(database, 'Viewer');
  await seedSightings(database, viewer, 50, present(profiles.spread));
  const dataDir = await mkdtemp(join(tmpdir(), 'fieldmark-bench-scale-app-'));
  const app = await buildApp(benchServerConfig({ dataDir }), { database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1.0`;
    const viewerToken = (await app.tokens.issueSession(viewer)).authToken;
    console.log(
      `bench:scale — ${DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PGlite'}; ` +
        `sizes ${SIZES.join(', ')}; up to ${REPS} rounds or ${CALL_MS} ms per call; set-up ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    for (const profileName of PROFILES) {
      const profile = profiles[profileName];
      if (!profile) throw new Error(`BENCH_PROFILES: unknown profile ${profileName}`);
      const members: Member[] = [];
      console.log('');
      console.log(`${profile.name} history:`);
      for (const size of SIZES) {
        const seedStart = performance.now();
        const id = await insertMember(database, `${profile.name}-${size}`);
        await seedSightings(database, id, size, profile);
        const seedMs = performance.now() - seedStart;
        // The species with most of the member's sightings (the skew makes it the first in id order).
        const { rows } = await sql<{ top: string; n: string; species: string }>`
          SELECT
            (SELECT data->>'species_id' FROM collection_records WHERE owner_id = ${id}::uuid
              GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS top,
            (SELECT count(*) FROM collection_records WHERE owner_id = ${id}::uuid
              AND data->>'species_id' = (SELECT data->>'species_id' FROM collection_records
                WHERE owner_id = ${id}::uuid GROUP BY 1 ORDER BY count(*) DESC LIMIT 1)) AS n,
            (SELECT count(DISTINCT data->>'species_id') FROM collection_records
              WHERE owner_id = ${id}::uuid) AS species`.execute(database.db);
        const shape = present(rows[0]);
        // The summary of migrations/009 (absent when this bench runs on a server from before it).
        const groups = await sql<{ groups: string }>`
          SELECT count(*) AS groups FROM sighting_groups WHERE owner_id = ${id}::uuid`
          .execute(database.db)
          .then(({ rows: counted }) => `${present(counted[0]).groups} groups`)
          .catch(() => 'no sighting_groups');
        const note = `${shape.species} species, ${groups}, top species ${shape.n} sightings`;
        members.push({
          size,
          id,
          token: (await app.tokens.issueSession(id)).authToken,
          topSpecies: shape.top,
          note,
        });
        console.log(`  N = ${String(size).padStart(6)}: seeded in ${(seedMs / 1000).toFixed(1)} s; ${note}`);
      }
      await sql`ANALYZE`.execute(database.db);
      console.log(`  ${loadNote()}`);

      const calls = profile.name === 'spread' ? spreadCalls : localCalls;
      const width = 40;
      console.log(
        `  ${'call'.padEnd(width)}${SIZES.map((size) => `N=${size} median / p95`.padStart(24)).join('')}   ratio`,
      );
      for (const call of calls) {
        const times = new Map<number, number[]>(SIZES.map((size) => [size, []]));
        const sizes = new Map<number, string>();
        const once = async (member: Member) => {
          const url = `${base}${call.path(member)}`;
          const headers = { authorization: `Bearer ${call.as === 'member' ? member.token : viewerToken}` };
          const t0 = performance.now();
          // The server closes idle keep-alive sockets (5 s) while the next member is seeded: retry once.
          const response = await fetch(url, { headers }).catch(() => fetch(url, { headers }));
          const body = await response.text();
          const elapsed = performance.now() - t0;
          if (response.status !== 200)
            throw new Error(`${call.name}: ${response.status} ${body.slice(0, 300)}`);
          sizes.set(member.size, `${(body.length / 1024).toFixed(0)} KB`);
          return elapsed;
        };
        for (const member of members) await once(member);
        const callStart = performance.now();
        for (let round = 0; round < REPS && (round < 3 || performance.now() - callStart < CALL_MS); round++) {
          for (let k = 0; k < members.length; k++) {
            const member = present(members[(round + k) % members.length]);
            present(times.get(member.size)).push(await once(member));
          }
        }
        const medians = SIZES.map((size) => median(present(times.get(size))));
        const ratio = present(medians[medians.length - 1]) / present(medians[0]);
        console.log(
          `  ${call.name.padEnd(width)}${SIZES.map((size) => {
            const list = present(times.get(size));
            return `${fmtMs(median(list))} / ${fmtMs(percentile(list, 95))} ms`.padStart(24);
          }).join('')}  ${ratio.toFixed(2).padStart(5)}×${ratio <= 2 ? '' : ' (over 2×)'}`,
        );
        console.log(
          `  ${''.padEnd(width)}${SIZES.map((size) => `${sizes.get(size)}, ${present(times.get(size)).length} calls`.padStart(24)).join('')}`,
        );
      }
      if (DEVICE && profile.name === 'spread') {
        await deviceFigures(
          base.replace(/\/api\/v1\.0$/, ''),
          members.filter((member) => member.size <= DEVICE_MAX),
        );
      }
    }

    if (WRITE_PAIRS > 0) await writeCost(database, app, base);
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
} finally {
  await bench.cleanup();
}
