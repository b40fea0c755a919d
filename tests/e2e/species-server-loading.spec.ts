/**
 * A new server still seeding the world species lists (issue 21; docs/sync.md "Seeding at start-up"),
 * end to end in real Chromium: the species pulls answer `loading` (added here to the real server's
 * answers, since the e2e server seeds the demo extract before it listens), the list says so above
 * the species already on the device and search finds them; once the server stops saying it, the
 * engine's own later pull clears the notice; and offline the list is searched from the device.
 */
import { expect, test } from '@playwright/test';
import { messages } from '../../src/contract/messages';
import { speciesTexts } from '../../src/features/species/speciesTexts';
import { expectNoSeriousViolations } from './support/axe';

const NOTICE = /still loading the species lists \(5,000 of 40,020\)/;

test('the list says the server is still loading, search finds what is here, online and offline', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  let serverLoading = true;
  await context.route(/\/api\/v1\.0\/collection\/species\?/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: serverLoading ? { ...body, loading: { done: 5000, total: 40020 } } : body,
    });
  });

  await page.goto('/general-settings');
  const summary = page.getByRole('region', { name: messages.configTitle });
  await expect(summary).toContainText('United States of America');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });
  await summary.getByRole('button', { name: messages.configTitle }).click();
  const dialog = page.getByRole('dialog', { name: messages.configTitle });
  await dialog.getByRole('checkbox', { name: /Birds/ }).check();
  await dialog.getByRole('radiogroup', { name: 'Birds list' }).getByRole('radio', { name: 'IOC' }).check();
  await dialog.getByRole('button', { name: messages.configProceed, exact: true }).click();
  await expect(page.getByRole('dialog', { name: messages.speciesSyncTitle })).toBeHidden({ timeout: 60_000 });

  // In-app navigation (the router hears popstate) keeps the sync state: the notice is above the
  // species already here.
  await page.evaluate(() => {
    history.pushState({}, '', '/species');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByText(NOTICE)).toBeVisible();
  const search = page.getByRole('searchbox', { name: speciesTexts.speciesSearchLabel });
  await search.fill('bald egle');
  await expect(page.getByRole('status').filter({ hasText: /species match/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Bald Eagle/ }).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'the species list while the server loads');

  // The server has loaded: the engine pulls again by itself (every 10 s) and the notice goes.
  serverLoading = false;
  await expect(page.getByText(NOTICE)).toBeHidden({ timeout: 45_000 });

  await context.setOffline(true);
  await page.goto('/species');
  await page.getByRole('searchbox', { name: speciesTexts.speciesSearchLabel }).fill('american robin');
  await expect(page.getByRole('link', { name: /American Robin/ }).first()).toBeVisible();
  await context.setOffline(false);
});
