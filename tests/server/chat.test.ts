/**
 * Chats on a real database (PGlite, or PostgreSQL with FIELDMARK_TEST_DB=postgres): direct and
 * group sessions, sends under device ids (a retry stores once), paging by last_mod, read marks and
 * unread counts, and that only members read or write a session.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChatMessagesResponse,
  ChatMessageWriteResponse,
  ChatsResponse,
  ChatStatusResponse,
  ChatUnreadResponse,
} from '@contract/chat';
import { messages } from '@contract/messages';
import { api, bearer, buildTestApp, createMember, fetchClientToken, signIn, type TestApp } from './helpers';
import { present } from '../../src/test/present';

let t: TestApp;
interface Member {
  id: string;
  token: string;
}
let ann: Member;
let bob: Member;
let cid: Member;

async function member(t: TestApp, nickname: string): Promise<Member> {
  const created = await createMember(t, { nickname });
  return { id: created.id, token: (await signIn(t, created)).auth_token };
}

beforeAll(async () => {
  t = await buildTestApp();
  ann = await member(t, 'Ann');
  bob = await member(t, 'Bob');
  cid = await member(t, 'Cid');
}, 120_000);
afterAll(() => t.close());

const send = (who: Member, id: string, message: string, messageId: string = randomUUID()) =>
  t.app.inject({
    method: 'PUT',
    url: api(`/chats/${id}/messages`),
    payload: { message_id: messageId, message },
    headers: bearer(who.token),
  });

async function sent(who: Member, id: string, message: string, messageId?: string) {
  const response = await send(who, id, message, messageId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatMessageWriteResponse>();
}

async function get<T>(who: Member, path: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url: api(path), headers: bearer(who.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const markRead = (who: Member, sessionId: string, lastRead: string, x: string = who.id) =>
  t.app.inject({
    method: 'PUT',
    url: api(`/chats/${sessionId}/status/${x}`),
    payload: { last_read: lastRead },
    headers: bearer(who.token),
  });

describe('a direct session', () => {
  it('is created by the first send to a member and listed for both, with the other member', async () => {
    const before = await get<ChatMessagesResponse>(ann, `/chats/${cid.id}/messages`);
    expect(before).toMatchObject({ session_id: null, messages: [] });

    const first = await sent(ann, cid.id, '  Saw a hoopoe!  ');
    expect(first.created).toBe(true);
    expect(first.message).toMatchObject({ user_id: ann.id, message: 'Saw a hoopoe!' });
    const sessionId = first.message.session_id;

    // Addressed by the member's id or by the session id, it is the same session.
    const reply = await sent(cid, ann.id, 'Where?');
    expect(reply.message.session_id).toBe(sessionId);
    await sent(ann, sessionId, 'By the river');

    const anns = await get<ChatsResponse>(ann, '/chats');
    const session = anns.sessions.find((candidate) => candidate.session_id === sessionId);
    expect(session).toMatchObject({
      kind: 'direct',
      user_id: cid.id,
      nickname: 'Cid',
      avatar: null,
      members: [{ user_id: cid.id, nickname: 'Cid', avatar: null }],
      last_message: { message: 'By the river', user_id: ann.id },
      unread: 0,
    });
    const cids = await get<ChatsResponse>(cid, '/chats');
    expect(cids.sessions.find((candidate) => candidate.session_id === sessionId)).toMatchObject({
      user_id: ann.id,
      nickname: 'Ann',
      unread: 1,
    });

    const page = await get<ChatMessagesResponse>(cid, `/chats/${sessionId}/messages?member_details=true`);
    expect(page.messages.map((message) => message.message)).toEqual([
      'Saw a hoopoe!',
      'Where?',
      'By the river',
    ]);
    expect(page.members?.map((one) => one.user_id).sort()).toEqual([ann.id, cid.id].sort());
  });

  it('stores a retried send once, and refuses the id elsewhere or with another text (409)', async () => {
    const messageId = randomUUID();
    const first = await sent(bob, ann.id, 'Owl tonight?', messageId);
    const again = await sent(bob, ann.id, 'Owl tonight?', messageId);
    expect(again.created).toBe(false);
    expect(again.message).toEqual(first.message);
    const page = await get<ChatMessagesResponse>(ann, `/chats/${bob.id}/messages`);
    expect(page.messages.filter((message) => message.message_id === messageId)).toHaveLength(1);

    const otherText = await send(bob, ann.id, 'Changed', messageId);
    expect(otherText.statusCode).toBe(409);
    expect(otherText.json()).toEqual({ status: 'failed', reason: messages.chatMessageIdTaken });
    const otherAuthor = await send(ann, bob.id, 'Owl tonight?', messageId);
    expect(otherAuthor.statusCode).toBe(409);
  });

  it('answers 400 naming the field for an empty, blank, too long or missing message', async () => {
    const blank = await send(ann, bob.id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ status: 'failed', reason: messages.chatMessageEmpty });
    const unsafe = await send(ann, bob.id, 'owl\u0000');
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json<{ reason: string }>().reason).toContain('message');
    const long = await send(ann, bob.id, 'x'.repeat(4001));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ reason: string }>().reason).toContain('message');
    const noId = await t.app.inject({
      method: 'PUT',
      url: api(`/chats/${bob.id}/messages`),
      payload: { message: 'hi' },
      headers: bearer(ann.token),
    });
    expect(noId.statusCode).toBe(400);
    expect(noId.json<{ reason: string }>().reason).toContain('message_id');
    const self = await send(ann, ann.id, 'Hello me');
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ status: 'failed', reason: messages.chatWithYourself });
  });
});

describe('who may use a session', () => {
  it('answers 401 without a member token', async () => {
    const none = await t.app.inject({ method: 'GET', url: api('/chats') });
    expect(none.statusCode).toBe(401);
    const client = await t.app.inject({
      method: 'GET',
      url: api('/chats/status'),
      headers: bearer(await fetchClientToken(t)),
    });
    expect(client.statusCode).toBe(401);
  });

  it('answers 403 to a member outside the session, for every call, and lists it never', async () => {
    const { message } = await sent(ann, bob.id, 'Private');
    const sessionId = message.session_id;
    const reads = ['messages', 'status'].map((leaf) =>
      t.app.inject({ method: 'GET', url: api(`/chats/${sessionId}/${leaf}`), headers: bearer(cid.token) }),
    );
    for (const response of await Promise.all(reads)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ status: 'failed', reason: messages.chatNotMember });
    }
    expect((await send(cid, sessionId, 'Let me in')).statusCode).toBe(403);
    expect((await markRead(cid, sessionId, message.message_id)).statusCode).toBe(403);
    const cids = await get<ChatsResponse>(cid, '/chats');
    expect(cids.sessions.map((session) => session.session_id)).not.toContain(sessionId);
  });

  it("answers 403 for another member's read mark and 404 for an unknown session or member", async () => {
    const { message } = await sent(ann, bob.id, 'Mark it');
    const others = await markRead(ann, message.session_id, message.message_id, bob.id);
    expect(others.statusCode).toBe(403);
    expect(others.json()).toEqual({ status: 'failed', reason: messages.chatStatusNotYours });
    const unknown = await send(ann, randomUUID(), 'Anyone?');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'failed', reason: messages.chatNotFound });
    const noSession = await t.app.inject({
      method: 'GET',
      url: api(`/chats/${cid.id}/status`),
      headers: bearer(bob.token),
    });
    expect(noSession.statusCode).toBe(404);
    const badId = await t.app.inject({
      method: 'GET',
      url: api('/chats/nope/messages'),
      headers: bearer(ann.token),
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ reason: string }>().reason).toContain('id');
  });
});

describe('read marks and unread counts', () => {
  it('counts others’ messages after the mark, per session and in total, and never moves back', async () => {
    const dan = await member(t, 'Dan');
    const eve = await member(t, 'Eve');
    const a = await sent(dan, eve.id, 'one');
    const b = await sent(dan, eve.id, 'two');
    await sent(eve, dan.id, 'mine'); // Eve's own message moves her mark to it.
    const c = await sent(dan, eve.id, 'three');
    const sessionId = a.message.session_id;

    expect(await get<ChatUnreadResponse>(eve, '/chats/status')).toEqual({
      status: 'success',
      total_unreads: 1,
    });
    expect(await get<ChatUnreadResponse>(dan, '/chats/status')).toEqual({
      status: 'success',
      total_unreads: 0,
    });

    const marked = await markRead(eve, sessionId, c.message.message_id);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<ChatStatusResponse>()).toEqual({
      status: 'success',
      session_id: sessionId,
      last_read: c.message.message_id,
      unread: 0,
      total_unreads: 0,
    });
    // An older mark (a late replay from another device) does not bring messages back.
    const back = await markRead(eve, sessionId, b.message.message_id);
    expect(back.json<ChatStatusResponse>()).toMatchObject({ last_read: c.message.message_id, unread: 0 });

    const status = await get<ChatStatusResponse>(eve, `/chats/${sessionId}/status`);
    expect(status).toMatchObject({ last_read: c.message.message_id, unread: 0, total_unreads: 0 });
    const bad = await markRead(eve, sessionId, 'no-such-message');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 'failed', reason: messages.chatLastReadUnknown });
  });
});

describe('paging by last_mod', () => {
  it('pages sessions and messages forward from a cursor, and older messages with before', async () => {
    const fay = await member(t, 'Fay');
    const gus = await member(t, 'Gus');
    const hal = await member(t, 'Hal');
    const withGus = (await sent(fay, gus.id, 'g1')).message.session_id;
    const withHal = (await sent(fay, hal.id, 'h1')).message.session_id;

    const first = await get<ChatsResponse>(fay, '/chats?limit=1');
    expect(first.sessions.map((session) => session.session_id)).toEqual([withGus]);
    expect(first.more).toBe(true);
    const second = await get<ChatsResponse>(fay, `/chats?limit=1&last_mod=${first.last_mod}`);
    expect(second.sessions.map((session) => session.session_id)).toEqual([withHal]);
    expect(second.more).toBe(false);
    const none = await get<ChatsResponse>(fay, `/chats?last_mod=${second.last_mod}`);
    expect(none).toMatchObject({ sessions: [], more: false, last_mod: second.last_mod });

    // A new message brings its session back after the cursor, with the message and its count.
    await sent(gus, fay.id, 'g2');
    const changed = await get<ChatsResponse>(fay, `/chats?last_mod=${second.last_mod}`);
    expect(changed.sessions).toHaveLength(1);
    expect(changed.sessions[0]).toMatchObject({
      session_id: withGus,
      unread: 1,
      last_message: { message: 'g2' },
    });
    expect(changed.total_unreads).toBe(1);

    for (const text of ['g3', 'g4', 'g5']) await sent(gus, fay.id, text);
    const newest = await get<ChatMessagesResponse>(fay, `/chats/${withGus}/messages?limit=2`);
    expect(newest.messages.map((message) => message.message)).toEqual(['g4', 'g5']);
    expect(newest.more).toBe(true);
    const older = await get<ChatMessagesResponse>(
      fay,
      `/chats/${withGus}/messages?limit=10&before=${present(newest.messages[0], 'the oldest of the newest').last_mod}`,
    );
    expect(older.messages.map((message) => message.message)).toEqual(['g1', 'g2', 'g3']);
    expect(older.more).toBe(false);
    const forward = await get<ChatMessagesResponse>(
      fay,
      `/chats/${withGus}/messages?limit=2&last_mod=${present(older.messages[0], 'the oldest message').last_mod}`,
    );
    expect(forward.messages.map((message) => message.message)).toEqual(['g2', 'g3']);
    expect(forward.more).toBe(true);
    expect(forward.last_mod).toBe(present(forward.messages[1], 'the second message').last_mod);
  });
});

describe('a group session', () => {
  it('lets every member of the group write and read it, and no one else', async () => {
    const groupId = randomUUID();
    const sessionId = await t.app.chat.store.syncGroup({
      groupId,
      title: 'Owlers',
      memberIds: [ann.id, bob.id, cid.id],
    });
    await sent(ann, sessionId, 'Meet at 9');
    await sent(bob, sessionId, 'OK');
    const cids = await get<ChatsResponse>(cid, '/chats');
    expect(cids.sessions.find((session) => session.session_id === sessionId)).toMatchObject({
      kind: 'group',
      group_id: groupId,
      title: 'Owlers',
      user_id: null,
      unread: 2,
    });
    expect(cids.sessions.find((session) => session.session_id === sessionId)?.members).toHaveLength(2);

    // Cid leaves the group: the session is no longer his.
    await t.app.chat.store.syncGroup({ groupId, title: 'Owlers', memberIds: [ann.id, bob.id] });
    expect((await send(cid, sessionId, 'Still here?')).statusCode).toBe(403);
    const after = await get<ChatsResponse>(cid, '/chats');
    expect(after.sessions.map((session) => session.session_id)).not.toContain(sessionId);
  });
});
