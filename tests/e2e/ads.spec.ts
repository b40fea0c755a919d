/**
 * Ads end to end (issue 18; docs/ads.md), in real Chromium against the real server: a member given
 * the permission admin-ads creates a newsfeed ad on /admin-ads-detail; another member sees it
 * labelled Sponsored in /newsfeed, looks at it and opens it; the view and the click reach the ad's
 * stats; a member without the permission is refused on /admin-ads with the spec's message. axe
 * finds no serious or critical violation on the new pages.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { AdStatsResponse } from '../../src/contract/ads';
import { adsTexts as texts } from '../../src/features/ads/adsTexts';
import { labels } from '../../src/app/labels';
import { messages } from '../../src/contract/messages';
import { e2eAdmin } from './support/admin';
import { expectNoSeriousViolations } from './support/axe';
import { registerMember, signInThroughDialog, type E2eMember } from './support/member';
import { present } from '../../src/test/present';

const suffix = Date.now().toString(36);

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1.0/login', {
    data: { username: e2eAdmin.email, password: e2eAdmin.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { auth_token: string }).auth_token;
}

async function signedInPage(browser: Browser, member: E2eMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await signInThroughDialog(page, member);
  return page;
}

test('an ads admin creates a newsfeed ad, a member sees it Sponsored, and its view reaches the stats', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const adsAdmin = await registerMember(request, 'e2e-ads-admin');
  const granted = await request.put(`/api/v1.0/admin/users/${adsAdmin.userId}`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { permissions: { 'admin-ads': ['r', 'c', 'u', 'd'] } },
  });
  expect(granted.ok(), await granted.text()).toBe(true);

  const admin = await signedInPage(browser, adsAdmin);
  await admin.goto('/admin-ads');
  await expect(admin.getByRole('heading', { level: 1, name: labels.ads })).toBeVisible();
  await expect(admin.getByRole('searchbox', { name: texts.searchAds })).toBeVisible();
  await expectNoSeriousViolations(admin, 'the ads table');

  const title = `Binoculars ${suffix}`;
  await admin.getByRole('link', { name: texts.newAd }).click();
  await expect(admin.getByRole('heading', { level: 1, name: labels.adDetails })).toBeVisible();
  await admin.getByRole('button', { name: texts.save }).click();
  await expect(admin.getByText(texts.problemTitle)).toBeVisible();
  await admin.getByRole('textbox', { name: texts.fieldTitle }).fill(title);
  await admin
    .getByRole('textbox', { name: texts.fieldText, exact: true })
    .fill('Bright 8x42 glasses for dawn.');
  await admin.getByRole('textbox', { name: texts.fieldLink }).fill('https://optics.example.com/sale');
  await expectNoSeriousViolations(admin, 'the ad form');
  await admin.getByRole('button', { name: texts.save }).click();
  await expect(admin.getByRole('alert').filter({ hasText: texts.created }).first()).toBeVisible();
  await expect(admin).toHaveURL(/\/admin-ads-detail\/[0-9a-f-]{36}$/);
  const adId = present(admin.url().split('/').pop(), 'the ad id');
  await expect(admin.getByText(texts.statsEmpty)).toBeVisible();

  // A member reads the newsfeed (with a post of their own, so it has an item to stand beside).
  const reader = await registerMember(request, 'e2e-ads-reader');
  const posted = await request.put('/api/v1.0/newsfeed', {
    headers: { authorization: `Bearer ${reader.token}` },
    data: { text: `Kingfisher at the weir ${suffix}` },
  });
  expect(posted.ok(), await posted.text()).toBe(true);
  const page = await signedInPage(browser, reader);
  await page.goto('/newsfeed');
  const card = page.getByRole('complementary', { name: `${texts.sponsored}: ${title}` });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeVisible();
  await expect(card.getByText(texts.sponsored, { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'the newsfeed with an ad', 'main');

  // Opening the ad ends the visible spell: its totals and the click go out under one view id.
  const viewSent = page.waitForResponse(
    (response) => response.url().includes(`/ads/${adId}/view/`) && response.request().method() === 'PUT',
  );
  await card.getByRole('link').click();
  expect((await viewSent).ok()).toBe(true);
  await expect(page).toHaveURL(/\/newsfeed-ad-view\?ad_id=/);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  const visit = page.getByRole('link', { name: texts.visit });
  await expect(visit).toHaveAttribute('href', 'https://optics.example.com/sale');
  await expect(visit).toHaveAttribute('rel', 'noopener noreferrer sponsored');
  await expectNoSeriousViolations(page, 'the ad page');

  const stats = (await (
    await request.get(`/api/v1.0/ads/${adId}/stats`, {
      headers: { authorization: `Bearer ${adsAdmin.token}` },
    })
  ).json()) as AdStatsResponse;
  expect(stats.totals.views).toBe(1);
  expect(stats.totals.clicks).toBe(1);
  expect(stats.totals.view_time).toBeGreaterThan(0);

  await admin.reload();
  const table = admin.getByRole('table', { name: texts.statsTitle });
  const today = table.getByRole('row', { name: new RegExp(present(stats.days[0], 'a day of figures').day) });
  await expect(today.getByRole('cell').nth(1)).toHaveText('1');
  await expect(today.getByRole('cell').nth(3)).toHaveText('1');
  await expectNoSeriousViolations(admin, 'the ad with its stats');
  await admin.context().close();
  await page.context().close();
});

test('a member without the permission is refused on /admin-ads with the spec message', async ({
  browser,
  request,
}) => {
  const member = await registerMember(request, 'e2e-ads-refused');
  const page = await signedInPage(browser, member);
  await page.goto('/admin-ads');
  await expect(page.getByRole('alert').filter({ hasText: messages.notAuthorised })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const answer = await request.get('/api/v1.0/ads', { headers: { authorization: `Bearer ${member.token}` } });
  expect(answer.status()).toBe(403);
  await page.context().close();
});
