/**
 * Which database the server suite runs on, decided once per run from the environment:
 * PGlite by default (from a migrated template made in globalSetup), or PostgreSQL when
 * FIELDMARK_TEST_DB=postgres and TEST_DATABASE_URL (or DATABASE_URL) is set: there each test app
 * gets its own database copied from a migrated template database, so files can run side by side
 * (LISTEN channels and advisory locks are per database, not per schema). globalSetup hands the
 * decision to the test files through vitest's provide/inject.
 */
export type TestDbTarget =
  | { kind: 'pglite'; templatePath: string }
  /** `url` is the server's admin database; `template` the migrated database each test app copies. */
  | { kind: 'postgres'; url: string; template: string };

/** `url` with its database name swapped for `database`. */
export function postgresUrlFor(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.href;
}

declare module 'vitest' {
  export interface ProvidedContext {
    fieldmarkTestDb: TestDbTarget;
  }
}

/** The PostgreSQL URL to test against, or undefined for PGlite. Throws on a half-configured run. */
export function postgresUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.FIELDMARK_TEST_DB !== 'postgres') return undefined;
  const url = env.TEST_DATABASE_URL ?? env.DATABASE_URL;
  if (!url) throw new Error('FIELDMARK_TEST_DB=postgres needs TEST_DATABASE_URL or DATABASE_URL');
  return url;
}
