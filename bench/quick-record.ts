/**
 * `npm run bench:quick-record` — from the tap on Quick Record to its toast, in the real built app
 * with the network off (notes/performance-and-reliability.md P5: "the UI confirms in < 100 ms with
 * the network disabled").
 *
 * What runs is what `npm start` serves: the PWA built with the project's own Vite config (into a
 * temporary folder, so a concurrent e2e run's dist/ is left alone; BENCH_DIST=dist serves an
 * existing build instead), served by the real server (buildApp, staticDir = that build) on an
 * embedded PGlite in a temporary DATA_DIR with the demo species seeded. Headless Chromium with a
 * persistent profile (IndexedDB on disk), driven through the UI:
 *   setup  — first start (no geolocation: the IP fallback picks the United States), sign in as a
 *            member made with the operator command (server/commands/users.ts), Customize Your
 *            Experience → United States, Birds (IOC) only → Proceed, the species sync to its end;
 *            the service worker in control;
 * then the same profile is opened again, once per case, with the network cut
 * (context.setOffline) before /species/avibase-fed3756c (the Bald Eagle) is opened from the
 * service worker's cache:
 *   GPS     — geolocation granted with a position set: the fix is immediate, so the figure is the
 *             save, the store and the render;
 *   denied  — geolocation denied: the position request fails at once, the toast says "without GPS";
 *   no fix  — geolocation granted with no position source: each of the spec's two 1000 ms requests
 *             times out, by design, before the sighting is saved without a position.
 * Each tap is measured in the page: from the click event's timestamp to the MutationObserver
 * callback that sees a node with the toast's text added (started before the click), and to the
 * next animation frame after it. After each tap the toast is closed with its close button. The
 * first tap after the page opened is printed on its own (the app loads its toast host with the
 * first toast); BENCH_WARMUP (3) more are untimed, then BENCH_TAPS (25) per case are timed
 * (BENCH_TAPS_NO_FIX, default 20, for the slow case). Prints p50/p95 per case. Asserts nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import { recordingTexts } from '../src/features/observations/texts';
import { messages } from '../src/contract/messages';
import { buildApp } from '../server/app';
import { createUser } from '../server/commands/users';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { ensureReferenceData } from '../server/db/reference/seed';
import { ensureSpeciesData } from '../server/db/species/seed';
import { benchServerConfig } from './benchServer';
import { chromiumArgs, chromiumPath, prepareBuild } from './browserBench';
import { loadNote, median, percentile } from './stats';
import { present } from '../server/present';

const TAPS = Number(process.env.BENCH_TAPS ?? 25);
const TAPS_NO_FIX = Number(process.env.BENCH_TAPS_NO_FIX ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const BALD_EAGLE = 'avibase-fed3756c';
const ELLENSBURG = { latitude: 46.9965144, longitude: -120.5481235, accuracy: 8 };
const TOAST_TEXT = 'Observation Created';
const EMAIL = 'quick-record-bench@example.org';
const PASSWORD = 'Sanderling2026';
const NICKNAME = 'QuickBench';
const GOAL_MS = 100;

interface Tap {
  /** Click event → toast node in the DOM (ms). */
  dom: number;
  /** Click event → the animation frame after it (ms). */
  frame: number;
  text: string;
}

declare global {
  interface Window {
    fieldmarkTap?: { clickAt: number | null; toastAt: number | null; frameAt: number | null; text: string };
  }
}

async function openProfile(
  profile: string,
  origin: string,
  options: Parameters<typeof chromium.launchPersistentContext>[1] = {},
) {
  return chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
    baseURL: origin,
    ...options,
  });
}

const firstPage = async (context: BrowserContext) => context.pages()[0] ?? (await context.newPage());

