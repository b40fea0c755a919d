/**
 * `npm run bench:first-visit` — what a newcomer meets first (issue 23 §6): the time to first content
 * of `/`, `/menu`, `/species` and `/global-map`, each opened on a fresh Chromium profile (nothing
 * cached, no service worker, an empty IndexedDB; the position allowed, in Ellensburg, WA), against the time to
 * load a static page of the same build from the same server in the same run. Prints each route's
 * time and its ratio to the static page; asserts nothing.
 *
 * What runs is what `npm start` serves: the PWA built with the project's Vite config (into a
 * temporary folder; BENCH_DIST=dist serves an existing build instead — build under
 * `flock /tmp/e2e.lock`, as the e2e does), served by the real server (buildApp) on an embedded
 * PGlite in a temporary DATA_DIR with the reference data and demo species seeded. The static page
 * (`first-visit-static.html`, a heading and a paragraph) is written into that build.
 *
 * First content, seen in the page (polled every animation frame; ms since navigation start):
 *   static        — its heading;
 *   /             — the welcome page's heading in <main>;
 *   /menu         — the menu's first tile;
 *   /species      — the first species row of the list (the server's first page or the device's);
 *   /global-map   — the map's heading and the map at rest ('idle', its basemap drawn).
 * BENCH_RUNS (2) rounds; each round opens the static page, then each route, every one on its own
 * fresh profile. Figures are medians.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { ensureReferenceData } from '../server/db/reference/seed';
import { ensureSpeciesData } from '../server/db/species/seed';
import { benchServerConfig } from './benchServer';
import { chromiumArgs, chromiumPath, prepareBuild } from './browserBench';
import { loadNote, median } from './stats';
import { present } from '../server/present';

const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const STATIC_PAGE = 'first-visit-static.html';
const TIMEOUT_MS = 90_000;
const ELLENSBURG = { latitude: 46.9965144, longitude: -120.5481235, accuracy: 8 };

/** A page and the condition, evaluated in it, that says its first content is there. */
interface Target {
  name: string;
  path: string;
  /** Selectors that must all match (a function, not a string: the app's CSP forbids eval). */
  firstContent: string[];
}

const STATIC: Target = {
  name: 'static page',
  path: `/${STATIC_PAGE}`,
  firstContent: ['h1'],
};

const ROUTES: Target[] = [
  { name: '/', path: '/', firstContent: ['main h1'] },
  {
    name: '/menu',
    path: '/menu',
    firstContent: ['main nav li a, main nav li button'],
  },
  {
    name: '/species',
    path: '/species',
    firstContent: ['main a[href^="/species/"]'],
  },
  {
    name: '/global-map',
    path: '/global-map',
    firstContent: ['main h1', '[data-map-state="idle"]'],
  },
];

/** Opens `target` on a fresh profile; answers ms from navigation start to its first content. */
async function firstVisit(workDir: string, origin: string, target: Target, run: number): Promise<number> {
  const profile = join(workDir, `profile-${run}-${target.name.replace(/\W+/g, '_')}`);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--enable-unsafe-swiftshader'],
    headless: true,
    baseURL: origin,
    viewport: { width: 1280, height: 800 },
    // A newcomer who allows the position when asked (headless Chromium shows no prompt to answer).
    permissions: ['geolocation'],
    geolocation: ELLENSBURG,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // 'commit': the wait below is the measure, not the load event.
    await page.goto(target.path, { waitUntil: 'commit' });
    try {
      const handle = await page.waitForFunction(
        (selectors) =>
          selectors.every((selector) => document.querySelector(selector) !== null)
            ? performance.now()
            : false,
        target.firstContent,
        { polling: 'raf', timeout: TIMEOUT_MS },
      );
      return (await handle.jsonValue()) as number;
    } catch (error) {
      // Not reached: say what the page showed instead, and count the visit as not measured.
      const shown = await page
        .evaluate(() => document.querySelector('main')?.textContent ?? document.body.textContent)
        .catch(() => '');
      console.log(
        `  ${target.name}: no first content in ${TIMEOUT_MS} ms (${String(error)}); it showed: ${shown.slice(0, 200)}`,
      );
      return Number.NaN;
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

const workDir = await mkdtemp(join(tmpdir(), 'fieldmark-bench-first-visit-'));
const database = await openDatabase({ dataDir: join(workDir, 'data') });
try {
  const dist = await prepareBuild(workDir);
  await writeFile(
    join(dist, STATIC_PAGE),
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>Fieldmark</title>' +
      '<h1>Fieldmark</h1><p>A static page of the same build, the floor of a first visit.</p></html>',
  );
  await migrateToLatest(database.db);
  await ensureReferenceData(database.db);
  await ensureSpeciesData(database.db);
  const config = benchServerConfig({ dataDir: join(workDir, 'data'), staticDir: dist, logLevel: 'error' });
  const app = await buildApp(config, { database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    console.log(
      `bench:first-visit — ${process.env.BENCH_DIST ? `build in ${dist}` : 'fresh production build'}, real server on ` +
        `PGlite, headless Chromium, a fresh profile per visit, ${RUNS} rounds; ${loadNote()}`,
    );
    const times = new Map<string, number[]>([STATIC, ...ROUTES].map((target) => [target.name, []]));
    for (let run = 1; run <= RUNS; run += 1) {
      for (const target of [STATIC, ...ROUTES]) {
        const ms = await firstVisit(workDir, origin, target, run);
        present(times.get(target.name)).push(ms);
        console.log(`  round ${run} ${target.name.padEnd(12)} ${ms.toFixed(0).padStart(6)} ms`);
      }
    }
    const measured = (name: string) => median(present(times.get(name)).filter(Number.isFinite));
    const floor = measured(STATIC.name);
    console.log(`${'first content (median)'.padEnd(24)}      ms  × static`);
    for (const target of [STATIC, ...ROUTES]) {
      const ms = measured(target.name);
      console.log(
        `${target.name.padEnd(24)} ${ms.toFixed(0).padStart(7)}  ${(ms / floor).toFixed(1).padStart(7)}`,
      );
    }
    console.log(loadNote());
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await rm(workDir, { recursive: true, force: true });
}
