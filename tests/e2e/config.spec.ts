/**
 * Configuration end to end, in real Chromium against the real server and the built PWA:
 * - the first start picks the region around a real coordinate when geolocation is granted, and
 *   falls back to the United States when it is not (the server's IP lookup answers the default
 *   location for 127.0.0.1);
 * - Customize Your Experience refuses an inactive group and an empty selection, and saves a valid
 *   one, which survives a reload;
 * - the network toasts;
 * - axe (WCAG 2.0/2.1 A and AA) on the config dialog, the select pickers and Share with Friends: no
 *   serious or critical violation.
 * Every test starts in a fresh browser context, so with nothing stored: a first start.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatMessage, messages } from '../../src/contract/messages';
import { expectNoSeriousViolations } from './support/axe';

const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 };

/** The settings page's summary of the config. */
function configSummary(page: Page): Locator {
  return page.getByRole('region', { name: messages.configTitle });
}

/** What the app stored as its config (key-value store `_ionicstorage` / `_ionickv`). */
function storedConfig(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('_ionicstorage');
        open.onerror = () => {
          reject(open.error ?? new Error('cannot open the key-value store'));
        };
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('_ionickv')) {
            db.close();
            resolve(null);
            return;
          }
          const read = db.transaction('_ionickv', 'readonly').objectStore('_ionickv').get('config');
          read.onerror = () => {
            reject(read.error ?? new Error('cannot read the config'));
          };
          read.onsuccess = () => {
            db.close();
            resolve(read.result ?? null);
          };
        };
      }),
  );
}

async function openConfigDialog(page: Page): Promise<Locator> {
  await configSummary(page).getByRole('button', { name: messages.configTitle }).click();
  const dialog = page.getByRole('dialog', { name: messages.configTitle });
  await expect(dialog).toBeVisible();
  return dialog;
}

const toast = (page: Page) => page.getByRole('alert');

