/**
 * `npm run bench:record` — saving a sighting on the device (notes/performance-and-reliability.md
 * P5: p95 ≤ 2× a raw single-put readwrite transaction, measured in the same run).
 *
 * Headless Chromium with a persistent profile in a temporary user-data-dir (IndexedDB on disk, as
 * on a phone); no server and no network: the page and its bundle (bench/browser/record-entry.ts,
 * built here with Vite) are served by Playwright request interception on http://localhost, a
 * secure context like the app's. The subject is the app's real save (quickRecord →
 * recordObservation, one IndexedDB transaction, without Dexie for a new sighting) of the demo Bald
 * Eagle by a member who already has BENCH_EXISTING (200) sightings of it and BENCH_TRIPS (24) past
 * trips; the floor is a raw IndexedDB put of a record of the same size in its own transaction.
 * BENCH_PAIRS (5) pairs of BENCH_SAVES (300) saves a side, after one untimed warm-up block of
 * each; within a pair the sides alternate in BENCH_SLICES (10) slices (AB AB … in odd pairs, BA BA
 * … in even ones), so a burst of load on the shared machine falls on both sides of a pair rather
 * than on one whole block. A reference that is not part of the goal follows each pair:
 * recordObservation's own requests in one hand-written IndexedDB transaction, and the number of
 * requests the save makes, to tell the cost of the save's requests from the app's work around them.
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
const SAVES = Number(process.env.BENCH_SAVES ?? 300);
const SLICES = Number(process.env.BENCH_SLICES ?? 10);
const EXISTING = Number(process.env.BENCH_EXISTING ?? 200);
const TRIPS = Number(process.env.BENCH_TRIPS ?? 24);
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
    const setup = await page.evaluate(
      ([existing, trips]) => window.fieldmarkRecordBench.setup(existing, trips),
      [EXISTING, TRIPS] as const,
    );
    console.log(
      `bench:record — Chromium ${version}, persistent profile; ${setup.existing} existing sightings of the ` +
        `Bald Eagle and ${setup.trips} past trips by the member; saved row ${setup.rowBytes} B JSON; durability dexie=${setup.durability.dexie} ` +
        `direct=${setup.durability.direct} floor=${setup.durability.floor}; ${PAIRS} pairs × ${SAVES} saves`,
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
      const subject: number[] = [];
      const floor: number[] = [];
      let sameWork: number[] = [];
      const runSubject = async (count: number) => {
        const result = await page.evaluate((count) => window.fieldmarkRecordBench.subject(count), count);
        if (result.dirty !== count) throw new Error(`unexpected save: ${result.dirty} dirty marks`);
        subject.push(...result.times);
        requestsPerSave = result.requestsPerSave;
      };
      const runFloor = async (count: number) => {
        floor.push(
          ...(await page.evaluate((count) => window.fieldmarkRecordBench.floor(count), count)).times,
        );
      };
      // A (the save) and B (the floor) alternate in slices, AB AB … in odd pairs and BA BA … in even
      // ones, so both sides of a pair meet the same moments of a shared machine; the reference runs
      // after both.
      const subjectFirst = pair % 2 === 1;
      for (let slice = 0; slice < SLICES; slice += 1) {
        const count = Math.round((SAVES * (slice + 1)) / SLICES) - Math.round((SAVES * slice) / SLICES);
        if (subjectFirst) {
          await runSubject(count);
          await runFloor(count);
        } else {
          await runFloor(count);
          await runSubject(count);
        }
      }
      sameWork = (await page.evaluate((count) => window.fieldmarkRecordBench.sameWork(count), SAVES)).times;
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
        `requests per sighting`,
    );
    console.log(
      `P5 p95 ratio: median ${medianRatio.toFixed(2)}× (goal ≤ ${GOAL}×), ${passing} of ${PAIRS} pairs ≤ ${GOAL}× → ` +
        (met ? 'met' : 'NOT met'),
    );
    console.log(loadNote());
  } finally {
    await context.close();
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}
