/**
 * A Chromium process this test owns (spawned here, driven over CDP), so it can be killed with
 * SIGKILL like a phone killing the app, and started again on the same on-disk profile — which
 * Playwright's own launchers do not let a test do. Flags as playwright.config.ts passes them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { present } from '../../../src/test/present';

export interface OwnedChromium {
  process: ChildProcess;
  browser: Browser;
  context: BrowserContext;
  kill(): Promise<void>;
  close(): Promise<void>;
}

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--enable-unsafe-swiftshader',
  '--remote-debugging-port=0',
];

export async function launchOwnedChromium(profileDir: string): Promise<OwnedChromium> {
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [...FLAGS, `--user-data-dir=${profileDir}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      reject(new Error(`Chromium did not start: ${seen.slice(-500)}`));
    }, 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const address = /DevTools listening on (ws:\/\/\S+)/.exec(seen)?.[1];
      if (address !== undefined) {
        clearTimeout(timer);
        resolve(address);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}): ${seen.slice(-500)}`));
    });
  });
  child.stderr.resume();
  const browser = await chromium.connectOverCDP(endpoint);
  const context = present(browser.contexts()[0], 'the default browser context');
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  return {
    process: child,
    browser,
    context,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async close() {
      // Asked to quit, Chromium lets go of its profile before exiting (a killed one leaves its
      // helpers writing into it for a moment); killed only when it does not quit in 5 s.
      const session = await browser.newBrowserCDPSession().catch(() => null);
      await session?.send('Browser.close').catch(() => undefined);
      const quit = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => {
          setTimeout(() => {
            resolve(false);
          }, 5_000);
        }),
      ]);
      if (!quit) child.kill('SIGKILL');
      await exited;
    },
  };
}
