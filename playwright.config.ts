import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eServiceAccountFile } from './tests/e2e/support/googlePlay';
import { e2eSigning } from './tests/e2e/support/signing';

/**
 * End-to-end tests in real Chromium against the real server (`server/main.ts`) serving the built
 * PWA, exactly what `npm start` runs, on a throwaway DATA_DIR (the build is served from a copy in
 * it). Workers inherit the environment set here, so specs find the mail folder at
 * `${FIELDMARK_DATA_DIR}/mail`.
 * Never downloads a browser: Debian's /usr/bin/chromium, or CHROMIUM_PATH.
 */
const port = Number(process.env.E2E_PORT ?? 4180);
const baseURL = `http://127.0.0.1:${port}`;
process.env.FIELDMARK_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'fieldmark-e2e-'));
const dataDir = process.env.FIELDMARK_DATA_DIR;
// The server serves a copy of the build, so a spec can deploy a new version (support/deploy.ts).
process.env.E2E_STATIC_DIR ??= join(dataDir, 'app');
const staticDir = process.env.E2E_STATIC_DIR;
// An administrator for the specs that need one (support/admin.ts), made as an operator makes one:
// with the CLI, before the server starts, since the embedded database admits one process at a
// time. On a DATA_DIR that has it already, the CLI says so and the server starts all the same.
process.env.E2E_ADMIN_EMAIL ??= 'e2e-admin@example.org';
process.env.E2E_ADMIN_PASSWORD ??= 'Harrier2026';
const createAdmin = [
  'node --import tsx server/cli.ts user:create',
  `--email ${process.env.E2E_ADMIN_EMAIL} --password ${process.env.E2E_ADMIN_PASSWORD}`,
  '--nickname Harrier --role admin',
].join(' ');
// Google Play's side of Play Billing, which the store spec stubs on this port (support/googlePlay.ts).
process.env.E2E_PLAY_STUB_PORT ??= String(port + 1);
const playStubPort = Number(process.env.E2E_PLAY_STUB_PORT);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // 2 cores and one single-connection embedded database: one worker.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // A trace costs about 30 % more CPU on every test (measured on shell.spec) and CI keeps only
    // the printed output: traces are for runs on a developer's machine.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
  webServer: {
    command: [
      ...(process.env.E2E_SKIP_BUILD ? [] : ['npm run build']),
      `node -e "require('node:fs').cpSync('dist', process.env.STATIC_DIR, { recursive: true })"`,
      `(${createAdmin} || true)`,
      'node --import tsx server/main.ts',
    ].join(' && '),
    url: `${baseURL}/api/v1.0/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      PUBLIC_URL: baseURL,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Every spec signs up and signs in from the same loopback address; the limits themselves are
      // proven by the server suite (tests/server), so here they only need to stay out of the way.
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_REGISTER_MAX: '1000',
      RATE_LIMIT_PASSWORD_RESET_MAX: '1000',
      // The small species extract, seeded before the server listens: every spec finds the same
      // species at once (a first start seeds the world lists in the background, docs/sync.md).
      SPECIES_DATA: 'demo',
      // The store wrappers' side (issue 20): a signing identity and Google's Play API, both made
      // for the run, so the well-known files are served and an Android purchase can be verified.
      FIELDMARK_ANDROID_FINGERPRINTS: `e2e=${e2eSigning.androidFingerprint}`,
      FIELDMARK_APPLE_TEAM_ID: e2eSigning.appleTeamId,
      PLAY_SERVICE_ACCOUNT_FILE: e2eServiceAccountFile(dataDir, playStubPort),
      PLAY_API_URL: `http://127.0.0.1:${playStubPort}`,
    },
  },
});
