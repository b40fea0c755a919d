/**
 * `npm run bench:sync` — first sync of the bird list from the local server into Dexie in headless
 * Chromium, against a floor measured in the same run: plain fetch of the same pages and a raw
 * IndexedDB put of each page in one transaction. Prints figures and ratios; asserts nothing.
 * Goals (issue 4): engine ≤ 1.5× the floor; readwrite transactions ≤ ⌈N/1000⌉ + 1.
 *
 * The server runs in this process on an embedded PGlite in a temporary DATA_DIR. With
 * ../shared/data present it imports the full lists and keeps only the birds (AviList + the IOC-only
 * rows, ~11,800); without it, the demo extract's birds (the United States and South Africa).
 * The browser half (bench/browser/sync-entry.ts) is built with Vite and served to the page by
 * Playwright request interception on the server's origin, so no CORS is involved.
 * Engine and floor alternate in pairs (BENCH_PAIRS, default 3) and the ratio is of the medians.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { defaultClientCredentials } from '../src/config/client';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { ensureReferenceData } from '../server/db/reference/seed';
import { importSpecies } from '../server/db/species/seed';
import { SPECIES_EXTRACT_DIR } from '../server/db/species/sources';
import { benchServerConfig } from './benchServer';
import { bundleEntry, root } from './browserBench';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const fullDataDir = resolve(root, '../shared/data');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const workDir = await mkdtemp(join(tmpdir(), 'fieldmark-bench-sync-'));
const database = await openDatabase({ dataDir: join(workDir, 'data') });
try {
  await migrateToLatest(database.db);
  await ensureReferenceData(database.db);
  const full = existsSync(join(fullDataDir, 'birds_avilist_v2025.csv'));
  const loadStarted = performance.now();
  await importSpecies(database.db, full ? fullDataDir : SPECIES_EXTRACT_DIR, full ? 'full' : 'demo');
  // Birds only: the bench's own throwaway database, so the unfiltered pull is the bird list.
  await database.db.deleteFrom('species').where('group_id', '<>', 'birds').execute();
  const { count } = await database.db
    .selectFrom('species')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  console.log(
    `bench:sync — ${count} bird species (${full ? 'full lists from ../shared/data' : 'demo extract: US + South Africa'}), ` +
      `loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s; ${PAIRS} interleaved pairs`,
  );

  const script = await bundleEntry('bench/browser/sync-entry.ts', join(workDir, 'bundle'));

  const config = benchServerConfig({ dataDir: join(workDir, 'data') });
  const app = await buildApp(config, { database });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const page = await browser.newPage();
    await page.route(`${origin}/__bench/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path.endsWith('/sync.js')) return route.fulfill({ contentType: 'text/javascript', body: script });
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>bench</title><script type="module" src="/__bench/sync.js"></script>',
      });
    });
    await page.goto(`${origin}/__bench/index.html`);
    await page.waitForFunction(() => 'fieldmarkBench' in window);
    const options = {
      apiBase: `${origin}/api/v1.0/`,
      clientId: defaultClientCredentials.clientId,
      clientSecret: defaultClientCredentials.clientSecret,
    };

    // Warm-up (JIT, PGlite caches), not counted.
    await page.evaluate((o) => window.fieldmarkBench.raw(o, 0), options);
    await page.evaluate((o) => window.fieldmarkBench.engine(o, 0), options);

    const engineMs: number[] = [];
    const rawMs: number[] = [];
    let transactions = 0;
    let received = 0;
    for (let pair = 1; pair <= PAIRS; pair++) {
      const runEngine = async () => {
        const result = await page.evaluate(([o, run]) => window.fieldmarkBench.engine(o, run), [
          options,
          pair,
        ] as const);
        engineMs.push(result.ms);
        transactions = result.readwrite;
        received = result.received;
        console.log(
          `  pair ${pair}  engine → Dexie   ${result.ms.toFixed(0).padStart(6)} ms  ` +
            `${result.received} records, ${result.stored} rows, ${result.readwrite} readwrite transactions`,
        );
      };
      const runRaw = async () => {
        const result = await page.evaluate(([o, run]) => window.fieldmarkBench.raw(o, run), [
          options,
          pair,
        ] as const);
        rawMs.push(result.ms);
        console.log(
          `  pair ${pair}  fetch → raw IDB  ${result.ms.toFixed(0).padStart(6)} ms  ${result.received} records`,
        );
      };
      if (pair % 2 === 1) {
        await runEngine();
        await runRaw();
      } else {
        await runRaw();
        await runEngine();
      }
    }
    const ratio = median(engineMs) / median(rawMs);
    const transactionGoal = Math.ceil(received / 1000) + 1;
    console.log(
      `first sync: engine ${median(engineMs).toFixed(0)} ms vs raw ${median(rawMs).toFixed(0)} ms (medians) → ` +
        `${ratio.toFixed(2)}× (goal ≤ 1.5×) ${ratio <= 1.5 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `readwrite transactions: ${transactions} for ${received} records (goal ≤ ${transactionGoal}) ` +
        (transactions <= transactionGoal ? 'met' : 'NOT met'),
    );
  } finally {
    await browser.close();
    await app.close();
  }
} finally {
  await database.close();
  await rm(workDir, { recursive: true, force: true });
}
