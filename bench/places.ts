/**
 * `npx tsx bench/places.ts` — GET hotspots/nearby and GET hotspots/map with 1,000, 10,000 and
 * 100,000 places, p50/p95 beside a GET health of the same run (issue 15; goal: sub-linear growth,
 * the B-tree indexes of 011_places.sql used). Prints figures; asserts nothing.
 *
 * The real app on an embedded PGlite in a temporary DATA_DIR (DATABASE_URL: PostgreSQL instead, in a
 * throwaway schema). Places are spread at random over the inhabited latitudes with a 5 km radius,
 * added in steps so each size reuses the previous rows. Calls go through `app.inject` one at a time
 * (no network, no concurrency: the figure is the database's and the handler's), interleaved: a
 * health, a nearby at a random point, a map of a random 10° × 10° box (at most 500 points).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { API_PREFIX } from '@contract/index';
import { buildApp } from '../server/app';
import { benchServerConfig, openBenchDatabase } from './benchServer';

const SIZES = (process.env.BENCH_PLACES ?? '1000,10000,100000').split(',').map(Number);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const DATABASE_URL = process.env.DATABASE_URL;

const { dataDir, database, close } = await openBenchDatabase('places');
const app = await buildApp(benchServerConfig({ dataDir }), { database });

const token = await app.inject({
  method: 'POST',
  url: `${API_PREFIX}/oauth/token`,
  payload: {
    grant_type: 'client_credentials',
    client_id: app.config.clientId,
    client_secret: app.config.clientSecret,
  },
});
const headers = { authorization: `Bearer ${token.json<{ access_token: string }>().access_token}` };

/** mulberry32: the same points on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(20261127);
const lat = () => -55 + next() * 125;
const lng = () => -180 + next() * 360;

async function addPlaces(from: number, to: number): Promise<void> {
  // Deterministic spread from the row number, so the same sizes hold the same places on every run.
  await sql`INSERT INTO hotspots (id, name, latitude, longitude, radius_km, min_lat, max_lat, min_lng, max_lng,
      search_text, created_at, updated_at)
    SELECT 'bench-' || g, 'Bench place ' || g, la, lo, 5, la - 0.045, la + 0.045, lo - 0.1, lo + 0.1,
      ' bench place ' || g || ' ', now(), now()
    FROM (SELECT g, -55 + ((g::bigint * 7919) % 125000) / 1000.0 AS la, -179.8 + ((g::bigint * 104729) % 359600) / 1000.0 AS lo
      FROM generate_series(${from + 1}::int, ${to}::int) AS g) AS s`.execute(database.db);
  await sql`ANALYZE hotspots`.execute(database.db);
}

async function timed(url: string): Promise<number> {
  const start = performance.now();
  const response = await app.inject({ method: 'GET', url: `${API_PREFIX}${url}`, headers });
  const ms = performance.now() - start;
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return ms;
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const fmt = (values: readonly number[]) =>
  `p50 ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms`;

console.log(
  `places bench on ${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, ${CALLS} calls of each per size`,
);
let have = 0;
const p95s: Array<[number, number, number, number]> = [];
for (const size of SIZES) {
  await addPlaces(have, size);
  have = size;
  const health: number[] = [];
  const nearby: number[] = [];
  const map: number[] = [];
  for (let i = 0; i < CALLS + 10; i++) {
    const h = await timed('/health');
    const n = await timed(`/hotspots/nearby?lat=${lat().toFixed(4)}&lng=${lng().toFixed(4)}&limit=20`);
    const south = -55 + next() * 115;
    const west = -180 + next() * 350;
    const m = await timed(
      `/hotspots/map?bounds=${west.toFixed(3)},${south.toFixed(3)},${(west + 10).toFixed(3)},${(south + 10).toFixed(3)}`,
    );
    if (i < 10) continue; // warm-up
    health.push(h);
    nearby.push(n);
    map.push(m);
  }
  p95s.push([size, percentile(health, 95), percentile(nearby, 95), percentile(map, 95)]);
  console.log(
    `${String(size).padStart(7)} places  health ${fmt(health)} | nearby ${fmt(nearby)} | map ${fmt(map)}`,
  );
}
const [first, last] = [p95s[0], p95s[p95s.length - 1]];
if (first && last && first !== last) {
  const growth = last[0] / first[0];
  console.log(
    `growth ×${growth} places: nearby p95 ×${(last[2] / first[2]).toFixed(2)}, map p95 ×${(last[3] / first[3]).toFixed(2)} ` +
      `(sub-linear when well under ×${growth})`,
  );
}

await app.close();
await database.close();
await close();
