/**
 * `npm run bench:push` — what pushing queued sightings costs on the wire
 * (notes/performance-and-reliability.md P10: pushing N queued sightings uses ≤ ⌈N/500⌉ + 1
 * requests).
 *
 * In Node: the real server (buildApp on an embedded PGlite in a temporary DATA_DIR, the demo
 * species seeded, listening on 127.0.0.1) and a member's device as tests/server/member-sync.test.ts
 * drives it — the real Dexie on fake-indexeddb, the app's HTTP client signed in through a real
 * `POST login`, the real sync engine. For each N (BENCH_PUSH_SIZES, default 1,100,500,1000,2500) a
 * new member saves N sightings with recordObservation (spread over the first 100 demo bird species,
 * the Bald Eagle first), then the engine syncs `species_observations`: the push (verify → PUT per
 * batch) and the pull after it. A counting fetch under the HTTP client tells the requests apart.
 *
 * Prints per N: the push requests (verify + PUT), the goal and whether it is met, push rows/s (from
 * the start of the sync to the first pull request, so the settling transactions count; in brackets
 * the part spent waiting for the server's answers), and the pull requests apart. One untimed
 * warm-up member (N = 10) goes first. Figures only (fake-indexeddb is not a browser's IndexedDB: rows/s is a
 * same-machine reference, the counts are exact). Asserts nothing.
 */
import 'fake-indexeddb/auto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginResponse } from '@contract/auth';
import { OBSERVATIONS_COLLECTION } from '@contract/observations';
import { createApiClient } from '../src/api/client';
import { FieldmarkDB } from '../src/db/FieldmarkDB';
import { createSyncEngine, MEMBER_COLLECTIONS, unsyncedCount } from '../src/db/sync';
import { recordObservation } from '../src/features/observations/observationsRepo';
import { memberTokens } from '../src/test/memberTokens';
import { buildApp } from '../server/app';
import { createUser } from '../server/commands/users';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { ensureReferenceData } from '../server/db/reference/seed';
import { ensureSpeciesData } from '../server/db/species/seed';
import { benchServerConfig } from './benchServer';
import { loadNote } from './stats';
import { present } from '../server/present';

const SIZES = (process.env.BENCH_PUSH_SIZES ?? '1,100,500,1000,2500').split(',').map(Number);
const BALD_EAGLE = 'avibase-fed3756c';
const PASSWORD = 'Sanderling2026';
const goalOf = (n: number) => Math.ceil(n / 500) + 1;

type Kind = 'verify' | 'put' | 'pull' | 'other';

function kindOf(method: string, path: string): Kind {
  if (!path.includes('/collection/')) return 'other';
  if (method === 'POST' && path.endsWith('/verify')) return 'verify';
  if (method === 'PUT') return 'put';
  if (method === 'GET') return 'pull';
  return 'other';
}

