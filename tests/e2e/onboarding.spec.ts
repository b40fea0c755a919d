/**
 * What a new member meets first (issue 23), end to end in real Chromium against the real server
 * and the built PWA:
 * - joining opens Customize Your Experience by itself, once: saved, it never opens again (not on a
 *   reload, not at the next sign-in), and the welcome page shows the next steps, which lead on;
 * - on a 390 px phone, where there is no side menu, an admin reaches their profile (with its
 *   stats), Global Map, Share the app and an admin page through the app bar and /menu;
 * - at 360 px nothing in the app bar is cut short: signed out, signed in with a long nickname, and
 *   with a sighting waiting to be uploaded;
 * - axe (WCAG 2.0/2.1 A and AA) finds no serious or critical violation on each of those screens.
 */
import { expect, test, type Page } from '@playwright/test';
import { labels } from '../../src/app/labels';
import { recordingTexts } from '../../src/features/observations/texts';
import { formatMessage, messages } from '../../src/contract/messages';
import { sightingTexts } from '../../src/features/observations/texts';
import { demoSpecies } from '../../src/features/species/testSpecies';
import { e2eAdmin } from './support/admin';
import { expectNoSeriousViolations } from './support/axe';
import { configNoticeIsOn, putSpeciesOnDevice, signInThroughDialog } from './support/member';

const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 };
const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 740 };

/**
 * The app bar's text that does not fit: an element showing text whose content is wider than its
 * box (an ellipsis, a clipped word) or that sticks out of the window. Hidden elements (the
 * nickname and labels kept for assistive technology below their breakpoint) do not count.
 */
function cutShortInBanner(page: Page): Promise<string[]> {
  return page.getByRole('banner').evaluate((banner) => {
    const found: string[] = [];
    if (banner.scrollWidth > banner.clientWidth) found.push(`the bar (${banner.scrollWidth} px)`);
    for (const element of banner.querySelectorAll('*')) {
      if (!(element instanceof HTMLElement) || element.getClientRects().length === 0) continue;
      const text = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (text === '') continue;
      const box = element.getBoundingClientRect();
      if (element.scrollWidth > element.clientWidth || box.left < 0 || box.right > window.innerWidth) {
        found.push(`'${text}' (${element.scrollWidth} px in ${element.clientWidth} px)`);
      }
    }
    return found;
  });
}

