/**
 * `npm run bench:lighthouse` — Lighthouse 12 (mobile emulation, its default simulated throttling)
 * on the pages members open first (issue 24): `/`, `/menu`, `/species` and the record route
 * `/species-observation` (signed in, as a member opens it), against a floor: a static page of the
 * same build that loads as many bytes of script as the first route, served by the same server.
 * Prints the median performance score, LCP, TBT and CLS of BENCH_RUNS (3) runs per page and the
 * load average; asserts nothing (BENCH_PAGES=/menu,/species runs only those, with the floor;
 * BENCH_REPORT_DIR=folder keeps each run's Lighthouse JSON, to read its LCP element and requests).
 * Goals (issue 24): ≥ 95 on `/` and `/menu`, ≥ 90 on `/species` and the record route.
 *
 * What runs is what `npm start` serves: a fresh production build (BENCH_DIST=dist serves an
 * existing one), the real server (buildApp) on an embedded PGlite with the reference data and the
 * demo species, compression as configured. Each signed-out run has a fresh browser and Lighthouse's
 * own storage reset (nothing cached, no service worker). The record route keeps the member's
 * session and device data (Lighthouse's storage reset off) but starts with the HTTP cache, the
 * service worker and its caches cleared, so its scripts load from the network as on a first visit.
 */
import { createServer } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { messages } from '../src/contract/messages';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { ensureReferenceData } from '../server/db/reference/seed';
import { ensureSpeciesData } from '../server/db/species/seed';
import { benchServerConfig } from './benchServer';
import { chromiumArgs, chromiumPath, prepareBuild } from './browserBench';
import { loadNote, median } from './stats';
import { present } from '../server/present';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FLOOR_PAGE = 'lighthouse-floor.html';

interface Target {
  name: string;
  path: string;
  signedIn: boolean;
  goal: number | null;
}

const TARGETS: Target[] = [
  { name: 'static floor', path: `/${FLOOR_PAGE}`, signedIn: false, goal: null },
  { name: '/', path: '/', signedIn: false, goal: 95 },
  { name: '/menu', path: '/menu', signedIn: false, goal: 95 },
  { name: '/species', path: '/species', signedIn: false, goal: 90 },
  { name: '/species-observation', path: '/species-observation', signedIn: true, goal: 90 },
];

// BENCH_PAGES (comma-separated paths) runs only those pages, with the floor.
const PAGES = process.env.BENCH_PAGES?.split(',');
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
const CHOSEN = TARGETS.filter((target) => !PAGES || target.goal === null || PAGES.includes(target.path));

interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/**
 * The floor: the same build's first-route scripts (the entry and its preloads, read from
 * index.html) as one script that runs nothing — their text inside a comment, so it compresses as
 * they do — under a heading.
 */
async function writeFloorPage(dist: string): Promise<void> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) =>
    present(match[1]),
  );
  let text = '';
  for (const script of new Set(scripts)) text += await readFile(join(dist, script), 'utf8');
  await writeFile(join(dist, 'lighthouse-floor.js'), `/*${text.replaceAll('*/', '* /')}*/\n`);
  await writeFile(
    join(dist, FLOOR_PAGE),
    '<!doctype html><html lang="en"><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Fieldmark</title>' +
      '<h1>Fieldmark</h1><p>A static page of the same build, the floor of a first visit.</p>' +
      '<script src="/lighthouse-floor.js"></script></html>',
  );
}

async function registerMember(origin: string): Promise<{ email: string; password: string }> {
  const stamp = `${Date.now()}`;
  const email = `lighthouse-${stamp}@example.org`;
  const password = 'Whimbrel2026';
  const response = await fetch(`${origin}/api/v1.0/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstname: 'Bench Member',
      nickname: `Bench${stamp.slice(-5)}`,
      username: email,
      password,
      terms_accepted: true,
    }),
  });
  if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`);
  return { email, password };
}

