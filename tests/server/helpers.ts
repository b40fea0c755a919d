/**
 * Builds the real app (server/app.ts) on a real database for one test file, the one way every
 * server test (and the client engineer's API-client tests) gets a server. Stable API:
 *
 *   const t = await buildTestApp({ requireEmailVerification: true });   // any ServerConfig field
 *   const res = await t.app.inject({ method: 'POST', url: api('/login'), payload: {...} });
 *   const baseUrl = await t.listen();        // real HTTP on 127.0.0.1:<random port>, when needed
 *   t.clock.advance(3600);                   // move the server's clock (token expiry, rotation)
 *   await lastMailTo(t.mailDir, email);      // mail written by the server (see ./mailbox.ts)
 *   await t.close();                         // in afterAll: closes app, database and temp dir
 *
 * Each call gets its own database: a PGlite loaded from the migrated template (globalSetup), in a
 * worker thread or not as the server would run it (PGLITE_THREAD; `pgliteThread` overrides it), or
 * on PostgreSQL (FIELDMARK_TEST_DB=postgres) a database copied from the migrated template, which
 * close() drops. Defaults differ
 * from production only where tests need it: silent logs (TEST_LOG_LEVEL to see them), rate limits
 * high enough not to interfere (tests of the limit set their own), no built PWA, a temp DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { API_PREFIX } from '@contract/index';
import type { LoginResponse } from '@contract/auth';
import { buildApp, type App, type AppDeps } from '../../server/app';
import type { Clock } from '../../server/clock';
import { loadConfig, type ServerConfig } from '../../server/config';
import { openDatabase, pgliteThreadFromEnv, type Database } from '../../server/db/database';
import type { DB } from '../../server/db/schema';
import { hashPassword } from '../../server/plugins/app/auth/passwords';
import { postgresUrlFor } from './test-db';

/** A clock the test moves by hand; starts at the real time. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

export type TestAppOverrides = Partial<Omit<ServerConfig, 'tokens' | 'rateLimits'>> & {
  tokens?: Partial<ServerConfig['tokens']>;
  rateLimits?: Partial<ServerConfig['rateLimits']>;
};

export interface TestApp {
  app: App;
  db: Kysely<DB>;
  /** The handle behind `db` (owned by the helper: close() closes it). */
  database: Database;
  /** On PostgreSQL, the URL of this app's own database (a second server instance may open it). */
  postgresUrl?: string;
  config: ServerConfig;
  clock: TestClock;
  dataDir: string;
  /** Where the default mail adapter writes .eml files. */
  mailDir: string;
  /** Listens on 127.0.0.1 with a random port; answers the base URL (no trailing slash). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

const NO_LIMIT = { max: 10_000, timeWindowMs: 60_000 };

let templateBlob: Blob | undefined;

/**
 * CREATE DATABASE … TEMPLATE fails with 55006 while another session is connected to the template;
 * only globalSetup ever is, and briefly, but two copies starting together can still meet it.
 */
/**
 * Work a test left running (a background seed) may still hold a connection after close(); give it
 * up to 2 s to end before the forced drop cuts it off mid-query.
 */
