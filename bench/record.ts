/**
 * `npm run bench:record` — saving a sighting on the device (notes/performance-and-reliability.md
 * P5: p95 ≤ 2× a raw single-put readwrite transaction, measured in the same run).
 *
 * Headless Chromium with a persistent profile in a temporary user-data-dir (IndexedDB on disk, as
 * on a phone); no server and no network: the page and its bundle (bench/browser/record-entry.ts,
 * built here with Vite) are served by Playwright request interception on http://localhost, a
 * secure context like the app's. The subject is the app's real save (quickRecord →
 * recordObservation, one Dexie transaction) of the demo Bald Eagle by a member who already has
 * BENCH_EXISTING (200) sightings of it; the floor is a raw IndexedDB put of a record of the same
 * size in its own transaction. They alternate in BENCH_PAIRS (5) pairs of BENCH_SAVES (100) saves,
 * the order flipped every pair (AB BA AB …), after one untimed warm-up block of each. A reference
 * that is not part of the goal follows each pair: recordObservation's own requests in one raw
 * IndexedDB transaction without Dexie, and the number of requests the save makes, to tell the
 * save's design (sequential requests) from library overhead.
 *
 * Prints p50/p95 of both, the p95 ratio per pair, the median ratio and how many pairs meet the
 * goal; §11's rule: the median ratio passes and at least 4 in 5 pairs pass on their own. Asserts
 * nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { benchPage, bundleEntry, chromiumArgs, chromiumPath } from './browserBench';
import { loadNote, median, percentile } from './stats';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const SAVES = Number(process.env.BENCH_SAVES ?? 100);
const EXISTING = Number(process.env.BENCH_EXISTING ?? 200);
const GOAL = 2;
const ORIGIN = 'http://localhost:8765';

const fmt = (value: number) => `${value.toFixed(2).padStart(6)} ms`;

const workDir = await mkdtemp(join(tmpdir(), 'fieldmark-bench-record-'));
try {
  const script = await bundleEntry('bench/browser/record-entry.ts', join(workDir, 'bundle'));
  const context = await chromium.launchPersistentContext(join(workDir, 'profile'), {
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/entry.js') return route.fulfill({ contentType: 'text/javascript', body: script });
      return route.fulfill({ contentType: 'text/html', body: benchPage('/entry.js') });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => 'fieldmarkRecordBench' in window);
    const version = context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent));
    const setup = await page.evaluate((existing) => window.fieldmarkRecordBench.setup(existing), EXISTING);
    console.log(
      `bench:record — Chromium ${version}, persistent profile; ${setup.existing} existing sightings of the ` +
        `Bald Eagle by the member; saved row ${setup.rowBytes} B JSON; durability dexie=${setup.durability.dexie} ` +
        `floor=${setup.durability.floor}; ${PAIRS} pairs × ${SAVES} saves`,
    );

    // Warm-up (JIT, IndexedDB's first writes), not counted.
    const warmUp = Math.min(SAVES, 30);
    await page.evaluate((count) => window.fieldmarkRecordBench.subject(count), warmUp);
    await page.evaluate((count) => window.fieldmarkRecordBench.floor(count), warmUp);
    await page.evaluate((count) => window.fieldmarkRecordBench.sameWork(count), warmUp);

    const subjectAll: number[] = [];
    const floorAll: number[] = [];
    const sameWorkAll: number[] = [];
    const ratios: number[] = [];
    let requestsPerSave = 0;
    console.log(
      'pair  order   save p50   save p95  floor p50  floor p95   p95 ratio     same-work p50/p95 (reference)',
    );
    for (let pair = 1; pair <= PAIRS; pair += 1) {
      let subject: number[] = [];
      let floor: number[] = [];
      let sameWork: number[] = [];
      const runSubject = async () => {
        const result = await page.evaluate((count) => window.fieldmarkRecordBench.subject(count), SAVES);
        if (result.dirty !== SAVES) throw new Error(`unexpected save: ${result.dirty} dirty marks`);
        subject = result.times;
        requestsPerSave = result.requestsPerSave;
      };
      const runFloor = async () => {
        floor = (await page.evaluate((count) => window.fieldmarkRecordBench.floor(count), SAVES)).times;
      };
      const runSameWork = async () => {
        sameWork = (await page.evaluate((count) => window.fieldmarkRecordBench.sameWork(count), SAVES)).times;
      };
      // A (the save) and B (the floor) alternate AB, BA, …; the reference runs after both.
      const subjectFirst = pair % 2 === 1;
      if (subjectFirst) {
        await runSubject();
        await runFloor();
      } else {
        await runFloor();
        await runSubject();
      }
      await runSameWork();
      subjectAll.push(...subject);
      floorAll.push(...floor);
      sameWorkAll.push(...sameWork);
      const ratio = percentile(subject, 95) / percentile(floor, 95);
      ratios.push(ratio);
      console.log(
        `${String(pair).padStart(4)}  ${subjectFirst ? 'AB' : 'BA'}    ${fmt(median(subject))}  ` +
          `${fmt(percentile(subject, 95))}  ${fmt(median(floor))}  ${fmt(percentile(floor, 95))}   ` +
          `${ratio.toFixed(2).padStart(6)}× ${ratio <= GOAL ? 'ok  ' : 'over'}    ` +
          `${median(sameWork).toFixed(2)} / ${percentile(sameWork, 95).toFixed(2)} ms`,
      );
    }
    const passing = ratios.filter((ratio) => ratio <= GOAL).length;
    const medianRatio = median(ratios);
    const met = medianRatio <= GOAL && passing >= Math.ceil((PAIRS * 4) / 5);
    console.log(
      `save a sighting (quickRecord → recordObservation): p50 ${median(subjectAll).toFixed(2)} ms, ` +
        `p95 ${percentile(subjectAll, 95).toFixed(2)} ms over ${subjectAll.length} saves`,
    );
    console.log(
      `floor (raw IDB single put, own readwrite txn): p50 ${median(floorAll).toFixed(2)} ms, ` +
        `p95 ${percentile(floorAll, 95).toFixed(2)} ms over ${floorAll.length} puts`,
    );
    console.log(
      `reference, recordObservation's requests in one raw IDB txn: p50 ${median(sameWorkAll).toFixed(2)} ms, ` +
        `p95 ${percentile(sameWorkAll, 95).toFixed(2)} ms; the save made ${requestsPerSave.toFixed(1)} IndexedDB ` +
        `requests (Dexie DBCore calls) per sighting`,
    );
    console.log(
      `P5 p95 ratio: median ${medianRatio.toFixed(2)}× (goal ≤ ${GOAL}×), ${passing} of ${PAIRS} pairs ≤ ${GOAL}× → ` +
        `${met ? 'met' : 'NOT met'}`,
    );
    console.log(loadNote());
  } finally {
    await context.close();
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}