/** One Lighthouse run of `target` in a browser of its own; the signed-in one signs in first. */
async function run(workDir: string, origin: string, target: Target, round: number): Promise<Figures> {
  const port = await freePort();
  const profile = join(workDir, `profile-${round}-${target.name.replace(/\W+/g, '_')}`);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
    headless: true,
  });
  try {
    if (target.signedIn) {
      const member = await registerMember(origin);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${origin}/`);
      await page.getByRole('banner').getByRole('button', { name: messages.signIn, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: messages.signInTitle });
      await dialog.getByLabel(messages.fieldEmail, { exact: true }).fill(member.email);
      await dialog.getByLabel(messages.fieldPassword, { exact: true }).fill(member.password);
      await dialog.getByRole('button', { name: messages.signIn, exact: true }).click();
      const notice = page.getByRole('dialog', { name: messages.configTitle });
      await notice.getByRole('button', { name: messages.configNoticeLater, exact: true }).press('Enter');
      await notice.waitFor({ state: 'hidden' });
      // Keep the session and the device's data; drop what would make the scripts load warm.
      await page.evaluate(async () => {
        for (const registration of await navigator.serviceWorker.getRegistrations()) {
          await registration.unregister();
        }
        for (const name of await caches.keys()) await caches.delete(name);
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.goto('about:blank');
    }
    const result = await lighthouse(`${origin}${target.path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: target.signedIn,
    });
    if (!result) throw new Error(`no Lighthouse result for ${target.path}`);
    const { lhr } = result;
    // Kept for reading the trace's LCP element, request chains and long tasks when a figure moves.
    if (REPORT_DIR) {
      await writeFile(
        join(REPORT_DIR, `${target.name.replace(/\W+/g, '_')}-${round}.json`),
        result.report as string,
      );
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
    };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

const workDir = await mkdtemp(join(tmpdir(), 'fieldmark-bench-lighthouse-'));
const database = await openDatabase({ dataDir: join(workDir, 'data') });
try {
  const dist = await prepareBuild(workDir);
  await writeFloorPage(dist);
  await migrateToLatest(database.db);
  await ensureReferenceData(database.db);
  await ensureSpeciesData(database.db);
  const config = benchServerConfig({ dataDir: join(workDir, 'data'), staticDir: dist, logLevel: 'error' });
  const app = await buildApp(config, { database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    console.log(
      `bench:lighthouse — Lighthouse 12 mobile, simulated throttling, ${RUNS} runs per page; ` +
        `${process.env.BENCH_DIST ? `build in ${dist}` : 'fresh production build'}; ${loadNote()}`,
    );
    const results = new Map<string, Figures[]>(CHOSEN.map((target) => [target.name, []]));
    for (let round = 1; round <= RUNS; round += 1) {
      for (const target of CHOSEN) {
        const figures = await run(workDir, origin, target, round);
        present(results.get(target.name)).push(figures);
        console.log(
          `  run ${round} ${target.name.padEnd(22)} score ${figures.score.toFixed(0).padStart(3)}  ` +
            `LCP ${figures.lcp.toFixed(0).padStart(5)} ms  TBT ${figures.tbt.toFixed(0).padStart(5)} ms  ` +
            `CLS ${figures.cls.toFixed(3)}  ${(figures.bytes / 1024).toFixed(0)} KiB`,
        );
      }
    }
    console.log(`${'median'.padEnd(24)} score    LCP ms    TBT ms    CLS    KiB   goal`);
    for (const target of CHOSEN) {
      const runs = present(results.get(target.name));
      const of = (pick: (figures: Figures) => number) => median(runs.map(pick));
      const score = of((figures) => figures.score);
      const verdict =
        target.goal === null ? '' : `≥ ${target.goal}: ${score >= target.goal ? 'met' : 'NOT met'}`;
      console.log(
        `${target.name.padEnd(24)} ${score.toFixed(0).padStart(5)} ${of((f) => f.lcp)
          .toFixed(0)
          .padStart(9)} ` +
          `${of((f) => f.tbt)
            .toFixed(0)
            .padStart(9)} ${of((f) => f.cls)
            .toFixed(3)
            .padStart(6)} ` +
          `${(of((f) => f.bytes) / 1024).toFixed(0).padStart(6)}   ${verdict}`,
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
