/**
 * Species on the device, end to end in real Chromium against the real server (demo extract) and
 * the built PWA (issue 4 "Tests"):
 * - a new member chooses the United States with Birds (IOC) and Mammals in the config dialog; the
 *   species sync popup shows its progress, reaches 100 % and closes itself;
 * - the species of that list are then in IndexedDB, and with the network cut the species page
 *   opens, a misspelled name finds the species and its page opens;
 * - axe (no serious or critical violation) on the popup, the list and the species page.
 */
import { expect, test, type Page } from '@playwright/test';
import { messages } from '../../src/contract/messages';
import { speciesTexts } from '../../src/features/species/speciesTexts';
import { expectNoSeriousViolations } from './support/axe';

/** Rows in the device's species table (`app.db`, Dexie version 2). */
function speciesOnDevice(page: Page): Promise<{ count: number; names: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ count: number; names: string[] }>((resolve, reject) => {
        const open = indexedDB.open('app.db');
        open.onerror = () => {
          reject(open.error ?? new Error('cannot open app.db'));
        };
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('species')) {
            db.close();
            resolve({ count: 0, names: [] });
            return;
          }
          const all = db.transaction('species', 'readonly').objectStore('species').getAll();
          all.onerror = () => {
            reject(all.error ?? new Error('cannot read species'));
          };
          all.onsuccess = () => {
            db.close();
            const rows = all.result as Array<{ name: string }>;
            resolve({ count: rows.length, names: rows.map((row) => row.name) });
          };
        };
      }),
  );
}

test('choose the United States with Birds (IOC) and Mammals, sync to 100 %, then search offline', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.goto('/general-settings');
  const summary = page.getByRole('region', { name: messages.configTitle });
  await expect(summary).toContainText('United States of America');
  // Offline navigation later needs the service worker in control of this page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });

  await summary.getByRole('button', { name: messages.configTitle }).click();
  const dialog = page.getByRole('dialog', { name: messages.configTitle });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: `${messages.configRegion} United States of America` }),
  ).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Birds/ }).check();
  await dialog.getByRole('radiogroup', { name: 'Birds list' }).getByRole('radio', { name: 'IOC' }).check();
  await dialog.getByRole('checkbox', { name: /Mammals/ }).check();

  // Every value the progress bar takes, recorded in the page so a fast sync is not missed.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="progressbar"][aria-valuenow]')) {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (seen.at(-1) !== value) seen.push(value);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  // The popup lives as long as the sync, which can take a single request when the device already
  // holds most of the list: the sync's requests wait until the popup has been looked at.
  let releaseSync!: () => void;
  const syncHeld = new Promise<void>((resolve) => {
    releaseSync = resolve;
  });
  await context.route(/\/api\/v1\.0\/collection\/species\?/, async (route) => {
    await syncHeld;
    await route.fallback();
  });
  await dialog.getByRole('button', { name: messages.configProceed, exact: true }).click();

  const popup = page.getByRole('dialog', { name: messages.speciesSyncTitle });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('progressbar', { name: messages.speciesSyncProgress })).toBeVisible();
  await expect(popup.getByRole('button', { name: messages.continueInBackground })).toBeVisible();
  await expectNoSeriousViolations(page, 'the species sync popup');
  releaseSync();
  await expect(popup).toBeHidden({ timeout: 60_000 });
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
  expect(seen.at(-1)).toBe(100);
  expect([...seen].sort((a, b) => a - b)).toEqual(seen);

  const stored = await speciesOnDevice(page);
  expect(stored.count).toBeGreaterThan(500);
  expect(stored.names).toEqual(expect.arrayContaining(['Bald Eagle', 'White-tailed Deer', 'American Robin']));
  // Outside the list: a South African mammal of the same demo extract.
  expect(stored.names).not.toContain('African Savanna Elephant');

  await context.setOffline(true);
  await page.goto('/species');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const search = page.getByRole('searchbox', { name: speciesTexts.speciesSearchLabel });
  await search.fill('bald egle');
  // The list re-renders 250 ms after typing: wait for the search's own answer before clicking.
  await expect(page.getByRole('status').filter({ hasText: /species match/ })).toBeVisible();
  const result = page.getByRole('link', { name: /Bald Eagle/ }).first();
  await expect(result).toBeVisible();
  await expectNoSeriousViolations(page, 'the species list');
  await result.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bald Eagle' })).toBeVisible();
  await expect(page.getByText('Haliaeetus leucocephalus').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'the species page');
  await context.setOffline(false);
});
