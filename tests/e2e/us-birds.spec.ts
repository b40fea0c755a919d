/**
 * The United States bird list a birder opens first (issue 21): a new member chooses the United
 * States with Birds (IOC) only, syncs, and the species list does not open with the tinamous of
 * Middle and South America (the BBS list's over-inclusion, removed by the IOC range rule), nor does
 * a search find Great Tinamou. Real Chromium, the real server on the demo extract, the built PWA.
 */
import { expect, test } from '@playwright/test';
import { messages } from '../../src/contract/messages';
import { speciesTexts } from '../../src/features/species/speciesTexts';

test('United States + Birds (IOC): the list does not open with tinamous and has no Great Tinamou', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/general-settings');
  const summary = page.getByRole('region', { name: messages.configTitle });
  await expect(summary).toContainText('United States of America');
  await summary.getByRole('button', { name: messages.configTitle }).click();
  const dialog = page.getByRole('dialog', { name: messages.configTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Birds/ }).check();
  await dialog.getByRole('radiogroup', { name: 'Birds list' }).getByRole('radio', { name: 'IOC' }).check();
  for (const group of [/Mammals/, /Reptiles/, /Amphibians/]) {
    const box = dialog.getByRole('checkbox', { name: group });
    if ((await box.count()) > 0 && (await box.isChecked())) await box.uncheck();
  }
  await dialog.getByRole('button', { name: messages.configProceed, exact: true }).click();
  await expect(page.getByRole('dialog', { name: messages.speciesSyncTitle })).toBeHidden({ timeout: 60_000 });

  await page.goto('/species');
  const firstFamily = page.getByRole('heading', { level: 2 }).first();
  await expect(firstFamily).toBeVisible({ timeout: 30_000 });
  await expect(firstFamily).not.toHaveText(/Tinamidae/);

  const search = page.getByRole('searchbox', { name: speciesTexts.speciesSearchLabel });
  // A US bird is found (the search works) …
  await search.fill('bald eagle');
  await expect(page.getByRole('link', { name: /Bald Eagle/ }).first()).toBeVisible();
  // … and Great Tinamou is not.
  await search.fill('great tinamou');
  await expect(page.getByText("No species match 'great tinamou'.")).toBeVisible();
  await expect(page.getByRole('link', { name: /Tinamou/ })).toHaveCount(0);
});
