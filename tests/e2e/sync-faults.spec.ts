/**
 * The sightings model in real Chromium (issue 5 "Fault tests", R4, R5, R9): seeded random schedules
 * of quick records with what only a browser has — the network cut and restored, the API
 * unreachable while the page is online, reloads, the page closed right after the network returns
 * (mid-sync), the browser process killed after the toast and restarted on the same on-disk profile
 * (the sighting must be there), a service-worker update while the queue is full, and, in half the
 * schedules, no Background Sync API at all (Safari, Firefox). After each schedule the network comes
 * back and the app must drain its queue by itself; then the server holds exactly the sightings the
 * member was told were created — 0 lost, 0 duplicated — and so does the device.
 *
 * E2E_FAULT_RUNS schedules per run (default 10); the seed of each is in its title, and
 * E2E_FAULT_SEED replays them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { recordingTexts } from '../../src/features/observations/texts';
import { messages } from '../../src/contract/messages';
import { demoSpecies } from '../../src/features/species/testSpecies';
import { checkUntilNewVersion, deployServiceWorker, restoreServiceWorker } from './support/deploy';
import { launchOwnedChromium, type OwnedChromium } from './support/ownedChromium';
import {
  putSpeciesOnDevice,
  serviceWorkerInControl,
  sightingsOnServer,
  signedInMember,
} from './support/member';
import { present } from '../../src/test/present';

const RUNS = Number(process.env.E2E_FAULT_RUNS ?? 10);
const BASE_SEED = Number(process.env.E2E_FAULT_SEED ?? 20261124);
const baldEagle = demoSpecies('Haliaeetus leucocephalus');
const SPECIES_PAGE = `/species/${baldEagle.id}`;

type Action =
  'quick' | 'offline' | 'online' | 'apiDown' | 'apiUp' | 'reload' | 'closeMidSync' | 'kill' | 'swUpdate';
const scheduleArb = fc.record({
  actions: fc.array(
    fc.constantFrom<Action>(
      'quick',
      'quick',
      'quick',
      'quick',
      'offline',
      'online',
      'apiDown',
      'apiUp',
      'reload',
      'closeMidSync',
      'kill',
      'swUpdate',
    ),
    { minLength: 4, maxLength: 9 },
  ),
  backgroundSync: fc.boolean(),
});

/** Sightings of the member in the device's IndexedDB (live rows). */
function sightingsOnDevice(page: Page, userId: string): Promise<string[]> {
  return page.evaluate(
    (user) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('app.db');
        open.onerror = () => {
          reject(open.error ?? new Error('cannot open app.db'));
        };
        open.onsuccess = () => {
          const db = open.result;
          const all = db
            .transaction('species_observations', 'readonly')
            .objectStore('species_observations')
            .getAll();
          all.onsuccess = () => {
            db.close();
            const rows = all.result as Array<{ id: string; user_id: string; deleted?: boolean }>;
            resolve(
              rows
                .filter((row) => row.user_id === user && !row.deleted)
                .map((row) => row.id)
                .sort(),
            );
          };
          all.onerror = () => {
            reject(all.error ?? new Error('cannot read sightings'));
          };
        };
      }),
    userId,
  );
}

class Field {
  /** Until start() has launched it, none (a run that fails to launch has none to close). */
  chromium: OwnedChromium | undefined;
  page!: Page;
  offline = false;
  apiDown = false;
  swVersion = 0;

  constructor(
    readonly baseURL: string,
    readonly profileDir: string,
    readonly backgroundSync: boolean,
  ) {}

  get context(): BrowserContext {
    return present(this.chromium, 'a started Chromium').context;
  }

  async start(): Promise<void> {
    this.chromium = await launchOwnedChromium(this.profileDir);
    const { context } = this;
    if (!this.backgroundSync) {
      await context.addInitScript(() => {
        delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
        delete (globalThis as { SyncManager?: unknown }).SyncManager;
      });
    }
    await context.grantPermissions(['geolocation'], { origin: this.baseURL });
    await context.setGeolocation({ latitude: 46.9965123, longitude: -120.5481234, accuracy: 10 });
    await context.route('**/api/v1.0/{collection,media}/**', (route) =>
      this.apiDown ? route.abort('connectionrefused') : route.fallback(),
    );
    await context.setOffline(this.offline);
    this.page = context.pages()[0] ?? (await context.newPage());
  }

  /** The app renders on its own; waiting for `load` adds nothing but the images' downloads. */
  async goto(path: string): Promise<void> {
    await this.page.goto(`${this.baseURL}${path}`, { waitUntil: 'domcontentloaded', timeout: 30_000 });
  }

