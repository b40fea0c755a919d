/**
 * Which database the server suite runs on, decided once per run from the environment:
 * PGlite by default (from a migrated template made in globalSetup), or PostgreSQL when
 * FIELDMARK_TEST_DB=postgres and TEST_DATABASE_URL (or DATABASE_URL) is set. globalSetup hands the
 * decision to the test files through vitest's provide/inject.
 */
export type TestDbTarget = { kind: 'pglite'; templatePath: string } | { kind: 'postgres'; url: string };

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