async function untilDisconnected(admin: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function createDatabaseFrom(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

async function openTestDatabase(
  thread: boolean,
): Promise<{ database: Database; dispose: () => Promise<void>; databaseUrl?: string }> {
  const target = inject('fieldmarkTestDb');
  if (target.kind === 'pglite') {
    templateBlob ??= new Blob([await readFile(target.templatePath)]);
    const database = await openDatabase({ loadDataDir: templateBlob, thread });
    return { database, dispose: () => database.close() };
  }
  const name = `fm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await createDatabaseFrom(admin, name, target.template);
  const databaseUrl = postgresUrlFor(target.url, name);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl });
  } catch (error) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    throw error;
  }
  const dispose = async () => {
    await database.close();
    await untilDisconnected(admin, name);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  return { database, dispose, databaseUrl };
}

export interface TestAppDeps extends Pick<AppDeps, 'plugins'> {
  /** On PGlite: in a worker thread or in this one (default: as the server, `pgliteThreadFromEnv`). */
  pgliteThread?: boolean;
}

export async function buildTestApp(
  overrides: TestAppOverrides = {},
  { pgliteThread = pgliteThreadFromEnv(), ...deps }: TestAppDeps = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fieldmark-test-'));
  const base = loadConfig({});
  const config: ServerConfig = {
    ...base,
    dataDir,
    staticDir: join(dataDir, 'no-dist'),
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...overrides,
    tokens: { ...base.tokens, ...overrides.tokens },
    rateLimits: { login: NO_LIMIT, register: NO_LIMIT, passwordReset: NO_LIMIT, ...overrides.rateLimits },
  };
  const clock = new TestClock();
  const { database, dispose, databaseUrl } = await openTestDatabase(pgliteThread);
  let app: App;
  try {
    app = await buildApp(config, { database, clock, ...deps });
  } catch (error) {
    await dispose();
    throw error;
  }
  let closed = false;
  return {
    app,
    db: database.db,
    database,
    ...(databaseUrl ? { postgresUrl: databaseUrl } : {}),
    config,
    clock,
    dataDir,
    mailDir: join(dataDir, 'mail'),
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** `/api/v1.0` + path. */
export function api(path: string): string {
  return `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export type CallMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** One API call as a member (a token), or as nobody (`null`/`undefined`), with an optional JSON body. */
export function callApi(
  t: TestApp,
  method: CallMethod,
  path: string,
  token?: string | null,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: api(path),
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export interface TestMember {
  id: string;
  email: string;
  password: string;
}

let memberCounter = 0;

/** Inserts a verified member straight into the database (as the CLI does). */
export async function createMember(
  t: TestApp,
  input: {
    email?: string;
    password?: string;
    nickname?: string;
    roles?: string[];
    /** Permission areas and their flags (SPEC §6), e.g. `{ 'admin-ads': ['r', 'c'] }`. */
    permissions?: Record<string, string[]>;
    verified?: boolean;
  } = {},
): Promise<TestMember> {
  memberCounter += 1;
  const email = input.email ?? `member${memberCounter}-${randomBytes(3).toString('hex')}@example.org`;
  const password = input.password ?? 'Secret123';
  const now = new Date(t.clock.now());
  const row = await t.db
    .insertInto('users')
    .values({
      email,
      password_hash: await hashPassword(password),
      nickname: input.nickname ?? `Member ${memberCounter}`,
      firstname: 'Test',
      avatar: null,
      location_id: null,
      roles: input.roles ?? ['member'],
      ...(input.permissions ? { permissions: JSON.stringify(input.permissions) } : {}),
      email_verified_at: input.verified === false ? null : now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password };
}

/** A member made with `createMember` and signed in: the tests of who may call what start here. */
export async function createSignedInMember(
  t: TestApp,
  input: Parameters<typeof createMember>[1] = {},
): Promise<TestMember & { token: string }> {
  const member = await createMember(t, input);
  return { ...member, token: (await signIn(t, member)).auth_token };
}

/** Inserts a reference location (a country) for profile tests; the template database has none. */
export async function createLocation(t: TestApp, location: { id: string; name: string }): Promise<void> {
  await t.db
    .insertInto('locations')
    .values({
      id: location.id,
      name: location.name,
      type: 'country',
      parent_id: null,
      names: JSON.stringify({ en: location.name }),
      latitude: 0,
      longitude: 0,
      has_species: false,
      search_text: ` ${location.name.toLowerCase()} `,
      search_name: location.name.toLowerCase(),
    })
    .execute();
}

/** POST login with a password; throws unless it succeeds. */
export async function signIn(
  t: TestApp,
  member: Pick<TestMember, 'email' | 'password'>,
): Promise<LoginResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: api('/login'),
    payload: { username: member.email, password: member.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<LoginResponse>();
}

/** POST oauth/token with the app's own client credentials; throws unless it succeeds. */
export async function fetchClientToken(t: TestApp): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: api('/oauth/token'),
    payload: {
      grant_type: 'client_credentials',
      client_id: t.config.clientId,
      client_secret: t.config.clientSecret,
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`oauth/token failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}
