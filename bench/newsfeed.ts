/**
 * `npm run bench:newsfeed` — GET newsfeed?include_following=true (the caller's items and those of
 * the people they follow, the first page of 20) for a member following 200 people, with 10,000 and
 * then 100,000 feed items in the database, p50/p95 beside a GET health of the same run (issue 16;
 * goal: flat from 10k to 100k, the feed read through an index, not a scan). Ends with an EXPLAIN
 * of the feed query at the last size. Prints figures; asserts nothing.
 *
 * The real app on an embedded PGlite in a temporary DATA_DIR (DATABASE_URL: PostgreSQL instead, in a
 * throwaway schema). 2,000 authors, the member follows every tenth (200: a tenth of the items are
 * theirs); items are posts spread over the authors in turn, written in bulk with SQL
 * (generate_series) and added in steps so each size reuses the previous rows. Calls go through
 * `app.inject` one at a time (no network, no concurrency: the figure is the database's and the
 * handler's), interleaved: a health, a feed.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { API_PREFIX } from '@contract/index';
import type { LoginResponse } from '@contract/auth';
import { buildApp } from '../server/app';
import { createUser } from '../server/commands/users';
import { benchServerConfig, openBenchDatabase } from './benchServer';

const SIZES = (process.env.BENCH_FEED_ITEMS ?? '10000,100000').split(',').map(Number);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const AUTHORS = 2000;
const FOLLOWED = 200;
const DATABASE_URL = process.env.DATABASE_URL;

const { dataDir, database, close } = await openBenchDatabase('newsfeed');
const member = { email: 'bench-reader@example.org', password: 'Secret123' };
const reader = await createUser({ ...member, nickname: 'Reader' }, database);
const app = await buildApp(benchServerConfig({ dataDir }), { database });

const login = await app.inject({
  method: 'POST',
  url: `${API_PREFIX}/login`,
  payload: { username: member.email, password: member.password },
});
if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
const headers = { authorization: `Bearer ${login.json<LoginResponse>().auth_token}` };

// The authors, and the member following every tenth of them.
await sql`INSERT INTO users (email, nickname, password_hash)
  SELECT 'bench-author-' || g || '@example.org', 'Author ' || g, NULL
  FROM generate_series(1, ${AUTHORS}::int) AS g`.execute(database.db);
await sql`INSERT INTO member_follows (follower_id, followed_id, created_at)
  SELECT ${reader.id}::uuid, id, now() FROM users
  WHERE email LIKE 'bench-author-%' AND substring(email FROM '[0-9]+')::int % ${AUTHORS / FOLLOWED}::int = 0`.execute(
  database.db,
);

async function addItems(from: number, to: number): Promise<void> {
  // Item g is by author (g mod 2000) + 1: the followed authors' items are spread through the feed.
  await sql`INSERT INTO newsfeed_items (id, type, author_id, body, created_at, updated_at)
    SELECT 'bench~' || g, 'post', a.ids[1 + g % ${AUTHORS}::int], 'Bench post ' || g, now(), now()
    FROM generate_series(${from + 1}::int, ${to}::int) AS g,
      (SELECT array_agg(id ORDER BY substring(email FROM '[0-9]+')::int) AS ids
        FROM users WHERE email LIKE 'bench-author-%') AS a
    ORDER BY g`.execute(database.db);
  await sql`ANALYZE newsfeed_items`.execute(database.db);
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
  `newsfeed bench on ${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, a member following ${FOLLOWED} of ` +
    `${AUTHORS} authors, ${CALLS} calls of each per size, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
);
const FEED = '/newsfeed?include_following=true&limit=20';
let have = 0;
const p95s: Array<[number, number, number]> = [];
for (const size of SIZES) {
  const seedStart = performance.now();
  await addItems(have, size);
  const seeded = ((performance.now() - seedStart) / 1000).toFixed(1);
  have = size;
  const health: number[] = [];
  const feed: number[] = [];
  for (let i = 0; i < CALLS + 10; i++) {
    const h = await timed('/health');
    const f = await timed(FEED);
    if (i < 10) continue; // warm-up
    health.push(h);
    feed.push(f);
  }
  const ratio = percentile(feed, 95) / percentile(health, 95);
  p95s.push([size, percentile(health, 95), percentile(feed, 95)]);
  console.log(
    `${String(size).padStart(7)} items (seeded in ${seeded} s)  health ${fmt(health)} | newsfeed ${fmt(feed)} ` +
      `| p95 newsfeed/health ×${ratio.toFixed(1)}`,
  );
}
const [first, last] = [p95s[0], p95s[p95s.length - 1]];
if (first && last && first !== last) {
  console.log(
    `growth ×${last[0] / first[0]} items: newsfeed p95 ×${(last[2] / first[2]).toFixed(2)}, ` +
      `health p95 ×${(last[1] / first[1]).toFixed(2)} (flat when near ×1)`,
  );
}

// The first page's query as server/plugins/app/community/feed.ts writes it (scope 'following').
const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF)
  SELECT i.* FROM newsfeed_items i
  WHERE (i.author_id = ${reader.id} OR i.author_id IN
      (SELECT followed_id FROM member_follows WHERE follower_id = ${reader.id}))
    AND true AND i.deleted_at IS NULL
  ORDER BY i.mod DESC LIMIT 21`.execute(database.db);
console.log(`EXPLAIN of the feed query at ${have} items:`);
for (const row of plan) console.log(`  ${row['QUERY PLAN']}`);

await app.close();
await database.close();
await close();
