/**
 * The chat live channel (GET chats/events) over real HTTP: a member's stream gets new messages and
 * unread counts, and a second server instance on the same database delivers a message sent
 * through the first one (LISTEN/NOTIFY, no shared memory). On PGlite (in the server's thread and
 * in its worker thread, PGLITE_THREAD) both instances share the one embedded database; with FIELDMARK_TEST_DB=postgres the second opens its own pool and listener
 * connection to the same schema, as a second process would.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChatMessageEvent, ChatMessageWriteResponse, ChatUnreadEvent } from '@contract/chat';
import { buildApp, type App } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { api, bearer, buildTestApp, createMember, signIn, type TestApp } from './helpers';
import { openEvents } from './sse-events';

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
      let database = t.database;
      if (t.postgresUrl) {
        secondDatabase = await openDatabase({ databaseUrl: t.postgresUrl });
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
