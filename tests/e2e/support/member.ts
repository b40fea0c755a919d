/**
 * Shared steps of the specs that need a member: one registered through the API (with the token the
 * registration answers, for checking or seeding the server), signed in through the login dialog,
 * sightings written through the observation calls, species rows put on the device the way the
 * species sync stores them, and the wait for the service worker.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { messages } from '../../../src/contract/messages';
import type { PullResponse, SyncRecord } from '../../../src/contract/sync';
import type { SpeciesRow } from '../../../src/db/rows';

export interface E2eMember {
  email: string;
  password: string;
  nickname: string;
  /** The registration's API session (not the browser's). */
  token: string;
  userId: string;
  /** Unique per member: ids made from it never collide between runs. */
  stamp: string;
}

/**
 * A new member through `POST register`. `origin` is needed only for a context without
 * Playwright's baseURL (a browser the test spawned itself, support/ownedChromium.ts).
 */
export async function registerMember(
  request: APIRequestContext,
  prefix: string,
  origin = '',
): Promise<E2eMember> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `${prefix}-${stamp}@example.org`;
  const password = 'Whimbrel2026';
  const nickname = `Whim${stamp.slice(-5)}`;
  const registered = await request.post(`${origin}/api/v1.0/register`, {
    data: { firstname: 'Wren Whimbrel', nickname, username: email, password, terms_accepted: true },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const body = (await registered.json()) as { auth_token: string; user_id: string };
  return { email, password, nickname, token: body.auth_token, userId: body.user_id, stamp };
}

/**
 * Whether this browser's config notice is on (SPEC §3 settings.show_config_notice; on until a
 * config says otherwise), read from the key-value store the app keeps it in. Call it once the app
 * has started: its start-up creates the store.
 */
export async function configNoticeIsOn(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('_ionicstorage');
        open.onerror = () => {
          reject(open.error ?? new Error('cannot open the key-value store'));
        };
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('_ionickv')) {
            db.close();
            resolve(true);
            return;
          }
          const read = db.transaction('_ionickv', 'readonly').objectStore('_ionickv').get('config');
          read.onerror = () => {
            reject(read.error ?? new Error('cannot read the config'));
          };
          read.onsuccess = () => {
            db.close();
            const config = read.result as { settings?: { show_config_notice?: boolean } } | undefined;
            resolve(config?.settings?.show_config_notice ?? true);
          };
        };
      }),
  );
}

/**
 * Puts off Customize Your Experience where a sign-in opened it by itself (the config notice), and
 * waits until the app has stored that the notice is done (a region is looked up first when none
 * is stored yet), so a reload or the next sign-in does not meet it again.
 */
export async function putOffConfigNotice(page: Page): Promise<void> {
  const notice = page.getByRole('dialog', { name: messages.configTitle });
  // From the keyboard: the sign-in's welcome toast may sit over the dialog's buttons, and a
  // pointer resting on a toast holds it open.
  await notice.getByRole('button', { name: messages.configNoticeLater, exact: true }).press('Enter');
  await expect(notice).toBeHidden();
  await expect.poll(() => configNoticeIsOn(page), { timeout: 30_000 }).toBe(false);
}

/**
 * Signs in through the login dialog of the page as it is. The first sign-in in a browser opens the
 * config notice; it is put off, as a member in a hurry does, unless `notice: 'keep'`.
 */
export async function signInThroughDialog(
  page: Page,
  member: Pick<E2eMember, 'email' | 'password' | 'nickname'>,
  { notice = 'putOff' }: { notice?: 'putOff' | 'keep' } = {},
) {
  const signIn = page.getByRole('banner').getByRole('button', { name: messages.signIn, exact: true });
  await expect(signIn).toBeVisible();
  const noticeComes = await configNoticeIsOn(page);
  await signIn.click();
  const dialog = page.getByRole('dialog', { name: messages.signInTitle });
  await dialog.getByLabel(messages.fieldEmail, { exact: true }).fill(member.email);
  await dialog.getByLabel(messages.fieldPassword, { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: messages.signIn, exact: true }).click();
  await expect(dialog).toBeHidden();
  // While the notice is open the rest of the page is hidden from assistive technology (a modal),
  // the app bar included: it is put off before the bar is read.
  if (noticeComes && notice === 'putOff') await putOffConfigNotice(page);
  if (!noticeComes || notice === 'putOff') {
    await expect(page.getByRole('banner')).toContainText(member.nickname);
  }
}

/** A new member, signed in on the app's start page. */
export async function signedInMember(page: Page, prefix: string, origin = ''): Promise<E2eMember> {
  const member = await registerMember(page.request, prefix, origin);
  await page.goto(`${origin}/`);
  await signInThroughDialog(page, member);
  return member;
}

/** A sighting written through `PUT species/{id}/observations` (public, no note, photos or trips unless given). */
export async function putObservation(
  request: APIRequestContext,
  member: Pick<E2eMember, 'token'>,
  speciesId: string,
  body: object,
): Promise<void> {
  const response = await request.put(`/api/v1.0/species/${speciesId}/observations`, {
    headers: { authorization: `Bearer ${member.token}` },
    data: { public: true, note: '', media: [], trips: [], coordinate_hidden: false, ...body },
  });
  expect(response.ok(), await response.text()).toBe(true);
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
              open.onerror = () => {
                resolve(false);
              };
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

/**
 * The member's live sightings as the server holds them (the whole collection from cursor 0, without
 * tombstones). `origin` as for registerMember: only for a context without Playwright's baseURL.
 */
export async function sightingsOnServer(
  request: APIRequestContext,
  token: string,
  origin = '',
): Promise<SyncRecord[]> {
  const pulled = await request.get(`${origin}/api/v1.0/collection/species_observations?last_mod=0`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await pulled.json()) as PullResponse).records.filter((record) => !record.deleted);
}
