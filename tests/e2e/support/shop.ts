/**
 * Shared steps of the shop and logbook specs: checking out a signed-in member's cart with a
 * discount code and the TEST gateway's card (axe on each page on the way), and recording a
 * sighting offline from a logbook's row until it is ticked.
 */
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { labels } from '../../../src/app/labels';
import { recordingTexts } from '../../../src/features/observations/texts';
import { logbookTexts } from '../../../src/contract/logbookTexts';
import { formatMessage, messages } from '../../../src/contract/messages';
import { shopTexts as texts } from '../../../src/features/commerce/shopTexts';
import { expectNoSeriousViolations } from './axe';
import { expectToastShown, recordToasts } from './toasts';

/** On the TEST gateway: pays with `card` (axe on the gateway's page first). */
export async function payOnTestGateway(page: Page, card: string): Promise<void> {
  await expect(page.getByRole('note')).toContainText('TEST PAYMENT GATEWAY');
  await expectNoSeriousViolations(page, 'the TEST gateway');
  await page.getByLabel('Test card number').fill(card);
  await page.getByRole('button', { name: /^Pay .*\(TEST\)$/ }).click();
}

/**
 * On /checkout: applies `code` (taking `off` of the total, leaving `total`), goes on to /payment
 * and pays `total` with the card that succeeds; ends on the success page.
 */
export async function payWithDiscount(page: Page, code: string, off: string, total: string): Promise<void> {
  await page.getByRole('textbox', { name: texts.fieldName }).fill('Wren Whimbrel');
  await page.getByRole('textbox', { name: texts.discountCode }).fill(code);
  await page.getByRole('button', { name: texts.applyDiscount }).click();
  await expect(page.getByText(`${code}: −${off}`)).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(total);
  await expectNoSeriousViolations(page, '/checkout');

  await page.getByRole('button', { name: texts.toPayment }).click();
  const pay = page.getByRole('button', { name: `Pay ${total}` });
  await expect(pay).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page, '/payment');
  await pay.click();
  await payOnTestGateway(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/fulfilment\/[0-9a-f-]+\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: texts.successHeading })).toBeVisible();
}

/** The row of `speciesName` on the checklist of the logbook named `logbookName`. */
export function checklistRow(page: Page, logbookName: string, speciesName: string): Locator {
  return page
    .getByRole('main')
    .getByRole('list', { name: formatMessage(logbookTexts.checklist, { name: logbookName }) })
    .getByRole('listitem')
    .filter({ hasText: speciesName });
}

/**
 * Cuts the network, records `speciesName` from its row of logbook `productId` and sees the row
 * ticked (first seen, one sighting) from the device; the network stays off.
 */
export async function recordOfflineFromRow(
  page: Page,
  context: BrowserContext,
  productId: string,
  row: Locator,
  speciesName: string,
): Promise<void> {
  const main = page.getByRole('main');
  await context.setOffline(true);
  await page.goto(`/logbook/${productId}`);
  await recordToasts(page);
  await row.getByRole('link', { name: formatMessage(logbookTexts.recordOf, { name: speciesName }) }).click();
  // The address changes before the form's code is drawn, and meanwhile the logbook (which names the
  // species too, and has "Print or save as PDF") is still on screen: wait for the form itself.
  await expect(main.getByRole('heading', { level: 1, name: labels.recordSighting })).toBeVisible();
  await expect(main.getByText(speciesName, { exact: true })).toBeVisible();
  await main.getByRole('button', { name: recordingTexts.sightingSave, exact: true }).click();
  await expectToastShown(page, messages.storedLocally);
  await page.goto(`/logbook/${productId}`);
  await expect(row).toContainText('First seen');
  await expect(row).toContainText(logbookTexts.oneSighting);
}
