/**
 * Accounts end to end, in real Chromium against the real server and the built PWA: register →
 * logout → login → forgot password → follow the link in the newest mail (.eml in DATA_DIR/mail)
 * and type its pin → sign in with the new password. Every modal on the way is checked with axe
 * (WCAG 2.0/2.1 A and AA): no serious or critical violation.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { messages } from '../../src/contract/messages';
import { product } from '../../src/config/product';
import { linkIn, mailsTo, pinIn } from '../server/mailbox';
import { expectNoSeriousViolations } from './support/axe';
import { putOffConfigNotice } from './support/member';
import { present } from '../../src/test/present';

const dataDir = process.env.FIELDMARK_DATA_DIR;
// playwright.config.ts always sets it; without it the mail cannot be read, which is a failure, not a skip.
if (!dataDir) throw new Error('FIELDMARK_DATA_DIR is not set: run the specs through playwright.config.ts');
const mailDir = `${dataDir}/mail`;

function banner(page: Page): Locator {
  return page.getByRole('banner');
}

async function openSignIn(page: Page): Promise<Locator> {
  await banner(page).getByRole('button', { name: messages.signIn, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: messages.signInTitle });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const dialog = await openSignIn(page);
  await dialog.getByLabel(messages.fieldEmail, { exact: true }).fill(email);
  const passwordField = dialog.getByLabel(messages.fieldPassword, { exact: true });
  await passwordField.fill(password);
  await passwordField.press('Enter'); // SPEC: Sign In also on Enter
  await expect(dialog).toBeHidden();
}

async function logOut(page: Page, checkAccessibility = false): Promise<void> {
  await banner(page).getByRole('link', { name: messages.logout, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: messages.logoutTitle });
  await expect(dialog).toBeVisible();
  if (checkAccessibility) await expectNoSeriousViolations(page, 'the logout confirmation');
  await dialog.getByRole('button', { name: messages.logoutConfirmButton, exact: true }).click();
  await expect(banner(page).getByRole('button', { name: messages.signIn, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

test('register, log out, log in, reset the password by the mailed link, log in with the new one', async ({
  page,
}) => {
  const email = `wren-${Date.now()}@example.org`;
  const nickname = `Wren${Date.now() % 100_000}`;
  const firstPassword = 'Feathers12';
  const newPassword = 'Nestbox34!';

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expectNoSeriousViolations(page, 'the welcome page');

  // Register
  await banner(page).getByRole('button', { name: messages.signUp, exact: true }).click();
  const register = page.getByRole('dialog', { name: messages.registerTitle });
  await expect(register).toBeVisible();
  await expectNoSeriousViolations(page, 'the Register dialog');
  await register.getByLabel(messages.fieldName, { exact: true }).fill('Jenny Wren');
  await register.getByLabel(messages.fieldNickname, { exact: true }).fill(nickname);
  await register.getByLabel(messages.fieldEmail, { exact: true }).fill(`  ${email.toUpperCase()} `);
  await register.getByLabel(messages.fieldPassword, { exact: true }).fill(firstPassword);
  await register.getByLabel(messages.fieldConfirmPassword, { exact: true }).fill(firstPassword);
  await register.getByRole('button', { name: messages.createAccount, exact: true }).click();
  // The terms come first (SPEC §5): nothing is sent until they are accepted.
  await expect(page.getByRole('alert')).toHaveText(messages.registerTermsRequired);
  await register.getByRole('checkbox', { name: messages.termsLabel }).check();
  await register.getByRole('button', { name: messages.createAccount, exact: true }).click();
  await expect(register).toBeHidden();
  // Joining opens Customize Your Experience by itself (the config notice; onboarding.spec.ts).
  await putOffConfigNotice(page);
  await expect(banner(page)).toContainText(nickname);

  // The session survives a reload (restored from the key-value store before the first render).
  await page.reload();
  await expect(banner(page)).toContainText(nickname);

  await logOut(page, true);

  // Log in with the first password
  await openSignIn(page);
  await expectNoSeriousViolations(page, 'the Login dialog');
  await page.keyboard.press('Escape');
  await signIn(page, email, firstPassword);
  await expect(banner(page)).toContainText(nickname);
  await logOut(page);

  // Forgot password: the request leads on to Reset Password
  const login = await openSignIn(page);
  await login.getByLabel(messages.fieldEmail, { exact: true }).fill(email);
  await login.getByRole('button', { name: messages.forgottenPassword, exact: true }).click();
  const forgot = page.getByRole('dialog', { name: messages.forgotTitle });
  await expect(forgot).toBeVisible();
  await expect(forgot.getByLabel(messages.fieldEmail, { exact: true })).toHaveValue(email);
  await expectNoSeriousViolations(page, 'the Forgot Password dialog');
  await forgot.getByRole('button', { name: messages.requestResetPin, exact: true }).click();
  const resetInApp = page.getByRole('dialog', { name: messages.resetTitle });
  await expect(resetInApp).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(messages.forgotSent);
  await expectNoSeriousViolations(page, 'the Reset Password dialog');

  // …but the member follows the link in the mail instead, in the same tab.
  const resetMails = async () => (await mailsTo(mailDir, email)).filter((m) => /reset/i.test(m.subject));
  await expect.poll(async () => (await resetMails()).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const mail = present((await resetMails()).at(-1), 'a reset mail');
  const link = linkIn(mail);
  expect(link).toMatch(/\/\?action=forgotpassword&rid=/);
  await page.goto(link);
  const reset = page.getByRole('dialog', { name: messages.resetTitle });
  await expect(reset).toBeVisible();
  await expect(page).toHaveURL(/\/$/); // the rid leaves the address bar once taken
  await reset.getByLabel(messages.fieldResetPin, { exact: true }).fill(pinIn(mail));
  await reset.getByLabel(messages.fieldNewPassword, { exact: true }).fill(newPassword);
  await reset.getByLabel(messages.fieldConfirmNewPassword, { exact: true }).fill(newPassword);
  await reset.getByRole('button', { name: messages.updatePassword, exact: true }).click();

  const done = page.getByRole('dialog', { name: messages.resetDoneTitle });
  await expect(done).toBeVisible();
  await expectNoSeriousViolations(page, 'the Password Reset confirmation');
  await done.getByRole('button', { name: messages.signIn, exact: true }).click();

  // The old password no longer works; the new one does.
  const again = page.getByRole('dialog', { name: messages.signInTitle });
  await expect(again).toBeVisible();
  await again.getByLabel(messages.fieldEmail, { exact: true }).fill(email);
  await again.getByLabel(messages.fieldPassword, { exact: true }).fill(firstPassword);
  await again.getByRole('button', { name: messages.signIn, exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.invalidCredentials);
  await again.getByLabel(messages.fieldPassword, { exact: true }).fill(newPassword);
  await again.getByRole('button', { name: messages.signIn, exact: true }).click();
  await expect(again).toBeHidden();
  await expect(banner(page)).toContainText(nickname);
});

test('an empty login does nothing, and the strength indicator follows the password', async ({ page }) => {
  await page.goto('/');
  const login = await openSignIn(page);
  await login.getByRole('button', { name: messages.signIn, exact: true }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(login).toBeVisible();

  await login.getByRole('button', { name: messages.register, exact: true }).click();
  const register = page.getByRole('dialog', { name: messages.registerTitle });
  const meter = register.getByRole('progressbar');
  await expect(meter).toHaveAttribute('aria-valuetext', messages.strengthEmpty);
  await register.getByLabel(messages.fieldPassword, { exact: true }).fill('abc');
  await expect(meter).toHaveAttribute('aria-valuetext', messages.strengthWeak);
  await register.getByLabel(messages.fieldPassword, { exact: true }).fill('abcdefg1');
  await expect(meter).toHaveAttribute('aria-valuetext', messages.strengthMedium);
  await register.getByLabel(messages.fieldPassword, { exact: true }).fill('Abcdefg1!');
  await expect(meter).toHaveAttribute('aria-valuetext', messages.strengthStrong);
  await expect(register.getByRole('checkbox', { name: /newsletter/ })).toBeChecked();
  await expect(register.getByRole('link', { name: messages.termsLink })).toHaveAttribute(
    'href',
    '/general-content-page/terms-conditions',
  );
});
