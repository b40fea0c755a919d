/**
 * Places and field guides for a member (issue 15), in Chromium against the real server: a member at
 * Satara camp opens /locations and sees Kruger National Park first (they are inside it), opens it,
 * likes it (the like reaches the server through the hotspot_likes sync), opens the guide working
 * there, then with the network cut reloads the place and the guide and still sees them, the guide
 * link and the like. axe finds no serious or critical violation on the four pages. The guide is
 * the test's own, created through the API by the e2e admin (the demo has no guides). On
 * /global-map, offline, the places layer draws a place the device keeps and a tap on it opens it.
 */
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { labels } from '../../src/app/labels';
import { mapTexts } from '../../src/features/map/texts';
import type { FieldGuideResponse } from '../../src/contract/places';
import { placeTexts } from '../../src/features/places/texts';
import type { PullResponse } from '../../src/contract/sync';
import { e2eAdmin } from './support/admin';
import { expectNoSeriousViolations } from './support/axe';
import { serviceWorkerInControl, signedInMember, type E2eMember } from './support/member';
import { present } from '../../src/test/present';

/** Satara camp, inside Kruger National Park. */
const SATARA = { latitude: -24.39, longitude: 31.78 };
const KRUGER = 'kruger-national-park';

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1.0/login', {
    data: { username: e2eAdmin.email, password: e2eAdmin.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { auth_token: string }).auth_token;
}

async function likedOnServer(request: APIRequestContext, member: E2eMember): Promise<boolean> {
  const pulled = await request.get('/api/v1.0/collection/hotspot_likes?last_mod=0', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  const { records } = (await pulled.json()) as PullResponse;
  return records.some((record) => !record.deleted && record.data.hotspot_id === KRUGER && record.data.liked);
}

test('a member finds the place they are in, likes it, and opens it and its guide offline', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    permissions: ['geolocation'],
    geolocation: SATARA,
  });
  const page = await context.newPage();

  const token = await adminToken(page.request);
  const guideName = `Satara Guiding ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/v1.0/field_guides', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: guideName,
      about: 'Morning drives from Satara.',
      phone: '+27 13 000 0000',
      email: 'drives@example.org',
      languages: ['English'],
      latitude: -24.4,
      longitude: 31.77,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const guideId = ((await created.json()) as FieldGuideResponse).field_guide.field_guide_id;
  const linked = await page.request.put(`/api/v1.0/hotspots/${KRUGER}/guides`, {
    headers: { authorization: `Bearer ${token}` },
    data: { field_guide_id: guideId },
  });
  expect(linked.ok(), await linked.text()).toBe(true);

  const member = await signedInMember(page, 'places');
  await serviceWorkerInControl(page);
  const main = page.getByRole('main');

  await page.goto('/locations');
  await expect(main.getByRole('heading', { level: 1, name: labels.places })).toBeVisible();
  const list = main.getByRole('list', { name: placeTexts.placesList });
  await expect(list.getByRole('listitem').first()).toContainText('Kruger National Park', { timeout: 30_000 });
  await expect(list.getByRole('listitem').first()).toContainText(placeTexts.here);
  await expectNoSeriousViolations(page, 'the places list', 'main');

  await list.getByRole('link', { name: /Kruger National Park/ }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Kruger National Park' })).toBeVisible();
  await expect(main.getByRole('link', { name: guideName })).toBeVisible();
  await main.getByRole('button', { name: placeTexts.like }).click();
  await expect(main.getByRole('button', { name: placeTexts.unlike })).toBeVisible();
  await expectNoSeriousViolations(page, 'a place', 'main');
  await expect.poll(() => likedOnServer(page.request, member), { timeout: 30_000 }).toBe(true);

  await main.getByRole('link', { name: guideName }).click();
  await expect(main.getByRole('heading', { level: 1, name: guideName })).toBeVisible();
  await expect(main.getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+27130000000');
  await expectNoSeriousViolations(page, 'a field guide', 'main');

  await page.goto('/fieldguides');
  await expect(main.getByRole('list', { name: placeTexts.guidesList })).toContainText(guideName);
  await expectNoSeriousViolations(page, 'the field guides list', 'main');

  // The network cut: the place, its guide and the like come from the device.
  await context.setOffline(true);
  await page.goto(`/hotspot-overview/${KRUGER}`);
  await expect(main.getByRole('heading', { level: 1, name: 'Kruger National Park' })).toBeVisible();
  await expect(main.getByRole('button', { name: placeTexts.unlike })).toBeVisible();
  await expect(main.getByText(placeTexts.ratingsOffline)).toBeVisible();
  await main.getByRole('link', { name: guideName }).click();
  await expect(main.getByRole('heading', { level: 1, name: guideName })).toBeVisible();
  await page.goto('/locations');
  await expect(
    main.getByRole('list', { name: placeTexts.placesList }).getByRole('listitem').first(),
  ).toContainText('Kruger National Park');
  await context.close();
});

/** Web Mercator y of a latitude, as a share of the world's height from the top (0–1). */
const mercatorY = (latitude: number) =>
  0.5 - Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360)) / (2 * Math.PI);

/** Where a point is drawn on a resting map, from the map's `data-center` and `data-zoom`. */
async function pixelOf(map: Locator, point: { latitude: number; longitude: number }) {
  const center = present(await map.getAttribute('data-center'), "the map's data-center")
    .split(',')
    .map(Number);
  const centerLng = present(center[0], "the centre's longitude");
  const centerLat = present(center[1], "the centre's latitude");
  const world = 512 * 2 ** Number(await map.getAttribute('data-zoom'));
  const box = present(await map.boundingBox(), "the map's box");
  return {
    x: box.width / 2 + ((point.longitude - centerLng) / 360) * world,
    y: box.height / 2 + (mercatorY(point.latitude) - mercatorY(centerLat)) * world,
  };
}

test('the places layer of /global-map draws a kept place offline, and a tap opens it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const token = await adminToken(page.request);
  // In the open Atlantic, far from the demo parks, so at the world's zoom it is a point of its own.
  const place = { latitude: -20, longitude: -20 };
  const id = `e2e-map-${Date.now().toString(36)}`;
  const created = await page.request.put(`/api/v1.0/hotspots/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Map Place ${id}`, description: 'A test place.', ...place },
  });
  expect(created.status(), await created.text()).toBe(201);

  try {
    await signedInMember(page, 'placesmap');
    await serviceWorkerInControl(page);
    const main = page.getByRole('main');
    // Opened once online, the place is kept on the device.
    await page.goto(`/hotspot-overview/${id}`);
    await expect(main.getByRole('heading', { level: 1, name: `Map Place ${id}` })).toBeVisible();

    await context.setOffline(true);
    await page.goto('/global-map');
    await expect(main.getByRole('status').filter({ hasText: /places? on the map/ })).toBeVisible();
    const map = page.locator('[data-map-state]');
    await expect(map).toHaveAttribute('data-map-state', 'idle', { timeout: 30_000 });
    await expect(map).toHaveAttribute('data-basemap', 'loaded');
    const canvas = page.getByRole('region', { name: mapTexts.mapOfYourSightings });
    await canvas.click({ position: await pixelOf(map, place) });
    await expect(page).toHaveURL(new RegExp(`/hotspot-overview/${id}$`));
    await expect(main.getByRole('heading', { level: 1, name: `Map Place ${id}` })).toBeVisible();
  } finally {
    await context.setOffline(false);
    await page.request.delete(`/api/v1.0/hotspots/${id}`, { headers: { authorization: `Bearer ${token}` } });
    await context.close();
  }
});
