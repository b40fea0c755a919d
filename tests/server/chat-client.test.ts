/**
 * The chat client against the real server (issue 17): what the pages fetch is kept on the device
 * (Dexie on fake-indexeddb) and read back without a network; a message written offline waits in
 * the outbox, shows as pending, and the member's sync sends it once, in order, with a replay after
 * a lost answer storing nothing twice; the runtime's live channel brings another member's message
 * to the device and tells the unread count; read marks clear it.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import type { Payload } from '../../src/api/url';
import { FieldmarkDB } from '../../src/db/FieldmarkDB';
import { drainOutbox } from '../../src/db/sync/outbox';
import { fetchConversation, markRead, syncSessions } from '../../src/features/chat/chatApi';
import { createChatRuntime } from '../../src/features/chat/chatRuntime';
import { messagesOnDevice, sessionsOnDevice } from '../../src/features/chat/chatStore';
import { pendingMessages, sendChatMessage } from '../../src/features/chat/chatWrites';
import { memberApiClient } from '../../src/test/memberTokens';
import { present } from '../../src/test/present';
import { buildTestApp, createMember, signIn, type TestApp } from './helpers';

const WAIT_MS = 60_000;

let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await buildTestApp();
  origin = await t.listen();
}, 300_000);
afterAll(() => t.close());

interface Device {
  db: FieldmarkDB;
  api: ApiClient;
  userId: string;
  token: string;
  online: boolean;
}

let counter = 0;
async function aDevice(): Promise<Device> {
  counter += 1;
  const member = await createMember(t);
  const login = await signIn(t, member);
  const device: Device = {
    db: new FieldmarkDB(`chat-client-${counter}.db`),
    userId: member.id,
    token: login.auth_token,
    online: true,
    api: undefined as unknown as ApiClient,
  };
  device.api = memberApiClient(origin, login, {
    isOnline: () => device.online,
    retries: 0,
    fetch: (input, init) => (device.online ? fetch(input, init) : Promise.reject(new TypeError('offline'))),
  });
  return device;
}

const send = (from: Device, target: string, text: string) =>
  sendChatMessage({ db: from.db, api: from.api, userId: from.userId, isOnline: from.online }, target, text);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let wren: Device;
let robin: Device;

beforeEach(async () => {
  wren = await aDevice();
  robin = await aDevice();
});

describe('chat on the device', () => {
  it('keeps sessions and messages seen online and reads them back offline', async () => {
    const first = await send(wren, robin.userId, 'Osprey over the lake');
    expect(first.sent).toBe(true);
    await send(robin, wren.userId, 'On my way');

    expect(await syncSessions(wren.db, wren.api, wren.userId)).toBe(1);
    const page = await fetchConversation(wren.db, wren.api, wren.userId, robin.userId);
    expect(page.sessionId).not.toBeNull();

    wren.online = false;
    const sessions = await sessionsOnDevice(wren.db, wren.userId);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ user_id: robin.userId, unread: 1 });
    expect(present(sessions[0], 'the session').last_message?.message).toBe('On my way');
    const sessionId = present(page.sessionId, 'the session id');
    const kept = await messagesOnDevice(wren.db, wren.userId, sessionId);
    expect(kept.map((message) => message.message)).toEqual(['Osprey over the lake', 'On my way']);

    wren.online = true;
    expect(
      await markRead(
        wren.db,
        wren.api,
        wren.userId,
        sessionId,
        present(kept[1], 'the second message').message_id,
      ),
    ).toBe(0);
    expect(present((await sessionsOnDevice(wren.db, wren.userId))[0], 'the session').unread).toBe(0);
  });

  it('sends messages written offline once, in order, when back online', async () => {
    wren.online = false;
    const a = await send(wren, robin.userId, 'First, offline');
    const b = await send(wren, robin.userId, 'Second, offline');
    expect([a.sent, b.sent]).toEqual([false, false]);
    expect((await pendingMessages(wren.db, wren.userId)).map((message) => message.message)).toEqual([
      'First, offline',
      'Second, offline',
    ]);

    wren.online = true;
    // A third written online waits behind them rather than overtaking.
    const c = await send(wren, robin.userId, 'Third, online');
    expect(c).toMatchObject({ sent: false, because: 'queued' });

    // The first drain loses the answer of the first message after the server stored it: the
    // replay must not store it twice.
    const rows = await wren.db.outbox.orderBy('time').toArray();
    const firstRow = present(rows[0], 'the first queued message');
    await wren.api.request('PUT', firstRow.url, firstRow.data as Payload);
    expect(await drainOutbox({ db: wren.db, api: wren.api }, { userId: wren.userId })).toMatchObject({
      sent: 3,
    });
    expect(await pendingMessages(wren.db, wren.userId)).toEqual([]);

    const page = await fetchConversation(robin.db, robin.api, robin.userId, wren.userId);
    const texts = (
      await messagesOnDevice(robin.db, robin.userId, present(page.sessionId, 'the session id'))
    ).map((m) => m.message);
    expect(texts).toEqual(['First, offline', 'Second, offline', 'Third, online']);
  });

  it("brings another member's message live to the device and tells the unread count", async () => {
    await send(wren, robin.userId, 'Hello Robin');
    const counts: number[] = [];
    const runtime = createChatRuntime({
      db: robin.db,
      api: robin.api,
      baseUrl: `${origin}/api/v1.0/`,
      fetch: (input, init) => fetch(input, init),
      ownerId: robin.userId,
      authToken: () => robin.token,
      isOnline: () => true,
      onUnread: (total) => counts.push(total),
    });
    const opened = new Promise<void>((resolve) =>
      runtime.subscribe(() => {
        if (runtime.isLive()) resolve();
      }),
    );
    runtime.start();
    try {
      await opened;
      const sent = await send(wren, robin.userId, 'Are you there?');
      if (!sent.sent) throw new Error('not sent');
      const sessionId = sent.answer.message.session_id;
      const kept = await until(
        () => messagesOnDevice(robin.db, robin.userId, sessionId),
        (rows) => rows.some((row) => row.message === 'Are you there?'),
      );
      expect(kept.at(-1)?.user_id).toBe(wren.userId);
      await until(
        () => Promise.resolve(counts.at(-1)),
        (last) => last === 2,
      );
      await until(
        () => sessionsOnDevice(robin.db, robin.userId),
        (sessions) => sessions[0]?.unread === 2,
      );
    } finally {
      runtime.stop();
    }
    expect(runtime.isLive()).toBe(false);
  });
});