const workDir = await mkdtemp(join(tmpdir(), 'fieldmark-bench-push-'));
const database = await openDatabase({ dataDir: join(workDir, 'data') });
try {
  const seedStarted = performance.now();
  await migrateToLatest(database.db);
  await ensureReferenceData(database.db);
  await ensureSpeciesData(database.db);
  const birds = await database.db
    .selectFrom('species')
    .select(['id', 'scientific_name'])
    .where('group_id', '=', 'birds')
    .orderBy('sort')
    .limit(100)
    .execute();
  const eagle = await database.db
    .selectFrom('species')
    .select(['id', 'scientific_name'])
    .where('id', '=', BALD_EAGLE)
    .executeTakeFirstOrThrow();
  const species = [eagle, ...birds.filter((bird) => bird.id !== eagle.id)].slice(0, 100);

  const config = benchServerConfig({ dataDir: join(workDir, 'data'), logLevel: 'error' });
  const app = await buildApp(config, { database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1.0/`;
    console.log(
      `bench:push — real server on PGlite over loopback, Dexie on fake-indexeddb; demo species seeded in ` +
        `${((performance.now() - seedStarted) / 1000).toFixed(1)} s; sightings over ${species.length} bird species`,
    );

    async function run(n: number, label: string) {
      const email = `push-bench-${label}-${Date.now()}@example.org`;
      const member = await createUser({ email, password: PASSWORD, nickname: `Pusher ${label}` }, database);
      const loginResponse = await fetch(`${baseUrl}login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password: PASSWORD }),
      });
      if (!loginResponse.ok) throw new Error(`login failed: ${loginResponse.status}`);
      const login = (await loginResponse.json()) as LoginResponse;

      const db = new FieldmarkDB(`bench-push-${label}`);
      const counts: Record<Kind, number> = { verify: 0, put: 0, pull: 0, other: 0 };
      // Typed, not narrowed to null: the network callback below sets it.
      let firstPullAt = null as number | null;
      /** Time the push spent waiting for the server's answers (loopback + server + PGlite). */
      let pushWaitMs = 0;
      const counting: typeof fetch = async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : input.toString());
        const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
        const kind = kindOf(method, url.pathname);
        counts[kind] += 1;
        if (kind === 'pull') firstPullAt ??= performance.now();
        const sent = performance.now();
        const response = await fetch(input, init);
        if (kind === 'verify' || kind === 'put') pushWaitMs += performance.now() - sent;
        return response;
      };
      const api = createApiClient({
        baseUrl,
        fetch: counting,
        tokens: memberTokens(login),
        now: Date.now,
        isOnline: () => true,
        clientCredentials: { clientId: config.clientId, clientSecret: config.clientSecret },
        retries: 0,
      });
      const engine = createSyncEngine({
        db,
        api,
        collections: MEMBER_COLLECTIONS,
        isOnline: () => true,
        currentUserId: () => member.id,
        timers: { setTimeout: () => 0, clearTimeout: () => undefined },
        log: () => undefined,
      });

      // Queue N sightings offline, one save each (dates a minute apart, over the species in turn).
      const firstDate = Math.floor(Date.UTC(2025, 0, 1) / 1000);
      for (let i = 0; i < n; i += 1) {
        const seen = present(species[i % species.length]);
        await recordObservation(db, member.id, {
          species_id: seen.id,
          taxa: { classification: 'Birds|IOC', group_name: 'Birds', name: seen.scientific_name },
          coordinate: { type: 'Point', coordinates: [-120.5481235, 46.9965144], accuracy: 4.5 },
          coordinate_hidden: false,
          date: firstDate + i * 60,
          public: true,
          note: `Bench sighting ${i + 1} of ${n}.`,
        });
      }
      const queued = await unsyncedCount(db, member.id);

      const started = performance.now();
      const result = await engine.sync(OBSERVATIONS_COLLECTION);
      const pushMs = (firstPullAt ?? performance.now()) - started;
      const left = await unsyncedCount(db, member.id);
      engine.dispose();
      db.close();
      if (queued !== n || result.pushed?.settled !== n || left !== 0 || result.received !== n)
        console.warn(
          `  N=${n}: queued ${queued}, settled ${result.pushed?.settled}, left ${left}, pulled ${result.received}`,
        );
      return { counts, pushMs, pushWaitMs };
    }

    // Warm-up (JIT, PGlite's first queries), not printed.
    await run(10, 'warm-up');
    console.log(
      '     N  push requests (verify+PUT)  goal ⌈N/500⌉+1  result  push rows/s  push ms (server)  pull requests',
    );
    for (const [index, n] of SIZES.entries()) {
      const { counts, pushMs, pushWaitMs } = await run(n, String(index));
      const pushRequests = counts.verify + counts.put;
      const goal = goalOf(n);
      console.log(
        `${String(n).padStart(6)}  ${`${pushRequests} (${counts.verify} verify + ${counts.put} PUT)`.padEnd(26)}  ` +
          `${String(goal).padStart(14)}  ${(pushRequests <= goal ? 'pass' : 'FAIL').padEnd(6)}  ` +
          `${String(Math.round(n / (pushMs / 1000))).padStart(11)}  ` +
          `${`${pushMs.toFixed(0)} (${pushWaitMs.toFixed(0)})`.padStart(16)}  ` +
          `${counts.pull} GET${counts.other > 0 ? ` (+${counts.other} other)` : ''}`,
      );
    }
    console.log(
      'push = POST collection/species_observations/verify + PUT per batch of up to 1000 dirty records ' +
        '(SYNC_BATCH_SIZE); pull = the GETs of the pull that follows the push in the same sync.',
    );
    console.log(loadNote());
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await rm(workDir, { recursive: true, force: true });
}