test.describe('first start with geolocation granted', () => {
  test.use({ permissions: ['geolocation'], geolocation: CAPE_TOWN });

  test('picks the region around the position (Cape Town → Western Cape) and stores it', async ({ page }) => {
    await page.goto('/general-settings');
    await expect(page.getByRole('heading', { level: 1, name: messages.settingsTitle })).toBeVisible();
    await expect(configSummary(page)).toContainText('Western Cape');
    await expect
      .poll(() => storedConfig(page))
      .toMatchObject({
        location: {
          location_id: 'ZAF-1189',
          name: 'Western Cape',
          parent_location: [{ location_id: 'ZAF', name: 'South Africa' }],
        },
        species: ['Birds|IOC', 'Mammals|Large'],
        language: { language: 'English' },
      });
    await page.reload();
    await expect(configSummary(page)).toContainText('Western Cape');
  });

  test('the config dialog refuses an inactive group and an empty selection, then saves a valid one', async ({
    page,
  }) => {
    await page.goto('/general-settings');
    await expect(configSummary(page)).toContainText('Western Cape');
    const dialog = await openConfigDialog(page);
    await expect(dialog.getByRole('checkbox', { name: /Mammals/ })).toBeChecked();
    await expectNoSeriousViolations(page, 'the config dialog');

    // No bird list for South Africa yet (docs/api.md): Birds cannot be ticked (SPEC §5).
    const birds = dialog.getByRole('checkbox', { name: /Birds/ });
    await expect(birds).not.toBeChecked();
    await birds.click();
    await expect(toast(page)).toHaveText(formatMessage(messages.configGroupInactive, { group: 'Birds' }));
    await expect(birds).not.toBeChecked();

    // Nothing active left: refused.
    await dialog.getByRole('checkbox', { name: /Mammals/ }).uncheck();
    await dialog.getByRole('button', { name: messages.configProceed, exact: true }).click();
    await expect(toast(page)).toHaveText(messages.configGroupRequired);
    await expect(dialog).toBeVisible();

    // Auckland has a bird list: the IOC choice kept in the draft is ticked again there.
    await dialog.getByRole('button', { name: `${messages.configRegion} Western Cape` }).click();
    const regions = page.getByRole('dialog', { name: messages.configRegionPicker });
    await expect(regions).toBeVisible();
    await expectNoSeriousViolations(page, 'the region picker');
    await regions.getByLabel(messages.pickerSearch).fill('auckland');
    await regions.getByRole('radio', { name: 'Auckland New Zealand', exact: true }).check();
    await regions.getByRole('button', { name: messages.pickerOk, exact: true }).click();
    await expect(regions).toBeHidden();
    await expect(dialog.getByRole('button', { name: `${messages.configRegion} Auckland` })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: /Birds/ })).toBeChecked();

    await dialog.getByRole('checkbox', { name: /Reptiles/ }).check();
    await dialog
      .getByRole('radiogroup', { name: 'Birds list' })
      .getByRole('radio', { name: 'Clements' })
      .check();

    await dialog.getByRole('button', { name: `${messages.configLanguage} English` }).click();
    const languages = page.getByRole('dialog', { name: messages.configLanguage });
    await expect(languages).toBeVisible();
    await expectNoSeriousViolations(page, 'the language picker');
    await languages.getByLabel(messages.pickerSearch).fill('portu');
    await languages.getByRole('button', { name: /^Portuguese/ }).click();
    await expect(dialog.getByRole('button', { name: `${messages.configLanguage} Portuguese` })).toBeVisible();

    await dialog.getByRole('button', { name: messages.configProceed, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(configSummary(page)).toContainText('Auckland');
    await expect(configSummary(page)).toContainText('Birds (Clements), Reptiles');
    await expect(configSummary(page)).toContainText('Portuguese');

    await page.reload();
    await expect(configSummary(page)).toContainText('Birds (Clements), Reptiles');
    expect(await storedConfig(page)).toMatchObject({
      location: { location_id: 'NZL-3398', name: 'Auckland' },
      species: ['Birds|Clements', 'Reptiles'],
      language: { language: 'Portuguese' },
    });
  });
});

test('first start with geolocation denied falls back to the United States', async ({ page }) => {
  await page.goto('/general-settings');
  await expect(configSummary(page)).toContainText('United States of America');
  await expect.poll(() => storedConfig(page)).toMatchObject({ location: { location_id: 'USA' } });
});

test('the welcome page does not set a location up', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await storedConfig(page)).toBeNull();
});

test('Share with Friends shows a QR code of the app and copies the link without a share sheet', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/general-settings');
  await page.getByRole('button', { name: messages.shareApp }).first().click();
  const dialog = page.getByRole('dialog', { name: messages.shareTitle });
  await expect(dialog).toBeVisible();
  const link = new URL('/', page.url()).toString();
  await expect(dialog.getByRole('img', { name: formatMessage(messages.shareQrAlt, { link }) })).toBeVisible();
  await expectNoSeriousViolations(page, 'Share with Friends');

  const hasShareSheet = await page.evaluate(() => typeof navigator.share === 'function');
  if (!hasShareSheet) {
    await dialog.getByRole('button', { name: messages.copyLink, exact: true }).click();
    await expect(toast(page)).toHaveText(messages.linkCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  } else {
    await expect(dialog.getByRole('button', { name: messages.shareViaSocial, exact: true })).toBeVisible();
  }
  await dialog.getByRole('button', { name: messages.back, exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('going offline and online again is told', async ({ page, context }) => {
  await page.goto('/general-settings');
  await expect(page.getByRole('heading', { level: 1, name: messages.settingsTitle })).toBeVisible();
  // The toast's code loads with the first toast: offline, only the service worker's precache has it.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });
  await context.setOffline(true);
  await expect(toast(page)).toHaveText(messages.nowOffline);
  await context.setOffline(false);
  await expect(toast(page)).toHaveText(messages.nowOnline);
});