/** First start, sign-in and config as a member does them; ends with the species on the device. */
async function setUp(page: Page): Promise<number> {
  await page.goto('/general-settings');
  const summary = page.getByRole('region', { name: messages.configTitle });
  await expect(summary).toContainText('United States of America', { timeout: 30_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });

  await page.getByRole('banner').getByRole('button', { name: messages.signIn, exact: true }).click();
  const signIn = page.getByRole('dialog', { name: messages.signInTitle });
  await signIn.getByLabel(messages.fieldEmail, { exact: true }).fill(EMAIL);
  await signIn.getByLabel(messages.fieldPassword, { exact: true }).fill(PASSWORD);
  await signIn.getByRole('button', { name: messages.signIn, exact: true }).click();
  await expect(signIn).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('banner')).toContainText(NICKNAME);

  await summary.getByRole('button', { name: messages.configTitle }).click();
  const dialog = page.getByRole('dialog', { name: messages.configTitle });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: `${messages.configRegion} United States of America` }),
  ).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Birds/ }).check();
  await dialog.getByRole('radiogroup', { name: 'Birds list' }).getByRole('radio', { name: 'IOC' }).check();
  for (const group of [/Mammals/, /Reptiles/, /Amphibians/]) {
    const box = dialog.getByRole('checkbox', { name: group });
    if ((await box.count()) > 0 && (await box.isChecked())) await box.uncheck();
  }
  await dialog.getByRole('button', { name: messages.configProceed, exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: messages.speciesSyncTitle })).toBeHidden({
    timeout: 120_000,
  });

  // The species table as the app left it: the eagle there, and how many birds came.
  let count = 0;
  await expect
    .poll(
      async () => {
        const found = await page.evaluate(
          (id) =>
            new Promise<{ eagle: boolean; count: number }>((done) => {
              const open = indexedDB.open('app.db');
              open.onerror = () => {
                done({ eagle: false, count: 0 });
              };
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('species')) {
                  db.close();
                  done({ eagle: false, count: 0 });
                  return;
                }
                const store = db.transaction('species').objectStore('species');
                const eagle = store.getKey(id);
                const all = store.count();
                all.onsuccess = () => {
                  db.close();
                  done({ eagle: eagle.result !== undefined, count: all.result });
                };
              };
            }),
          BALD_EAGLE,
        );
        count = found.count;
        return found.eagle;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return count;
}

/** One case's taps: the first after the page opened (it also loads the toast host), then the timed ones. */
interface CaseResult {
  first: Tap;
  taps: Tap[];
}

/**
 * Opens the eagle's page offline and taps Quick Record: once right after the page opened (the app
 * loads its toast host with the first toast), `WARMUP` more untimed, then `taps` timed. After each
 * tap the toast is closed with its close button, so every tap starts from the same page.
 */
