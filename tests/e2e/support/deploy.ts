/**
 * A new version of the app on the server, as a deploy makes one: the service worker script the
 * server serves gets new bytes. playwright.config.ts has the server serve a copy of the build
 * (E2E_STATIC_DIR), so this never touches dist/.
 *
 * Why not `context.route('**\/sw.js')`: Chromium's update checks fetch the script from the
 * browser process, outside the routes (only the page's first registration goes through them). A
 * version made by a route is then undone by the next update check, which finds the server's own
 * bytes different and installs them — a version nobody deployed.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

function scriptPath(): string {
  const dir = process.env.E2E_STATIC_DIR;
  if (!dir) throw new Error('E2E_STATIC_DIR is not set: run the specs through playwright.config.ts');
  return join(dir, 'sw.js');
}

let built: string | undefined;

/** Written whole, then renamed into place: a check fetching meanwhile never reads half a script. */
function serve(script: string): void {
  const next = `${scriptPath()}.next`;
  writeFileSync(next, script);
  renameSync(next, scriptPath());
}

/** Serves version `version` of the service worker: the built script and a marker line. */
export function deployServiceWorker(version: number): void {
  built ??= readFileSync(scriptPath(), 'utf8');
  serve(`${built}\n// version ${version}\n`);
}

/** Serves the built script again, so the next spec starts from the version it was built as. */
export function restoreServiceWorker(): void {
  if (built !== undefined) serve(built);
}

/**
 * Asks the browser to check for an update until it has a new version installing or waiting. One
 * `update()` may be merged with a check the browser began before the deploy (Chromium checks about
 * a second after each navigation) and see no change; the browser's own later checks would find it.
 */
export async function checkUntilNewVersion(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          if (!registration?.installing && !registration?.waiting) await registration?.update();
          return Boolean(registration?.installing ?? registration?.waiting);
        }),
      { message: 'the browser finds the deployed version', timeout: 20_000 },
    )
    .toBe(true);
}
