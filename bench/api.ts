/**
 * `npm run bench:api` — how much the Fastify stack costs over a bare node:http server, and what a
 * password login costs. Prints figures and same-run ratios; asserts nothing (goal: the health
 * route ≥ 0.90× node:http).
 *
 * The servers run in this process; autocannon runs as a separate process (on 2 cores a load
 * generator sharing the event loop would measure itself). Health and node:http alternate in
 * interleaved pairs so drift on a shared machine hits both alike; the ratio is taken within each
 * pair (a median over medians of different pairs mixes moments of different load) and the median
 * of those is the verdict.
 * The app logs as it does by default (LOG_LEVEL=info: one line per request, asynchronously), into a
 * file in its data folder rather than over this script's output; BENCH_LOG_LEVEL changes the level.
 * A third server, node:http sending the app's own response headers, shows how much of any gap is
 * the security headers on the wire rather than Fastify.
 * The real app runs on an embedded PGlite in a temporary DATA_DIR with a seeded member; login
 * is bounded by argon2id (m = 19 MiB, t = 2), which is its point.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../server/app';
import { createUser } from '../server/commands/users';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { benchServerConfig } from './benchServer';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const run = promisify(execFile);

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** One autocannon run; `length` is seconds, or `{ amount }` requests (then every answer is awaited). */
async function autocannon(
  url: string,
  extra: string[] = [],
  length: number | { amount: number } = SECONDS,
  connections = CONNECTIONS,
): Promise<Result> {
  const limit = typeof length === 'number' ? ['-d', String(length)] : ['-a', String(length.amount)];
  const { stdout } = await run(
    process.execPath,
    [autocannonBin, '--json', '-c', String(connections), ...limit, ...extra, url],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as Result;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const fmt = (value: number) => value.toFixed(0).padStart(7);
const describe = (result: Result) =>
  `${fmt(result.requests.average)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms` +
  (result.non2xx || result.errors ? `  (non-2xx ${result.non2xx}, errors ${result.errors})` : '');

const dataDir = await mkdtemp(join(tmpdir(), 'fieldmark-bench-'));
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const logFile = join(dataDir, 'server.log');
const config = { ...benchServerConfig({ dataDir, logLevel: LOG_LEVEL }), logFile };
const database = await openDatabase({ dataDir });
const BODY = JSON.stringify({ status: 'success' });
const bare = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(BODY),
  });
  response.end(BODY);
});
/** node:http sending the very headers the app sends (security headers, CORS vary, no-store): shows
 * how much of the gap is bytes on the wire rather than the framework. Filled in once the app runs. */
let appHeaders: Record<string, string> = {};
const bareSameHeaders = createServer((_request, response) => {
  response.writeHead(200, appHeaders);
  response.end(BODY);
});

try {
  await migrateToLatest(database.db);
  const member = { email: 'bench@example.org', password: 'Secret123' };
  await createUser({ ...member, nickname: 'Bench' }, database);
  const app = await buildApp(config, { database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => bareSameHeaders.listen(0, '127.0.0.1', resolve));
    const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
    const sameHeadersUrl = `http://127.0.0.1:${(bareSameHeaders.address() as AddressInfo).port}/`;
    const sample = await fetch(`${appUrl}/api/v1.0/health`);
    appHeaders = Object.fromEntries(
      [...sample.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
    );

    console.log(
      `bench:api — ${PAIRS} interleaved pairs of ${SECONDS} s, ${CONNECTIONS} connections, autocannon in its own process, ` +
        `LOG_LEVEL=${LOG_LEVEL}, load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
    );
    // Warm-up: JIT, the serializer and the connection pools, not counted.
    await autocannon(`${appUrl}/api/v1.0/health`, [], 2);
    await autocannon(bareUrl, [], 2);

    const health: number[] = [];
    const node: number[] = [];
    const pairRatios: number[] = [];
    const nodeSameHeaders: number[] = [];
    for (let pair = 1; pair <= PAIRS; pair++) {
      const first = pair % 2 === 1;
      const runHealth = async () => {
        const result = await autocannon(`${appUrl}/api/v1.0/health`);
        health.push(result.requests.average);
        console.log(`  pair ${pair}  GET /api/v1.0/health  ${describe(result)}`);
      };
      const runBare = async () => {
        const result = await autocannon(bareUrl);
        node.push(result.requests.average);
        console.log(`  pair ${pair}  bare node:http        ${describe(result)}`);
      };
      // Alternate which goes first so neither always gets the warmer (or cooler) machine.
      if (first) {
        await runHealth();
        await runBare();
      } else {
        await runBare();
        await runHealth();
      }
      const pairRatio = (health.at(-1) ?? 0) / (node.at(-1) ?? 1);
      pairRatios.push(pairRatio);
      console.log(`  pair ${pair}  health / node:http = ${pairRatio.toFixed(2)}`);
      const same = await autocannon(sameHeadersUrl);
      nodeSameHeaders.push(same.requests.average);
      console.log(`  pair ${pair}  node:http, app's headers ${describe(same)}`);
    }

    // A fixed number of logins rather than a duration: autocannon then waits for every answer, so
    // no argon2 work is still running when the database closes below.
    const login = await autocannon(
      `${appUrl}/api/v1.0/login`,
      [
        '-m',
        'POST',
        '-H',
        'content-type=application/json',
        '-b',
        JSON.stringify({ username: member.email, password: member.password }),
      ],
      { amount: 40 * SECONDS },
      8,
    );
    const ratio = median(pairRatios);
    const pairsMet = pairRatios.filter((r) => r >= 0.9).length;
    console.log(`  POST /api/v1.0/login (argon2id, 8 connections)  ${describe(login)}`);
    console.log('');
    console.log(`health median   ${fmt(median(health))} req/s`);
    console.log(`node:http median${fmt(median(node))} req/s`);
    console.log(
      `ratio health / node:http within pairs: ${pairRatios.map((r) => r.toFixed(2)).join(', ')}; median ${ratio.toFixed(2)}, ` +
        `${pairsMet} of ${PAIRS} pairs ≥ 0.90 (goal ≥ 0.90: ${ratio >= 0.9 ? 'met' : 'not met'})`,
    );
    console.log(
      `  for reference: node:http sending the app's ${Object.keys(appHeaders).length} headers ${fmt(median(nodeSameHeaders))} req/s, ` +
        `health / that = ${(median(health) / median(nodeSameHeaders)).toFixed(2)}`,
    );
    console.log(`login           ${fmt(login.requests.average)} req/s`);
  } finally {
    await app.close();
  }
  if (LOG_LEVEL === 'info') {
    // The log is part of what was measured: check it holds one line per request, all written.
    const text = await readFile(logFile, 'utf8');
    const completed = text.split('\n').filter((line) => line.includes('"msg":"request completed"')).length;
    console.log(
      `log: ${completed} 'request completed' lines, ${(text.length / 1e6).toFixed(1)} MB (${logFile})`,
    );
  }
} finally {
  for (const server of [bare, bareSameHeaders]) {
    await new Promise<void>((resolve) => {
      if (server.listening)
        server.close(() => {
          resolve();
        });
      else resolve();
    });
  }
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