  async openSpeciesPage(): Promise<void> {
    if (!this.page.url().endsWith(SPECIES_PAGE)) await this.goto(SPECIES_PAGE);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Bald Eagle' })).toBeVisible({
      timeout: 20_000,
    });
  }

  async quickRecord(): Promise<void> {
    await this.openSpeciesPage();
    // 'Observation Created!', or its no-GPS variant: the toast says it is saved.
    const toasts = this.page.getByText(messages.observationCreated.replace('!', ''));
    await this.page.getByRole('main').getByRole('button', { name: recordingTexts.quickRecord }).click();
    await expect(toasts.first()).toBeVisible();
    await expect(toasts).toHaveCount(0, { timeout: 15_000 });
  }

  async setOffline(offline: boolean): Promise<void> {
    this.offline = offline;
    await this.context.setOffline(offline);
  }

  async restart(): Promise<void> {
    await present(this.chromium, 'a started Chromium').kill();
    await this.start();
    await this.goto(SPECIES_PAGE);
  }

  async swUpdate(): Promise<void> {
    if (this.offline) return; // no update can be fetched without a network
    this.swVersion += 1;
    deployServiceWorker(this.swVersion);
    await this.openSpeciesPage();
    await checkUntilNewVersion(this.page);
    const reload = this.page.getByRole('button', { name: 'Reload' });
    await expect(reload)
      .toBeVisible({ timeout: 20_000 })
      .catch(async (error: unknown) => {
        // checkUntilNewVersion saw a new version: what the browser reports tells an install that
        // failed (redundant) from a waiting version the page missed.
        const state = await this.page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const describe = (worker: ServiceWorker | null | undefined) => worker?.state ?? null;
          return {
            controlled: navigator.serviceWorker.controller !== null,
            installing: describe(registration?.installing),
            waiting: describe(registration?.waiting),
            active: describe(registration?.active),
          };
        });
        throw new Error(`no Reload offered; service worker: ${JSON.stringify(state)}`, { cause: error });
      });
    const reloaded = this.page.waitForEvent('load', { timeout: 20_000 }).then(
      () => true,
      () => false,
    );
    await reload.click();
    if (await reloaded) return;
    // Chromium sometimes holds the activation of the accepted version while the page stays open
    // (docs/ARCHITECTURE.md, app/pwa): then the page keeps working on the version it runs, with
    // the new one waiting, and the rest of the schedule must lose nothing either way.
    expect(
      await this.page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
      'a held update is still waiting',
    ).toBe('installed');
    test.info().annotations.push({ type: 'service worker update held by the browser', description: '' });
    console.warn(`[faults] the browser held the service worker update (${test.info().title})`);
  }
}

for (let index = 0; index < RUNS; index += 1) {
  const seed = BASE_SEED + index;
  const schedule = present(fc.sample(scheduleArb, { seed, numRuns: 1 })[0], 'a schedule');
  const title = `schedule ${index + 1} (seed ${seed}${schedule.backgroundSync ? '' : ', no Background Sync'}): ${schedule.actions.join(', ')}`;

  test(title, async ({ baseURL }) => {
    test.setTimeout(180_000);
    const profileDir = mkdtempSync(join(tmpdir(), 'fieldmark-faults-profile-'));
    const field = new Field(present(baseURL, 'the base URL'), profileDir, schedule.backgroundSync);
    let created = 0;
    try {
      await field.start();
      const member = await signedInMember(field.page, 'faults', baseURL);
      await serviceWorkerInControl(field.page);
      await putSpeciesOnDevice(field.page, [baldEagle]);
      const { token, userId } = member;

      for (const action of schedule.actions) {
        switch (action) {
          case 'quick':
            await field.quickRecord();
            created += 1;
            break;
          case 'offline':
          case 'online':
            await field.setOffline(action === 'offline');
            break;
          case 'apiDown':
          case 'apiUp':
            field.apiDown = action === 'apiDown';
            break;
          case 'reload':
            await field.page.reload();
            break;
          case 'closeMidSync': {
            // The network returns and the page is closed while its sync may be on the wire.
            await field.setOffline(false);
            const next = await field.context.newPage();
            await field.page.close();
            field.page = next;
            await field.openSpeciesPage();
            break;
          }
          case 'kill':
            // R4: whatever the member was told is saved must survive the process being killed.
            await field.restart();
            await expect(field.page.getByRole('heading', { level: 1, name: 'Bald Eagle' })).toBeVisible({
              timeout: 20_000,
            });
            // Synced or not, every sighting recorded so far is a row of the on-disk database.
            expect(await sightingsOnDevice(field.page, userId), 'sightings after the kill').toHaveLength(
              created,
            );
            break;
          case 'swUpdate':
            await field.swUpdate();
            break;
        }
      }
      // Quiescence: the network back, the API reachable; the app drains its queue on its own.
      field.apiDown = false;
      await field.setOffline(false);
      await field.openSpeciesPage();
      const liveOnServer = () => sightingsOnServer(field.page.request, token, baseURL);
      // The counter is lazily drawn after a page load, so "hidden" alone can pass before it shows
      // what waits: the server is polled until it holds every sighting (a duplicate never goes away,
      // so a count above `created` fails), then the device must have nothing left to send.
      await expect
        .poll(async () => (await liveOnServer()).length, {
          message: 'sightings on the server',
          timeout: 90_000,
        })
        .toBe(created);
      await expect(field.page.getByTestId('unsynced-count')).toBeHidden({ timeout: 90_000 });

      const live = await liveOnServer();
      expect(live, 'sightings on the server').toHaveLength(created);
      expect(await sightingsOnDevice(field.page, userId)).toEqual(live.map((record) => record.id).sort());
      const lifers = live.filter((record) => record.data.lifer === true);
      expect(lifers).toHaveLength(created > 0 ? 1 : 0);
    } finally {
      restoreServiceWorker();
      await field.chromium?.close();
      // Chromium's helper processes may still be letting go of the profile: retry, never fail on it.
      try {
        rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        console.warn(`Could not remove ${profileDir}`, error);
      }
    }
  });
}
