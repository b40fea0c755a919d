/**
 * The device half of `npm run bench:scale` (issue 25, 4b): for members of each size, in headless
 * Chromium (bench/browser/scale-device-entry.ts), the sync of their sightings into a fresh Dexie as
 * after sign-in, and what `/observations` reads before its first rows, beside what it read before
 * (every own sighting). Prints medians and the sync's time per sighting, whose ratio across sizes
 * says whether the sync grows linearly (goal: about 1×). Runs BENCH_DEVICE_RUNS (default 1) of each.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { defaultClientCredentials } from '../src/config/client';
import { bundleEntry, chromiumPath } from './browserBench';
import { loadNote, median } from './stats';
import { present } from '../server/present';

const RUNS = Number(process.env.BENCH_DEVICE_RUNS ?? 1);

export interface DeviceMember {
  size: number;
  id: string;
  token: string;
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

export async function deviceFigures(origin: string, members: readonly DeviceMember[]): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'fieldmark-bench-scale-device-'));
  const browser = await chromium.launch({ executablePath: chromiumPath });
  try {
    const script = await bundleEntry('bench/browser/scale-device-entry.ts', join(workDir, 'bundle'));
    const page = await browser.newPage();
    await page.route(`${origin}/__bench/**`, (route) =>
      new URL(route.request().url()).pathname.endsWith('/device.js')
        ? route.fulfill({ contentType: 'text/javascript', body: script })
        : route.fulfill({
            contentType: 'text/html',
            body: '<!doctype html><title>bench</title><script type="module" src="/__bench/device.js"></script>',
          }),
    );
    await page.goto(`${origin}/__bench/index.html`);
    await page.waitForFunction(() => 'fieldmarkDevice' in window);

    console.log('');
    console.log(`Device (headless Chromium, Dexie; ${RUNS} run(s) per size; ${loadNote()}):`);
    const perSighting: number[] = [];
    for (const member of members) {
      const syncs: number[] = [];
      const lists: Array<Awaited<ReturnType<Window['fieldmarkDevice']['list']>>> = [];
      let shape = '';
      for (let run = 0; run < RUNS; run++) {
        const options = {
          apiBase: `${origin}/api/v1.0/`,
          clientId: defaultClientCredentials.clientId,
          clientSecret: defaultClientCredentials.clientSecret,
          token: member.token,
          userId: member.id,
          name: `bench-device-${member.size}-${run}`,
        };
        const synced = await page.evaluate((o) => window.fieldmarkDevice.sync(o), options);
        if (synced.stored !== member.size)
          throw new Error(`device sync stored ${synced.stored} of ${member.size}`);
        syncs.push(synced.ms);
        lists.push(await page.evaluate((o) => window.fieldmarkDevice.list(o), options));
        shape = `${synced.lifers} lifer flags settled, ${present(lists[0]).species} species`;
      }
      const syncMs = median(syncs);
      perSighting.push(syncMs / member.size);
      console.log(
        `  N = ${String(member.size).padStart(6)}: sync after sign-in ${fmt(syncMs)} ms ` +
          `(${((syncMs * 1000) / member.size).toFixed(0)} µs a sighting; ${shape})`,
      );
      console.log(
        `  ${''.padStart(10)}/observations first page (100 rows + count) ${fmt(median(lists.map((l) => l.pageMs)))} ms, ` +
          `with species choices ${fmt(median(lists.map((l) => l.choicesMs)))} ms; ` +
          `reading every sighting (before) ${fmt(median(lists.map((l) => l.everyMs)))} ms`,
      );
    }
    if (perSighting.length > 1) {
      const ratio = present(perSighting.at(-1)) / present(perSighting[0]);
      console.log(
        `  sync time per sighting, N=${present(members.at(-1)).size} over N=${present(members[0]).size}: ${ratio.toFixed(2)}× (linear: ≈ 1×)`,
      );
    }
  } finally {
    await browser.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
