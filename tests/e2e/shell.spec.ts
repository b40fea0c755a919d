/**
 * The shell end to end, in real Chromium against the real server and the built PWA: the mobile
 * menu's disabled items and its back-to-exit prompt, the page guard refusing a member who is no
 * admin, and axe (WCAG 2.0/2.1 A and AA) on the mobile menu and the side menu, signed out and in:
 * no serious or critical violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { labels } from '../../src/app/labels';
import { formatMessage, messages } from '../../src/contract/messages';
import { product } from '../../src/config/product';
import { expectNoSeriousViolations } from './support/axe';
import { putOffConfigNotice } from './support/member';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A member created through the API, then signed in through the Login dialog like a person. */
async function signInAsNewMember(page: Page): Promise<string> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `shell-${stamp}@example.org`;
  const nickname = `Kestrel${stamp.slice(-5)}`;
  const password = 'Hovering12';
  const response = await page.request.post('/api/v1.0/register', {
    data: { firstname: 'Kes Trel', nickname, username: email, password, terms_accepted: true },
  });
  expect(response.ok(), await response.text()).toBe(true);

  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: messages.signIn, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: messages.signInTitle });
  await dialog.getByLabel(messages.fieldEmail, { exact: true }).fill(email);
  await dialog.getByLabel(messages.fieldPassword, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: messages.signIn, exact: true }).click();
  await expect(dialog).toBeHidden();
  // A first sign-in in this browser opens Customize Your Experience by itself (onboarding.spec.ts).
  await putOffConfigNotice(page);
  await expect(page.getByRole('banner')).toContainText(nickname);
  return nickname;
}

test('a guest tapping a menu item that needs an account is told so', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/menu');
  const menu = page.getByRole('navigation', { name: messages.appMenuLabel });
  await expect(menu.getByRole('region', { name: labels.rowQuick })).toBeVisible();
  await expectNoSeriousViolations(page, 'the mobile menu, signed out');

  const logSighting = menu
    .getByRole('region', { name: labels.rowQuick })
    .getByRole('button', { name: labels.logSighting });
  await expect(logSighting).toBeDisabled(); // aria-disabled: announced as unavailable
  // A tap still reaches it (it stays focusable and clickable); force skips Playwright's wait for
  // an enabled element, which is exactly what this item is not.
  await logSighting.click({ force: true });
  await expect(page.getByRole('alert')).toHaveText(
    formatMessage(messages.needAccount, { title: labels.logSighting }),
  );
  await expect(page).toHaveURL(/\/menu$/);
});

test("back on /menu asks 'Press back again to exit', and a second press leaves", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/general-help');
  await page.goto('/menu');
  const menu = page.getByRole('navigation', { name: messages.appMenuLabel });
  await expect(menu).toBeVisible();
  // A first tap on the page: the menu keeps its back guard only after a user activation.
  await menu.getByRole('heading', { level: 1 }).click();

  await page.goBack();
  await expect(page.getByRole('alert')).toHaveText(messages.pressBackToExit);
  await expect(page).toHaveURL(/\/menu$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/general-help$/);
});

test("a member who is no admin opening /admin-users sees 'Sorry, You aren't authorised to access this page.'", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInAsNewMember(page);
  await page.goto('/admin-users');
  await expect(page.getByRole('alert')).toHaveText(messages.notAuthorised);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: labels.users })).toHaveCount(0);
});

test('the side menu passes axe signed out and signed in, and follows the session', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await page.goto('/species');
  const sideMenu = page.getByRole('navigation', { name: messages.sideMenuLabel });
  await expect(sideMenu.getByRole('button', { name: messages.signUp, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: labels.species })).toBeVisible();
  // Only the menu: axe over the whole species list while its sync writes took over 60 s under load
  // (species.spec checks that page).
  await expectNoSeriousViolations(page, 'the side menu, signed out', 'nav');

  const nickname = await signInAsNewMember(page);
  await page.goto('/species');
  await expect(sideMenu.getByRole('link', { name: nickname })).toHaveAttribute('href', '/profile');
  await expect(sideMenu.getByRole('link', { name: labels.friendsAndGroups })).toBeVisible();
  await expect(sideMenu.getByRole('list', { name: labels.menuAdministration })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'the side menu, signed in', 'nav');

  // The avatar and nickname open the member's own profile, read from GET users/{id}.
  await sideMenu.getByRole('link', { name: nickname }).click();
  await expect(page.getByRole('heading', { level: 1, name: nickname })).toBeVisible();
  await expect(page.getByRole('link', { name: messages.profileEdit })).toHaveAttribute(
    'href',
    '/user-profile',
  );

  // On '' the side menu gives way to the welcome page; the app bar links to the menu.
  await page.getByRole('banner').getByRole('link', { name: product.name }).click();
  await expect(sideMenu).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: messages.openMenu }).click();
  await expect(page.getByRole('navigation', { name: messages.appMenuLabel })).toBeVisible();
  await expectNoSeriousViolations(page, 'the mobile menu, signed in, on a wide screen');
});