test.describe('joining', () => {
  test.use({ permissions: ['geolocation'], geolocation: CAPE_TOWN });

  test('register → Customize Your Experience opens once → saved → the welcome page shows next steps', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const email = `joining-${stamp}@example.org`;
    const nickname = `Sanderling${stamp.slice(-4)}`;
    const password = 'Tideline2026';

    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: messages.signUp, exact: true }).click();
    const register = page.getByRole('dialog', { name: messages.registerTitle });
    await register.getByLabel(messages.fieldName, { exact: true }).fill('Sandy Erling');
    await register.getByLabel(messages.fieldNickname, { exact: true }).fill(nickname);
    await register.getByLabel(messages.fieldEmail, { exact: true }).fill(email);
    await register.getByLabel(messages.fieldPassword, { exact: true }).fill(password);
    await register.getByLabel(messages.fieldConfirmPassword, { exact: true }).fill(password);
    await register.getByRole('checkbox', { name: messages.termsLabel }).check();
    await register.getByRole('button', { name: messages.createAccount, exact: true }).click();
    await expect(register).toBeHidden();

    // The notice: Customize Your Experience opens by itself, says why, and finds the region.
    const notice = page.getByRole('dialog', { name: messages.configTitle });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(messages.configNoticeIntro);
    await expect(notice.getByRole('button', { name: `${messages.configRegion} Western Cape` })).toBeVisible();
    await expect(notice.getByRole('checkbox', { name: /Mammals/ })).toBeChecked();
    await expect(notice.getByRole('button', { name: messages.configNoticeLater, exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'the config notice', '[role="dialog"]');

    // Proceed starts the species sync with its popup; its requests wait until the popup is dealt
    // with, so a fast sync cannot close it before it is seen.
    let releaseSync: () => void = () => {};
    const syncHeld = new Promise<void>((resolve) => {
      releaseSync = resolve;
    });
    await context.route(/\/api\/v1\.0\/collection\/species\?/, async (route) => {
      await syncHeld;
      await route.fallback();
    });
    // From the keyboard: the welcome toast may sit over the dialog's buttons for a second.
    await notice.getByRole('button', { name: messages.configProceed, exact: true }).press('Enter');
    await expect(notice).toBeHidden();
    const popup = page.getByRole('dialog', { name: messages.speciesSyncTitle });
    await popup.getByRole('button', { name: messages.continueInBackground, exact: true }).click();
    await expect(popup).toBeHidden();
    releaseSync();
    await expect.poll(() => configNoticeIsOn(page)).toBe(false);

    // The welcome page: next steps instead of a dead end.
    const steps = page.getByRole('region', { name: messages.welcomeNextStepsTitle });
    await expect(steps).toBeVisible();
    await expect(page.getByText(formatMessage(messages.welcomeSignedIn, { nickname }))).toBeVisible();
    await expect(steps.getByRole('link', { name: messages.welcomeStepRecordAction })).toHaveAttribute(
      'href',
      '/species-observation',
    );
    await expect(steps).toContainText(
      formatMessage(messages.welcomeStepRegionHint, { region: 'Western Cape' }),
    );
    await expectNoSeriousViolations(page, 'the welcome page, signed in');

    // Once: a reload is no sign-in, and the next sign-in finds the notice done.
    await page.reload();
    await expect(steps).toBeVisible();
    await expect(notice).toHaveCount(0);
    await page.getByRole('banner').getByRole('link', { name: messages.logout, exact: true }).click();
    await page
      .getByRole('dialog', { name: messages.logoutTitle })
      .getByRole('button', { name: messages.logoutConfirmButton, exact: true })
      .click();
    await signInThroughDialog(page, { email, password, nickname }, { notice: 'keep' });
    // Nothing covers the page: the step's link is followed at once.
    await steps.getByRole('link', { name: messages.welcomeStepSpeciesAction }).click();
    await expect(page.getByRole('heading', { level: 1, name: labels.species })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});

test('on a 390 px phone an admin reaches the profile, Global Map, Share the app and an admin page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await signInThroughDialog(page, e2eAdmin);
  const banner = page.getByRole('banner');
  await page.goto('/species');
  await expect(page.getByRole('heading', { level: 1, name: labels.species })).toBeVisible();
  await expect(page.getByRole('navigation', { name: messages.sideMenuLabel })).toHaveCount(0);

  // The avatar opens the profile, which shows the member's stats itself.
  await banner.getByRole('link', { name: e2eAdmin.nickname }).click();
  await expect(page.getByRole('heading', { level: 1, name: e2eAdmin.nickname })).toBeVisible();
  await expect(page.getByRole('region', { name: labels.stats })).toContainText(sightingTexts.statsEmpty);
  await expectNoSeriousViolations(page, 'the own profile with its stats, on a phone');

  const openMenu = async () => {
    await banner.getByRole('link', { name: messages.openMenu }).click();
    const menu = page.getByRole('navigation', { name: messages.appMenuLabel });
    await expect(menu).toBeVisible();
    return menu;
  };

  let menu = await openMenu();
  const admin = menu.getByRole('region', { name: labels.menuAdministration });
  await expect(admin.getByRole('link')).toHaveCount(10);
  await expectNoSeriousViolations(page, 'the menu of an admin, on a phone');
  await admin.getByRole('link', { name: labels.users, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: labels.users })).toBeVisible();

  menu = await openMenu();
  await menu
    .getByRole('region', { name: labels.rowExplore })
    .getByRole('link', { name: labels.globalMap, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: labels.globalMap })).toBeVisible();

  menu = await openMenu();
  await menu.getByRole('button', { name: messages.shareApp, exact: true }).click();
  const share = page.getByRole('dialog', { name: messages.shareTitle });
  await expect(share).toBeVisible();
  await share.getByRole('button', { name: messages.back, exact: true }).click();
  await expect(share).toBeHidden();
});

test('at 360 px nothing in the app bar is cut short: signed out, signed in, with an upload waiting', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(SMALL_PHONE);
  await page.goto('/species');
  await expect(page.getByRole('heading', { level: 1, name: labels.species })).toBeVisible();
  expect(await cutShortInBanner(page)).toEqual([]);
  await expectNoSeriousViolations(page, 'the app bar at 360 px, signed out', 'header');

  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const member = {
    email: `narrow-${stamp}@example.org`,
    password: 'Fenlands2026',
    nickname: `Marsh Harrier ${stamp.slice(-4)}`,
  };
  const registered = await page.request.post('/api/v1.0/register', {
    data: {
      firstname: 'Marsh Harrier',
      nickname: member.nickname,
      username: member.email,
      password: member.password,
      terms_accepted: true,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await signInThroughDialog(page, member);
  expect(await cutShortInBanner(page)).toEqual([]);
  await expect(page.getByRole('banner').getByRole('link', { name: member.nickname })).toHaveAttribute(
    'href',
    '/profile',
  );
  await expectNoSeriousViolations(page, 'the app bar at 360 px, signed in', 'header');

  // A sighting recorded offline waits to be uploaded: the counter joins the bar.
  const baldEagle = demoSpecies('Haliaeetus leucocephalus');
  await putSpeciesOnDevice(page, [baldEagle]);
  await page.goto(`/species/${baldEagle.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bald Eagle' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('main').getByRole('button', { name: recordingTexts.quickRecord }).click();
  await expect(page.getByTestId('unsynced-count')).toBeVisible();
  expect(await cutShortInBanner(page)).toEqual([]);
  await expectNoSeriousViolations(page, 'the app bar at 360 px, with an upload waiting', 'header');
  await context.setOffline(false);
  await expect(page.getByTestId('unsynced-count')).toBeHidden({ timeout: 30_000 });
});
