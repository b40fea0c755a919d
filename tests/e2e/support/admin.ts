/**
 * The administrator the e2e server starts with: playwright.config.ts creates it with the operator
 * CLI (`user:create --role admin`) before the server holds the embedded database.
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signInThroughDialog } from './member';

export const e2eAdmin = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'e2e-admin@example.org',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'Harrier2026',
  nickname: 'Harrier',
};

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type OriginState = StorageState['origins'][number] & { indexedDB?: { name: string }[] };

/** The key-value store (src/db/kv.ts) that keeps the session and the config across restarts. */
const KV_DATABASE = '_ionicstorage';

/** What the administrator's first sign-in in this worker left in the key-value store. */
let signedIn: StorageState | undefined;

/** The session and config stored by the app, without the rest of the browser's storage. */
async function keyValueStore(context: BrowserContext): Promise<StorageState> {
  const state = await context.storageState({ indexedDB: true });
  return {
    cookies: [],
    origins: state.origins.map((origin: OriginState) => ({
      ...origin,
      localStorage: [],
      indexedDB: (origin.indexedDB ?? []).filter((database) => database.name === KV_DATABASE),
    })),
  };
}

/**
 * A page on the start page, the administrator signed in. The first one in a worker signs in through
 * the login dialog (and puts off the config notice); the next ones open a browser that holds what
 * that sign-in stored — the session and the config, not the app's database — as the
 * administrator's own device does after a restart, so the app starts signed in. Each page has a
 * browser (context) of its own; close it with `page.context().close()`. `beforeStart` gets the page
 * before it opens anything (to watch its dialogs from the first document on).
 */
export async function adminPage(browser: Browser, beforeStart?: (page: Page) => void): Promise<Page> {
  const context = await browser.newContext(signedIn ? { storageState: signedIn } : {});
  const page = await context.newPage();
  beforeStart?.(page);
  await page.goto('/');
  if (signedIn) {
    await expect(page.getByRole('banner')).toContainText(e2eAdmin.nickname);
    return page;
  }
  await signInThroughDialog(page, e2eAdmin);
  // The app writes the session to the store right after the sign-in; the config notice is put off.
  await expect
    .poll(async () => JSON.stringify((await keyValueStore(context)).origins).includes(e2eAdmin.email))
    .toBe(true);
  signedIn = await keyValueStore(context);
  return page;
}
