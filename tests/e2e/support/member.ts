/**
 * Shared steps of the sighting specs: a new member registered through the API and signed in through
 * the login dialog, the member's own API token for checking the server's state, and species rows
 * put on the device the way the species sync stores them.
 */
import { expect, type Page } from '@playwright/test';
import { messages } from '../../../src/contract/messages';
import type { SpeciesRow } from '../../../src/db/rows';

export interface E2eMember {
  email: string;
  password: string;
  nickname: string;
}

/**
 * `origin` is needed only for a context without Playwright's baseURL (a browser the test spawned
 * itself, support/ownedChromium.ts).
 */
export async function signedInMember(page: Page, prefix: string, origin = ''): Promise<E2eMember> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const member = {
    email: `${prefix}-${stamp}@example.org`,
    password: 'Whimbrel2026',
    nickname: `Whim${stamp.slice(-5)}`,
  };
  const registered = await page.request.post(`${origin}/api/v1.0/register`, {
    data: {
      firstname: 'Wren Whimbrel',
      nickname: member.nickname,
      username: member.email,
      password: member.password,
      terms_accepted: true,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await page.goto(`${origin}/`);
  await page.getByRole('banner').getByRole('button', { name: messages.signIn, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: messages.signInTitle });
  await dialog.getByLabel(messages.fieldEmail, { exact: true }).fill(member.email);
  await dialog.getByLabel(messages.fieldPassword, { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: messages.signIn, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner')).toContainText(member.nickname);
  return member;
}

/** A separate API session of the member (a second sign-in), to read what the server holds. */
export async function memberToken(
  page: Page,
  member: E2eMember,
  origin = '',
): Promise<{ token: string; userId: string }> {
  const login = await page.request.post(`${origin}/api/v1.0/login`, {
    data: { username: member.email, password: member.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const body = (await login.json()) as { auth_token: string; user_id: string };
  return { token: body.auth_token, userId: body.user_id };
}

/** Puts species rows in the device's `species` table, as the species sync of the member's list would. */
export async function putSpeciesOnDevice(page: Page, rows: readonly SpeciesRow[]): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          (species) =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('app.db');
              open.onerror = () => resolve(false);
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('species')) {
                  db.close();
                  resolve(false);
                  return;
                }
                const transaction = db.transaction('species', 'readwrite');
                for (const row of species) transaction.objectStore('species').put(row);
                transaction.oncomplete = () => {
                  db.close();
                  resolve(true);
                };
                transaction.onerror = () => {
                  db.close();
                  resolve(false);
                };
              };
            }),
          rows,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Waits until the service worker controls the page (offline navigation needs it). */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });
}