async function tapCase(context: BrowserContext, taps: number, expected: string): Promise<CaseResult> {
  const page = await firstPage(context);
  await context.setOffline(true);
  await page.goto(`/species/${BALD_EAGLE}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Bald Eagle' })).toBeVisible({ timeout: 30_000 });
  const button = main.getByRole('button', { name: recordingTexts.quickRecord, exact: true });
  // The page is idle (its lazy parts and live queries settled) before the first tap, as after a look.
  await expect(button).toBeEnabled();
  await page.waitForTimeout(1_000);
  const measured: Tap[] = [];
  for (let index = 0; index < 1 + WARMUP + taps; index += 1) {
    await expect(button).toBeEnabled();
    await button.evaluate((element, text) => {
      const state: NonNullable<Window['fieldmarkTap']> = {
        clickAt: null,
        toastAt: null,
        frameAt: null,
        text: '',
      };
      window.fieldmarkTap = state;
      element.addEventListener(
        'click',
        (event) => {
          state.clickAt = event.timeStamp;
        },
        { capture: true, once: true },
      );
      const observer = new MutationObserver((records) => {
        const now = performance.now();
        for (const record of records) {
          for (const node of record.addedNodes) {
            const content = node.textContent ?? '';
            if (!content.includes(text)) continue;
            state.toastAt = now;
            state.text = content;
            observer.disconnect();
            requestAnimationFrame(() => {
              state.frameAt = performance.now();
            });
            return;
          }
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    }, TOAST_TEXT);
    await button.click();
    await page.waitForFunction(() => window.fieldmarkTap?.frameAt != null, undefined, { timeout: 15_000 });
    const tap = present(await page.evaluate(() => window.fieldmarkTap));
    if (!tap.text.includes(expected)) throw new Error(`expected the toast '${expected}', saw '${tap.text}'`);
    measured.push({
      dom: present(tap.toastAt) - present(tap.clickAt),
      frame: present(tap.frameAt) - present(tap.clickAt),
      text: tap.text,
    });
    await page
      .getByRole('alert')
      .filter({ hasText: TOAST_TEXT })
      .getByRole('button', { name: messages.close })
      .click();
    await page.waitForFunction((text) => !document.body.textContent.includes(text), TOAST_TEXT, {
      timeout: 15_000,
    });
  }
  await context.setOffline(false);
  return { first: present(measured[0]), taps: measured.slice(1 + WARMUP) };
}

function report(name: string, { first, taps }: CaseResult, goal: boolean) {
  // goal false: the case waits for the spec's two 1000 ms position requests, so < 100 ms cannot apply.
  const dom = taps.map((tap) => tap.dom);
  const frame = taps.map((tap) => tap.frame);
  const p95 = percentile(dom, 95);
  if (process.env.BENCH_VERBOSE) console.log(`  ${name}: ${dom.map((value) => value.toFixed(1)).join(' ')}`);
  console.log(
    `${name.padEnd(44)} ${String(taps.length).padStart(4)}  ${median(dom).toFixed(1).padStart(8)}  ` +
      `${p95.toFixed(1).padStart(8)}  ${median(frame).toFixed(1).padStart(9)}  ${percentile(frame, 95).toFixed(1).padStart(9)}  ` +
      `${first.dom.toFixed(1).padStart(9)}  ` +
      (goal
        ? `${p95 < GOAL_MS ? 'met' : 'NOT met'} (p95 < ${GOAL_MS} ms)`
        : 'includes 2 × 1000 ms by design'),
  );
}

const workDir = await mkdtemp(join(tmpdir(), 'fieldmark-bench-quick-record-'));
const database = await openDatabase({ dataDir: join(workDir, 'data') });
try {
  const buildStarted = performance.now();
  const dist = await prepareBuild(workDir);
  await migrateToLatest(database.db);
  await ensureReferenceData(database.db);
  await ensureSpeciesData(database.db);
  await createUser({ email: EMAIL, password: PASSWORD, nickname: NICKNAME }, database);
  const config = benchServerConfig({ dataDir: join(workDir, 'data'), staticDir: dist, logLevel: 'error' });
  const app = await buildApp(config, { database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const profile = join(workDir, 'profile');

    const setupContext = await openProfile(profile, origin);
    let species: number;
    let version: string;
    try {
      version = setupContext.browser()?.version() ?? '';
      species = await setUp(await firstPage(setupContext));
    } finally {
      await setupContext.close();
    }
    console.log(
      `bench:quick-record — ${process.env.BENCH_DIST ? `build in ${dist}` : 'fresh production build'}, real server ` +
        `on PGlite, Chromium ${version} with a persistent profile; setup ${((performance.now() - buildStarted) / 1000).toFixed(0)} s: ` +
        `signed in, config United States + Birds (IOC), ${species} species on the device; offline for every tap`,
    );

    const cases: Array<{
      name: string;
      options: Parameters<typeof openProfile>[2];
      taps: number;
      expected: string;
      goal: boolean;
    }> = [
      {
        name: 'GPS granted, position set (immediate fix)',
        options: { permissions: ['geolocation'], geolocation: ELLENSBURG },
        taps: TAPS,
        expected: messages.observationCreated,
        goal: true,
      },
      {
        name: 'geolocation denied (no GPS, fails at once)',
        options: { permissions: [] },
        taps: TAPS,
        expected: messages.observationCreatedNoGps,
        goal: true,
      },
      {
        name: 'granted, no position source (2 × timeout)',
        options: { permissions: ['geolocation'] },
        taps: TAPS_NO_FIX,
        expected: messages.observationCreatedNoGps,
        goal: false,
      },
    ];
    console.log(
      `${'case (ms from the click event)'.padEnd(44)} taps   DOM p50   DOM p95  frame p50  frame p95  first tap`,
    );
    for (const item of cases) {
      const context = await openProfile(profile, origin, item.options);
      try {
        report(item.name, await tapCase(context, item.taps, item.expected), item.goal);
      } finally {
        await context.close();
      }
    }
    console.log(loadNote());
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await rm(workDir, { recursive: true, force: true });
}
