/**
 * The store wrappers as the built app sees them (issue 20; docs/stores.md), in Chromium against the
 * real server: the channel the app finds from each user agent and launch decides how a logbook is
 * paid — the Android app (a TWA, launched at its start URL `/?source=twa`) through Google Play with
 * the Digital Goods API, the iOS shell not at all (Apple's rules, no StoreKit bridge yet), a browser
 * (Chrome on Android outside the TWA; the shop specs pay in a desktop one) through the shop's provider. The
 * Play flow runs to the end: Play's sheet (the Digital Goods service and Payment Request, stubbed in
 * the page), the server's check and acknowledgement with Google (stubbed at its HTTP boundary,
 * support/googlePlay.ts), the member owning the logbook. And the well-known files the stores check
 * are served from the config.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { appleAppSiteAssociation, assetLinks } from '../../src/config/wellKnown';
import { product } from '../../src/config/product';
import { labels } from '../../src/app/labels';
import { logbookTexts } from '../../src/contract/logbookTexts';
import { playProductId } from '../../src/contract/shop';
import { shopTexts as texts } from '../../src/features/commerce/shopTexts';
import { IOS_SHELL_USER_AGENT_TOKEN } from '../../src/lib/platform';
import { present } from '../../src/test/present';
import { DEMO_LOGBOOKS } from '../../server/plugins/app/logbooks/seed';
import { expectNoSeriousViolations } from './support/axe';
import { e2eServiceAccountFile, startGooglePlayStub } from './support/googlePlay';
import { registerMember, signInThroughDialog } from './support/member';
import { e2eSigning } from './support/signing';

const LOGBOOK = present(DEMO_LOGBOOKS[0], 'a demo logbook to buy');
const SKU = playProductId(LOGBOOK.id);

const CHROME = '(KHTML, like Gecko) Chrome/124.0.0.0';
const userAgents = {
  android: `Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 ${CHROME} Mobile Safari/537.36`,
  iosShell: `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ${IOS_SHELL_USER_AGENT_TOKEN}/1.0`,
};

/**
 * What Chrome offers a TWA with Play Billing on: the Digital Goods service with Play's price, and
 * Payment Request with Play's method, whose sheet answers `token` (the buyer pays). The calls the
 * page makes are kept in `window.__play` for the test to read.
 */
function playInThePage(token: string) {
  const calls: string[] = [];
  Object.assign(window, {
    __play: calls,
    getDigitalGoodsService: (method: string) => {
      calls.push(`service ${method}`);
      return Promise.resolve({
        getDetails: (ids: string[]) => {
          calls.push(`details ${ids.join(',')}`);
          return Promise.resolve(
            ids.map((itemId) => ({ itemId, title: 'Logbook', price: { currency: 'USD', value: '12.00' } })),
          );
        },
      });
    },
    PaymentRequest: class {
      constructor(readonly methods: { supportedMethods: string; data: { sku: string } }[]) {}
      show() {
        const [method] = this.methods;
        calls.push(`sheet ${method?.supportedMethods ?? ''} ${method?.data.sku ?? ''}`);
        return Promise.resolve({
          details: { purchaseToken: token },
          complete: (result: string) => {
            calls.push(`complete ${result}`);
            return Promise.resolve();
          },
        });
      }
    },
  });
}

interface Launch {
  baseURL: string | undefined;
  userAgent: string;
  /** Where the wrapper opens the app (the TWA's start URL carries its launch marker). */
  startUrl: string;
  /** Play's sheet in the page, answering this purchase token. */
  playToken?: string;
}

/**
 * A new member in a fresh browser launched as `launch` says, signed in, with the demo logbook in
 * the cart and the checkout filled in: the page is /payment, each step a full load as after the
 * wrapper reopens the app (the launch marker and referrer are gone by then).
 */
