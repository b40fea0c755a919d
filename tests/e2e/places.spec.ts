/**
 * Places and field guides for a member (issue 15), in Chromium against the real server: a member at
 * Satara camp opens /locations and sees Kruger National Park first (they are inside it), opens it,
 * likes it (the like reaches the server through the hotspot_likes sync), opens the guide working
 * there, then with the network cut reloads the place and the guide and still sees them, the guide
 * link and the like. axe finds no serious or critical violation on the four pages. The guide is
 * the test's own, created through the API by the e2e admin (the demo has no guides).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { labels } from '../../src/contract/labels';
import type { FieldGuideResponse } from '../../src/contract/places';
import { placeTexts } from '../../src/contract/placeTexts';
import type { PullResponse } from '../../src/contract/sync';
import { e2eAdmin } from './support/admin';
import { expectNoSeriousViolations } from './support/axe';
import { serviceWorkerInControl, signedInMember, type E2eMember } from './support/member';

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
