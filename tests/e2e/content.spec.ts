/**
 * Terms, privacy and help end to end (issue 23 item 3), in real Chromium against the real server,
 * whose start-up seeded the pages and help topics: the terms and the privacy policy open over the
 * Register dialog without losing what was typed, and from their routes and the menu; help lists its
 * subjects and a topic opens; after one online visit they open offline; axe finds no serious or
 * critical violation on any of these screens.
 */
import { expect, test, type Page } from '@playwright/test';
import { contentTexts } from '../../src/features/cms/contentTexts';
import { labels } from '../../src/app/labels';
import { messages } from '../../src/contract/messages';
import { expectNoSeriousViolations } from './support/axe';
import { serviceWorkerInControl } from './support/member';

const TEMPLATE_NOTE = 'Template: the operator of this installation must review and adapt this page.';

async function openRegister(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: messages.signUp, exact: true }).click();
  const register = page.getByRole('dialog', { name: messages.registerTitle });
  await expect(register).toBeVisible();
  return register;
}

test('the terms and the privacy policy open over the Register dialog, which keeps what was typed', async ({
  page,
}) => {
  const register = await openRegister(page);
  const typed = {
    [messages.fieldName]: 'Jenny Wren',
    [messages.fieldNickname]: 'wren',
    [messages.fieldEmail]: 'jenny@example.org',
    [messages.fieldPassword]: 'Feathers12',
    [messages.fieldConfirmPassword]: 'Feathers12',
  };
  for (const [label, value] of Object.entries(typed)) {
    await register.getByLabel(label, { exact: true }).fill(value);
  }
  await register.getByRole('checkbox', { name: messages.termsLabel }).check();

  await register.getByRole('link', { name: messages.termsLink }).click();
  const terms = page.getByRole('dialog', { name: 'Terms & Conditions' });
  await expect(terms).toBeVisible();
  await expect(terms.getByText(TEMPLATE_NOTE)).toBeVisible();
  await expect(terms.getByRole('heading', { level: 3, name: 'Your account', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'the terms over the Register dialog');
  await terms.getByRole('button', { name: messages.close }).last().click();
  await expect(terms).toBeHidden();

  await register.getByRole('link', { name: messages.privacyLink }).click();
  const privacy = page.getByRole('dialog', { name: 'Privacy Policy' });
  await expect(privacy.getByRole('heading', { level: 3, name: 'Deleting your account' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the privacy policy over the Register dialog');
  await page.keyboard.press('Escape');
  await expect(privacy).toBeHidden();

  // Back in the form, nothing was lost and the address never changed.
  await expect(register).toBeVisible();
  for (const [label, value] of Object.entries(typed)) {
    await expect(register.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  await expect(register.getByRole('checkbox', { name: messages.termsLabel })).toBeChecked();
  await expect(page).toHaveURL(/\/$/);
});

test('the terms and the privacy policy open from their routes and from the menu', async ({ page }) => {
  await page.goto('/general-content-page/terms-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  await expect(page.getByText(TEMPLATE_NOTE)).toBeVisible();
  await expect(page.getByText(/^Last updated /)).toBeVisible();
  await expectNoSeriousViolations(page, 'the terms page');

  // A link inside the terms to the privacy policy is followed inside the app.
  await page.getByRole('article').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/general-content-page\/privacy-policy$/);
  const policy = page.getByRole('article');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  for (const section of [
    'What we keep, and why',
    'Photos and their location data',
    'Deleting your account',
  ]) {
    await expect(policy.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expect(policy).toContainText('argon2id');
  await expectNoSeriousViolations(page, 'the privacy policy page');

  await page.goto('/general-content-page/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: messages.pageNotFoundTitle })).toBeVisible();

  // The Useful menu leads to both (wide screen: the side menu).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/species');
  const menu = page.getByRole('navigation', { name: messages.sideMenuLabel });
  await menu.getByRole('link', { name: labels.termsAndConditions }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  await menu.getByRole('link', { name: labels.privacyPolicy }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});

test('help lists its subjects and a topic opens', async ({ page }) => {
  await page.goto('/general-help');
  await expect(page.getByRole('heading', { level: 1, name: contentTexts.helpTitle })).toBeVisible();
  const subjects = page.getByRole('list', { name: contentTexts.helpSubjects });
  for (const subject of [
    'Recording sightings',
    'Offline and sync',
    'Lifers, region and animal groups',
    'Privacy',
  ]) {
    await expect(subjects.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  }
  await expectNoSeriousViolations(page, 'the help subjects');

  await subjects.getByRole('link', { name: 'Lifers', exact: true }).click();
  await expect(page).toHaveURL(/\/general-help\/lists\?topic=lifers$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lifers, region and animal groups' }),
  ).toBeVisible();
  const lifers = page.getByRole('button', { name: 'Lifers', exact: true });
  await expect(lifers).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('is your first sighting of a species')).toBeVisible();

  // Another topic opens in place, and the address follows it.
  await page.getByRole('button', { name: 'Choosing your region and animal groups' }).click();
  await expect(page.getByText('Fieldmark shows and searches the species of')).toBeVisible();
  await expect(page).toHaveURL(/\?topic=region-and-animal-groups$/);
  await expect(lifers).toHaveAttribute('aria-expanded', 'false');
  await expectNoSeriousViolations(page, 'a help subject with a topic open');

  await page.getByRole('link', { name: contentTexts.helpAllSubjects }).click();
  await expect(page.getByRole('heading', { level: 1, name: contentTexts.helpTitle })).toBeVisible();
});

test('after one online visit the pages and every help topic open offline', async ({ page, context }) => {
  await page.goto('/general-content-page/terms-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  await page.goto('/general-help');
  await expect(page.getByRole('list', { name: contentTexts.helpSubjects })).toBeVisible();
  await serviceWorkerInControl(page);

  await context.setOffline(true);
  await page.goto('/general-content-page/terms-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  await expect(page.getByText(contentTexts.contentOfflineCopy)).toBeVisible();
  await expect(page.getByText(TEMPLATE_NOTE)).toBeVisible();
  await expectNoSeriousViolations(page, 'the terms offline');

  // A help topic never opened: the one visit to /general-help saved all of them.
  await page.goto('/general-help/privacy?topic=hidden-coordinates');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await expect(page.getByText(contentTexts.contentOfflineCopy)).toBeVisible();
  await expect(page.getByText('the server does not send them the coordinate at all')).toBeVisible();

  // A page never opened online says so.
  await page.goto('/general-content-page/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: contentTexts.contentNotSaved })).toBeVisible();
  await expect(page.getByText(contentTexts.contentNotSavedBody)).toBeVisible();
  await expectNoSeriousViolations(page, 'a page never opened online, offline');

  // The Register dialog's terms open offline too, over the form.
  const register = await openRegister(page);
  await register.getByRole('link', { name: messages.termsLink }).click();
  await expect(
    page.getByRole('dialog', { name: 'Terms & Conditions' }).getByText(TEMPLATE_NOTE),
  ).toBeVisible();
  await context.setOffline(false);
});
