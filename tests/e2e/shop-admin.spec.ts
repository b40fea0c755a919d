/**
 * The shop's administration end to end (issue 19), in Chromium against the real server and its
 * TEST gateway: on /merchant-products an administrator makes a discount code and ends it, prints a
 * batch of activation codes for a demo logbook (the CSV downloads), and refunds a member's paid
 * order, which takes the logbook back; the member sees the order refunded in Your orders on
 * /products. A member is refused the page. axe finds no serious or critical violation on any tab.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { labels } from '../../src/app/labels';
import { messages } from '../../src/contract/messages';
import { shopTexts as texts } from '../../src/features/commerce/shopTexts';
import { DEMO_LOGBOOKS } from '../../server/plugins/app/logbooks/seed';
import { adminPage } from './support/admin';
import { expectNoSeriousViolations } from './support/axe';
import { registerMember, signInThroughDialog } from './support/member';
import { present } from '../../src/test/present';

const ZAF_MAMMALS = present(DEMO_LOGBOOKS[0], 'the first demo logbook');
const stamp = Date.now().toString(36).toUpperCase();

async function openTab(page: Page, name: string) {
  await page.goto('/merchant-products');
  await expect(page.getByRole('heading', { level: 1, name: labels.merchantProducts })).toBeVisible();
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

test('an administrator makes a discount code and ends it', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser);
  await openTab(page, texts.tabDiscounts);
  const code = `ADMIN-${stamp}`;
  await page.getByRole('textbox', { name: texts.fieldCode }).fill(code.toLowerCase());
  await page.getByRole('textbox', { name: texts.fieldPercent }).fill('15');
  await page.getByRole('textbox', { name: texts.fieldMaxUses }).fill('20');
  await page.getByRole('button', { name: texts.createDiscount }).click();
  await expect(page.getByText(`Code ${code} created.`)).toBeVisible();
  const row = page
    .getByRole('table', { name: texts.discountsTable })
    .getByRole('row')
    .filter({ hasText: code });
  await expect(row).toContainText('15 %');
  await expect(row).toContainText('0 of 20');
  await expectNoSeriousViolations(page, 'the discount codes tab');
  await row.getByRole('button', { name: `End ${code} now` }).click();
  await expect(row).toContainText(texts.ended);

  // Ended: a member's check is refused with the reason.
  const member = await registerMember(page.request, 'code-check');
  const check = await page.request.post('/api/v1.0/commerce/discount_code', {
    headers: { authorization: `Bearer ${member.token}` },
    data: { discount_code: code },
  });
  expect(check.status()).toBe(400);
  await page.context().close();
});

test('an administrator prints a batch of activation codes and gets its CSV', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser);
  await openTab(page, texts.tabCodes);
  await page.getByRole('combobox', { name: texts.fieldLogbook }).click();
  await page.getByRole('option', { name: ZAF_MAMMALS.name }).click();
  await page.getByRole('textbox', { name: texts.fieldCount }).fill('3');
  const batch = `e2e-${stamp}`;
  await page.getByRole('textbox', { name: texts.fieldBatch }).fill(batch);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: texts.makeCodes }).click();
  const csv = readFileSync(await (await download).path(), 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe('code,product_id,batch');
  expect(csv.slice(1)).toHaveLength(3);
  expect(csv[1]).toMatch(new RegExp(`^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4},${ZAF_MAMMALS.id},${batch}$`));
  const row = page
    .getByRole('table', { name: texts.batchesTable })
    .getByRole('row')
    .filter({ hasText: batch });
  await expect(row).toContainText(ZAF_MAMMALS.name);
  await expectNoSeriousViolations(page, 'the activation codes tab');

  const again = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download the CSV of ${ZAF_MAMMALS.name} ${batch}` }).click();
  const exported = readFileSync(await (await again).path(), 'utf8')
    .trim()
    .split('\n');
  expect(exported[0]).toBe('code,product_id,batch,redeemed_at');
  expect(
    exported
      .map((line) => line.split(',')[0])
      .slice(1)
      .sort(),
  ).toEqual(
    csv
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  );
  await page.context().close();
});

test('an administrator refunds a paid order and the member sees it refunded, the logbook taken back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await adminPage(browser);
  // The member's purchase, through the API and the TEST gateway's form, as the browser posts it.
  const member = await registerMember(page.request, 'refunded');
  const bearer = { authorization: `Bearer ${member.token}` };
  const started = await page.request.put('/api/v1.0/commerce/payment', {
    headers: bearer,
    data: {
      cart: [{ product_id: ZAF_MAMMALS.id, quantity: 1 }],
      contact: { name: `Refund ${stamp}`, email: member.email },
      billing: {},
      payment: {},
    },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { redirect_url } = (await started.json()) as { redirect_url: string };
  const paid = await page.request.post(redirect_url, {
    form: { action: 'pay', card_number: '4242424242424242' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const owned = async () =>
    (
      (await (await page.request.get('/api/v1.0/logbooks/owned', { headers: bearer })).json()) as {
        logbooks: { product_id: string }[];
      }
    ).logbooks.map((logbook) => logbook.product_id);
  expect(await owned()).toContain(ZAF_MAMMALS.id);

  await openTab(page, texts.tabOrders);
  const row = page
    .getByRole('table', { name: texts.ordersTable })
    .getByRole('row')
    .filter({ hasText: `Refund ${stamp}` });
  await expect(row).toContainText(texts.statusFulfilled, { timeout: 30_000 });
  await expect(row).toContainText('$12.00');
  await expectNoSeriousViolations(page, 'the orders tab');
  await row.getByRole('button', { name: new RegExp(`^Refund order of .* to Refund ${stamp}$`) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('$12.00');
  await expectNoSeriousViolations(page, 'the refund dialog');
  await dialog.getByRole('button', { name: `${texts.refund} $12.00` }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(texts.statusRefunded);
  expect(await owned()).not.toContain(ZAF_MAMMALS.id);

  // The member, in a browser of their own: the order reads refunded under the products.
  const mine = await browser.newContext();
  const own = await mine.newPage();
  await own.goto('/');
  await signInThroughDialog(own, member);
  await own.goto('/products');
  const orders = own.getByRole('list', { name: texts.yourOrders });
  await expect(orders).toContainText(texts.statusRefunded, { timeout: 30_000 });
  await expect(orders).toContainText(ZAF_MAMMALS.name);
  await expectNoSeriousViolations(own, '/products with Your orders');

  // A member is refused the merchant page.
  await own.goto('/merchant-products?tab=orders');
  await expect(own.getByRole('alert').filter({ hasText: messages.notAuthorised })).toBeVisible();
  await expect(own.getByRole('table', { name: texts.ordersTable })).toHaveCount(0);
  await mine.close();
  await page.context().close();
});
