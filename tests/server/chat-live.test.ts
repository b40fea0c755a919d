/**
 * The chat live channel (GET chats/events) over real HTTP: a member's stream gets new messages and
 * unread counts, and a second server instance on the same database delivers a message sent
 * through the first one (LISTEN/NOTIFY, no shared memory). On PGlite (in the server's thread and
 * in its worker thread, PGLITE_THREAD) both instances share the one embedded database; with FIELDMARK_TEST_DB=postgres the second opens its own pool and listener
 * connection to the same schema, as a second process would.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChatMessageEvent, ChatMessageWriteResponse, ChatUnreadEvent } from '@contract/chat';
import { buildApp, type App } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { api, bearer, buildTestApp, createMember, signIn, type TestApp } from './helpers';

const WAIT_MS = 60_000; // a loaded machine: generous, and only ever reached when something is wrong

/** Reads Server-Sent Events from a fetch response and waits for the ones a test expects. */
class EventReader {
  private readonly seen: Array<{ event: string; data: unknown }> = [];
  private wake: (() => void) | undefined;
  private ended = false;

  constructor(
    response: Response,
    private readonly abort: AbortController,
  ) {
    void this.pump(response);
  }

  private async pump(response: Response) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event !== undefined && data !== undefined) this.seen.push({ event, data: JSON.parse(data) });
          this.wake?.();
        }
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    this.wake?.();
  }

  /** The first event named so (and matching) not yet taken, waiting for it. */
  async next<T>(name: string, match: (data: T) => boolean = () => true): Promise<T> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const index = this.seen.findIndex((item) => item.event === name && match(item.data as T));
      if (index >= 0) return this.seen.splice(index, 1)[0]!.data as T;
      if (this.ended) throw new Error(`stream ended before a '${name}' event`);
      if (Date.now() > deadline) throw new Error(`no '${name}' event within ${WAIT_MS} ms`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 1000);
      });
    }
  }

  async untilEnded(): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!this.ended && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(this.ended).toBe(true);
  }

  close() {
    this.abort.abort();
  }
}

async function openEvents(baseUrl: string, token: string): Promise<EventReader> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}${api('/chats/events')}`, {
    headers: bearer(token),
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  return new EventReader(response, abort);
}

/** PGlite in the server's thread and in its worker thread (PGLITE_THREAD), or PostgreSQL. */
const variants =
  inject('fieldmarkTestDb').kind === 'pglite'
    ? [
        { database: 'PGlite in the server thread', pgliteThread: false },
        { database: 'PGlite in a worker thread', pgliteThread: true },
      ]
    : [{ database: 'PostgreSQL', pgliteThread: false }];

describe.each(variants)('on $database', ({ pgliteThread }) => {
  let t: TestApp;
  let baseUrl: string;
  let ann: { id: string; token: string };
  let bob: { id: string; token: string };

  async function member(nickname: string) {
    const created = await createMember(t, { nickname });
    return { id: created.id, token: (await signIn(t, created)).auth_token };
  }

  async function send(app: App, from: { token: string }, to: string, text: string) {
    const response = await app.inject({
      method: 'PUT',
      url: api(`/chats/${to}/messages`),
      payload: { message_id: randomUUID(), message: text },
      headers: bearer(from.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChatMessageWriteResponse>().message;
  }

  beforeAll(async () => {
    t = await buildTestApp({}, { pgliteThread });
    baseUrl = await t.listen();
    ann = await member('Ann');
    bob = await member('Bob');
  }, 120_000);
  afterAll(() => t.close());

  describe('GET chats/events', () => {
    it('needs a member token (401)', async () => {
      const response = await fetch(`${baseUrl}${api('/chats/events')}`);
      expect(response.status).toBe(401);
    });

    it('sends the unread count, each new message and a read mark made elsewhere', async () => {
      const events = await openEvents(baseUrl, bob.token);
      try {
        expect(await events.next<ChatUnreadEvent>('ready')).toEqual({ total_unreads: 0 });
        const sent = await send(t.app, ann, bob.id, 'Kingfisher at the bridge');
        const got = await events.next<ChatMessageEvent>('message');
        expect(got).toEqual({ message: sent, total_unreads: 1 });

        const read = await t.app.inject({
          method: 'PUT',
          url: api(`/chats/${sent.session_id}/status/${bob.id}`),
          payload: { last_read: sent.message_id },
          headers: bearer(bob.token),
        });
        expect(read.statusCode, read.body).toBe(200);
        expect(await events.next<ChatUnreadEvent>('unread')).toEqual({ total_unreads: 0 });
      } finally {
        events.close();
      }
    });

    it('is ended when the server closes, so a shutdown never waits on it', async () => {
      const other = await buildTestApp({}, { pgliteThread });
      try {
        const url = await other.listen();
        const created = await createMember(other);
        const events = await openEvents(url, (await signIn(other, created)).auth_token);
        await events.next('ready');
        await other.app.close();
        await events.untilEnded();
      } finally {
        await other.close();
      }
    });
  });

  describe('two server instances on one database', () => {
    let second: App;
    let secondDatabase: Database | undefined;

    beforeAll(async () => {
      const target = inject('fieldmarkTestDb');
      let database = t.database;
      if (target.kind === 'postgres') {
        const { rows } = await sql<{ search_path: string }>`SHOW search_path`.execute(t.db);
        secondDatabase = await openDatabase({ databaseUrl: target.url, searchPath: rows[0]!.search_path });
        database = secondDatabase;
      }
      second = await buildApp(t.config, { database, clock: t.clock });
    }, 120_000);
    afterAll(async () => {
      await second.close();
      await secondDatabase?.close();
    });

    it('delivers a message sent through one to a member connected to the other', async () => {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const address = second.server.address();
      if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
      const events = await openEvents(`http://127.0.0.1:${address.port}`, bob.token);
      try {
        await events.next('ready');
        // Bob's stream is on the second instance only: the first can reach it only through the database.
        expect(second.chat.live.connected(bob.id)).toBe(true);
        expect(t.app.chat.live.connected(bob.id)).toBe(false);
        const sent = await send(t.app, ann, bob.id, 'Across instances');
        const got = await events.next<ChatMessageEvent>(
          'message',
          (data) => data.message.message_id === sent.message_id,
        );
        expect(got.message).toEqual(sent);
      } finally {
        events.close();
      }
    });
  });
});
