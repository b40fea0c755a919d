import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * @fastify/autoload imports the server's plugin and route modules with a dynamic import(); inlined,
 * that import goes through Vitest (TypeScript, the @contract alias, one module graph) instead of Node.
 */
const server = { deps: { inline: ['@fastify/autoload'] } };

const alias = {
  '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)),
  '@config': fileURLToPath(new URL('./src/config', import.meta.url)),
};

/**
 * Two projects: `unit` (beside the code; node by default, `// @vitest-environment happy-dom` for
 * components) and `server` (HTTP against a real database: PGlite, or PostgreSQL when
 * FIELDMARK_TEST_DB=postgres and TEST_DATABASE_URL/DATABASE_URL are set).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          // tests/docs: every reference in the docs resolves (no server, no browser: unit-fast).
          // scripts/store: the store artefacts' drift check and validators (issue 20).
          include: [
            'src/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'tests/docs/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['src/test/setupUnit.ts'],
          // Room for a few condition waits of 30 s each (src/test/waits.ts) on a loaded machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/globalSetup.ts'],
          server,
          // As the unit project: room for a loaded machine (a 2-core CI box running two suites).
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // PGlite runs in the test's own process (and its worker thread): two files at once only
          // fight over 2 cores. On PostgreSQL the database works in its own processes and each test
          // app has its own database (helpers.ts), so two files side by side use the idle core.
          fileParallelism: process.env.FIELDMARK_TEST_DB === 'postgres',
          // Each file builds its own app and database, so the files share nothing but the imported
          // modules: importing the server once per worker instead of once per file saves CPU time.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // The fault tests (tests/faults): model-based schedules against the real server on PGlite.
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/globalSetup.ts'],
          server,
          testTimeout: 40 * 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
