/**
 * Two server processes on one PostgreSQL (issue 17): each is `node --import tsx server/main.ts`,
 * as `npm start` runs it, on its own port and DATA_DIR, sharing nothing but the database. A
 * message sent through one reaches a member whose live channel is open on the other (the fan-out
 * is PostgreSQL LISTEN/NOTIFY, no process memory), and their unread count follows.
 *
 * Only on PostgreSQL (FIELDMARK_TEST_DB=postgres with TEST_DATABASE_URL): the embedded PGlite
 * admits one process. The test makes a database of its own and drops it afterwards, so the two
 * processes migrate and seed it from empty.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChatMessageEvent, ChatMessageWriteResponse, ChatUnreadEvent } from '@contract/chat';
import { api, bearer } from './helpers';
import { openEvents } from './sse-events';

const target = inject('fieldmarkTestDb');
const START_MS = 180_000; // migrations and seeds from an empty database, on a loaded 2-core machine

/** A free loopback port (the OS picks it; released just before the server binds it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

interface ServerProcess {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  stop: () => Promise<void>;
}

async function startServer(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let stderr = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      SPECIES_DATA: 'demo',
      RATE_LIMIT_REGISTER_MAX: '1000',
      RATE_LIMIT_LOGIN_MAX: '1000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const deadline = Date.now() + START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${url}${api('/health')}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not up within ${START_MS} ms: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    child,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function register(server: ServerProcess, nickname: string) {
  const response = await fetch(`${server.url}${api('/register')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstname: nickname,
      nickname,
      username: `${nickname.toLowerCase()}-${randomUUID()}@example.org`,
      password: 'Whimbrel2026',
      terms_accepted: true,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const body = (await response.json()) as { auth_token: string; user_id: string };
  return { token: body.auth_token, id: body.user_id };
}

// Skipped on PGlite, which admits one process: run with FIELDMARK_TEST_DB=postgres and TEST_DATABASE_URL.
const title =
  target.kind === 'postgres'
    ? 'two server processes on one PostgreSQL'
    : 'two server processes on one PostgreSQL (skipped: PGlite admits one process; set FIELDMARK_TEST_DB=postgres)';

describe.skipIf(target.kind !== 'postgres')(title, () => {
  const adminUrl = target.kind === 'postgres' ? target.url : '';
  const databaseName = `fieldmark_two_${randomUUID().replace(/-/g, '')}`;
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${databaseName}`;
    // One after the other: the first migrates and seeds the empty database, the second finds it done.
    for (const _ of [0, 1]) {
      const dataDir = await mkdtemp(join(tmpdir(), 'fieldmark-two-'));
      dataDirs.push(dataDir);
      servers.push(await startServer(databaseUrl.href, dataDir));
    }
  }, 2 * START_MS);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }, START_MS);

  it(
    'a message sent through one reaches a member connected to the other, live',
    async () => {
      const [one, other] = servers as [ServerProcess, ServerProcess];
      expect(one.child.pid).not.toBe(other.child.pid);
      const wren = await register(one, 'Wren');
      const robin = await register(other, 'Robin');

      const events = await openEvents(other.url, robin.token);
      try {
        expect(await events.next<ChatUnreadEvent>('ready')).toEqual({ total_unreads: 0 });
        const sent = await fetch(`${one.url}${api(`/chats/${robin.id}/messages`)}`, {
          method: 'PUT',
          headers: { ...bearer(wren.token), 'content-type': 'application/json' },
          body: JSON.stringify({ message_id: randomUUID(), message: 'Bittern booming in the reeds' }),
        });
        expect(sent.status).toBe(200);
        const { message } = (await sent.json()) as ChatMessageWriteResponse;

        const got = await events.next<ChatMessageEvent>(
          'message',
          (event) => event.message.message_id === message.message_id,
        );
        expect(got).toEqual({ message, total_unreads: 1 });
      } finally {
        events.close();
      }
    },
    START_MS,
  );
});