async function atPayment(browser: Browser, launch: Launch): Promise<Page> {
  const context = await browser.newContext({ baseURL: launch.baseURL, userAgent: launch.userAgent });
  if (launch.playToken) await context.addInitScript(playInThePage, launch.playToken);
  const page = await context.newPage();
  await page.goto(launch.startUrl);
  await signInThroughDialog(page, await registerMember(page.request, 'stores'));
  await page.goto(`/product/${LOGBOOK.id}`);
  await page.getByRole('button', { name: `${texts.addToCart}: ${LOGBOOK.name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: texts.inCart }).first()).toBeVisible();
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: texts.fieldName }).fill('Wren Whimbrel');
  await expect(page.getByTestId('order-total')).toHaveText('$12.00', { timeout: 30_000 });
  await page.getByRole('button', { name: texts.toPayment }).click();
  await expect(page.getByRole('heading', { level: 1, name: labels.payment })).toBeVisible();
  return page;
}

test('the well-known files name the Android app and the iOS app from the config', async ({ request }) => {
  const links = await request.get('/.well-known/assetlinks.json');
  expect(links.status()).toBe(200);
  expect(links.headers()['content-type']).toMatch(/^application\/json/);
  expect(await links.json()).toEqual(
    assetLinks(product, [{ name: 'e2e', value: e2eSigning.androidFingerprint }]),
  );
  const apple = await request.get('/.well-known/apple-app-site-association');
  expect(apple.status()).toBe(200);
  expect(apple.headers()['content-type']).toMatch(/^application\/json/);
  expect(await apple.json()).toEqual(appleAppSiteAssociation(product, e2eSigning.appleTeamId));
});

test('the Android app pays a logbook through Google Play, which the server verifies and acknowledges', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The same port and key file playwright.config.ts gave the server.
  const port = Number(process.env.E2E_PLAY_STUB_PORT);
  const keyFile = e2eServiceAccountFile(process.env.FIELDMARK_DATA_DIR ?? '', port);
  const google = await startGooglePlayStub(keyFile, port, product.appId);
  try {
    const token = `e2e-play-${Date.now().toString(36)}`;
    google.sell(SKU, token);
    const page = await atPayment(browser, {
      baseURL,
      userAgent: userAgents.android,
      startUrl: product.launch.twa,
      playToken: token,
    });
    await expect(page.getByText(texts.playHandOver)).toBeVisible();
    // The button is disabled while the prices are checked; checked in its final colours, not while
    // its background is still changing from the disabled grey.
    const pay = page.getByRole('button', { name: 'Pay $12.00' });
    await expect(pay).toBeEnabled();
    await expectNoSeriousViolations(page, '/payment in the Android app');
    await pay.click();

    await expect(page).toHaveURL(/\/fulfilment\/[0-9a-f-]+\/success$/, { timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { __play: string[] }).__play)).toEqual([
      'service https://play.google.com/billing',
      `details ${SKU}`,
      `sheet https://play.google.com/billing ${SKU}`,
      'complete success',
    ]);
    expect(google.acknowledged(SKU, token)).toBe(true);
    await page.getByRole('link', { name: logbookTexts.goToMine }).click();
    await expect(page.getByRole('main').getByRole('list', { name: logbookTexts.myList })).toContainText(
      LOGBOOK.name,
      { timeout: 30_000 },
    );
    await page.context().close();
  } finally {
    await google.close();
  }
});

test('the iOS shell does not sell digital goods: no pay button, the reason instead', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const shell = await atPayment(browser, {
    baseURL,
    userAgent: userAgents.iosShell,
    startUrl: product.launch.ios,
  });
  await expect(shell.getByText(texts.iosDigitalGoods)).toBeVisible();
  await expect(shell.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await expectNoSeriousViolations(shell, '/payment in the iOS shell');
  await shell.context().close();
});

test("Chrome on Android outside the app is a browser: the shop's provider, though Play's service is there", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await atPayment(browser, {
    baseURL,
    userAgent: userAgents.android,
    startUrl: '/',
    playToken: 'never-used',
  });
  await expect(page.getByText(texts.handOver)).toBeVisible();
  await expect(page.getByText(texts.playHandOver)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay $12.00' })).toBeEnabled();
  await page.context().close();
});
