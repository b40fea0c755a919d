import { expect, test } from '@playwright/test';
import { product } from '../../src/config/product';
import { checkUntilNewVersion, deployServiceWorker, restoreServiceWorker } from './support/deploy';
import { serviceWorkerInControl } from './support/member';

test.afterEach(() => {
  restoreServiceWorker();
});

test('the web manifest makes the app installable', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as Record<string, unknown> & {
    icons: { sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: product.name,
    short_name: product.shortName,
    display: 'standalone',
    start_url: '/',
    theme_color: product.themeColor,
  });
  expect(manifest.icons.map((icon) => `${icon.sizes}:${icon.purpose ?? 'any'}`)).toEqual(
    expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']),
  );
  for (const icon of manifest.icons as unknown as { src: string }[]) {
    expect((await request.get(icon.src)).headers()['content-type']).toContain('image/png');
  }
});

test('after one online visit the shell loads with the network cut, deep links included', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await serviceWorkerInControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A deep link the browser has never loaded before is answered by the navigation fallback.
  await page.goto('/general-content-page/terms-conditions');
  await expect(page.getByRole('banner')).toContainText(product.name);
  await context.setOffline(false);
});

test('the API is never answered from the service worker cache', async ({ page, context }) => {
  await page.goto('/');
  await serviceWorkerInControl(page);
  await context.setOffline(true);
  const status = await page.evaluate(async () => {
    try {
      const response = await fetch('/api/v1.0/health');
      return response.status;
    } catch {
      return 'network-error';
    }
  });
  expect(status).toBe('network-error');
  await context.setOffline(false);
});

test('a new version is offered, and applied only when the member presses Reload', async ({
  page,
  context,
}) => {
  await context.addInitScript(() => {
    // Not there in a page that is no secure context.
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      sessionStorage.setItem('controller-changed', 'yes');
    });
  });
  await page.goto('/');
  await serviceWorkerInControl(page);

  deployServiceWorker(1);
  await checkUntilNewVersion(page);
  const prompt = page.getByText(`A new version of ${product.name} is available.`);
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  // Not applied on its own: the new version waits while the member has not answered.
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
  ).toBe('installed');

  // The page reloads only once the new version controls it (serviceWorkerLifecycle.ts): the
  // document that was reloaded saw the controller change.
  await page.evaluate(() => {
    sessionStorage.removeItem('controller-changed');
  });
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('controller-changed'))).toBe('yes');
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
});
