/**
 * The media repository on a real Dexie (fake-indexeddb, a fresh database per test) with the real
 * API client; only the network is a stand-in (fakeNetwork). Online a write is one call and leaves
 * no outbox row; offline — or when the call finds no network — it is a stored request whose url,
 * type, data and ids are exactly what the sync runtime will replay.
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client';
import { FieldmarkDB } from '../../db/FieldmarkDB';
import { drainOutbox } from '../../db/sync/outbox';
import { apiCalls, FAKE_BASE_URL, fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { memberTokens } from '../../test/memberTokens';
import { answeringComments } from './testMediaNetwork';
import {
  addComment,
  deleteComment,
  deleteReply,
  replyToComment,
  setLike,
  type MediaWriteContext,
} from './mediaWrites';

const MEDIA = '5f0c2b1e-8d3a-4c5e-9f10-1a2b3c4d5e6f';
const ME = '7d1e0c9a-2b3c-4d5e-8f90-0a1b2c3d4e5f';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let counter = 0;
let db: FieldmarkDB;
let network: FakeNetwork;
/** Whether the fake network answers at all (false: every fetch fails, as without signal). */
let isReachable: boolean;

beforeEach(async () => {
  counter += 1;
  db = new FieldmarkDB(`media-writes-${counter}`);
  await db.open();
  network = fakeNetwork();
  isReachable = true;
});

afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

function context(isOnline: boolean): MediaWriteContext {
  const reachableFetch: typeof fetch = (input, init) =>
    isReachable ? network.fetch(input, init) : Promise.reject(new TypeError('Failed to fetch'));
  const api = createApiClient({
    baseUrl: FAKE_BASE_URL,
    fetch: reachableFetch,
    tokens: memberTokens({ auth_token: 'auth.4000000000' }),
    now: Date.now,
    isOnline: () => true,
    clientCredentials: { clientId: 'test', clientSecret: 'test' },
    retries: 1,
    retryDelayMs: 0,
  });
  return { db, api, userId: ME, isOnline, now: () => 1_795_355_286_000 };
}

describe('offline, a write becomes a stored request', () => {
  it('stores a comment under an id made on the device, and calls nothing', async () => {
    const outcome = await addComment(context(false), MEDIA, 'What a heron!');

    expect(outcome).toMatchObject({ sent: false, because: 'offline' });
    expect(outcome.commentId).toMatch(UUID);
    expect(await db.outbox.toArray()).toEqual([
      {
        id: expect.any(String) as string,
        url: `media/${MEDIA}/comments/${outcome.commentId}`,
        type: 'PUT',
        data: { comment: 'What a heron!' },
        time: 1_795_355_286_000,
        user_id: ME,
        attempts: 0,
      },
    ]);
    expect(network.sent).toEqual([]);
  });

  it('stores a like as the wanted state, under the member', async () => {
    await setLike(context(false), MEDIA, true);
    expect(await db.outbox.toArray()).toMatchObject([
      { url: `media/${MEDIA}/likes/${ME}`, type: 'PUT', data: { liked: true }, user_id: ME },
    ]);
  });

  it('stores a reply with its reply id in the body, and deletes with their addresses', async () => {
    const reply = await replyToComment(context(false), MEDIA, 'c-1', 'Thanks!');
    await deleteReply(context(false), MEDIA, 'c-1', reply.replyId);
    await deleteComment(context(false), MEDIA, 'c-1');

    expect(reply.replyId).toMatch(UUID);
    const rows = await db.outbox.orderBy('time').toArray();
    expect(rows.map(({ url, type, data }) => ({ url, type, data }))).toEqual([
      {
        url: `media/${MEDIA}/comments/c-1/reply`,
        type: 'PUT',
        data: { comment: 'Thanks!', reply_id: reply.replyId },
      },
      { url: `media/${MEDIA}/comments/c-1/${reply.replyId}`, type: 'DELETE', data: {} },
      { url: `media/${MEDIA}/comments/c-1`, type: 'DELETE', data: {} },
    ]);
  });

  it('is replayed later with the very same ids, so the server can tell a repeat', async () => {
    const stored = await addComment(context(false), MEDIA, 'What a heron!');
    network.fetch = answeringComments(network.fetch, { user_id: ME, nickname: 'Wren' });

    const { api } = context(true);
    expect(await drainOutbox({ db, api }, { userId: ME })).toEqual({ sent: 1, parked: 0 });
    expect(apiCalls(network)).toEqual([`PUT media/${MEDIA}/comments/${stored.commentId}`]);
    expect(network.sent.at(-1)?.body).toEqual({ comment: 'What a heron!' });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('online, a write is a call', () => {
  it('sends a comment and stores nothing', async () => {
    network.fetch = answeringComments(network.fetch, { user_id: ME, nickname: 'Wren' });
    const outcome = await addComment(context(true), MEDIA, 'What a heron!');

    expect(outcome).toMatchObject({ sent: true, answer: { created: true } });
    expect(outcome.commentId).toMatch(UUID);
    expect(apiCalls(network)).toEqual([`PUT media/${MEDIA}/comments/${outcome.commentId}`]);
    expect(network.sent.at(-1)?.body).toEqual({ comment: 'What a heron!' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends a like and answers the server count', async () => {
    network.on('PUT', `media/${MEDIA}/likes/${ME}`, { body: { status: 'success', liked: true, count: 3 } });
    const outcome = await setLike(context(true), MEDIA, true);
    expect(outcome).toEqual({ sent: true, answer: { status: 'success', liked: true, count: 3 } });
    expect(network.sent.at(-1)?.body).toEqual({ liked: true });
    expect(await db.outbox.count()).toBe(0);
  });

  it('stores the write when the network fails during the call', async () => {
    isReachable = false;
    const outcome = await addComment(context(true), MEDIA, 'What a heron!');

    expect(outcome).toMatchObject({ sent: false, because: 'offline' });
    expect(await db.outbox.toArray()).toMatchObject([
      {
        url: `media/${MEDIA}/comments/${outcome.commentId}`,
        type: 'PUT',
        data: { comment: 'What a heron!' },
      },
    ]);
  });

  it('stores the write when the server is unavailable (5xx), as the outbox would keep it', async () => {
    network.on('PUT', `media/${MEDIA}/likes/${ME}`, {
      status: 503,
      body: { status: 'failed', reason: 'Busy.' },
    });
    const outcome = await setLike(context(true), MEDIA, false);
    expect(outcome).toMatchObject({ sent: false, because: 'unavailable' });
    expect(await db.outbox.count()).toBe(1);
  });

  it('throws a permanent refusal with the server reason and stores nothing', async () => {
    network.on('DELETE', `media/${MEDIA}/comments/c-9`, {
      status: 403,
      body: { status: 'failed', reason: 'You can only change or delete your own comments.' },
    });
    await expect(deleteComment(context(true), MEDIA, 'c-9')).rejects.toMatchObject({
      status: 403,
      reason: 'You can only change or delete your own comments.',
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues a write behind older waiting writes of the same photo instead of overtaking them', async () => {
    await setLike(context(false), MEDIA, true);
    const outcome = await setLike(context(true), MEDIA, false);

    expect(outcome).toMatchObject({ sent: false, because: 'queued' });
    expect(network.sent).toEqual([]);
    const rows = await db.outbox.orderBy('time').toArray();
    expect(rows.map((row) => row.data)).toEqual([{ liked: true }, { liked: false }]);
  });

  it('is not held back by a parked write, which only the member retries', async () => {
    const parked = await setLike(context(false), MEDIA, true);
    if (parked.sent) throw new Error('expected a stored like');
    await db.outbox.update(parked.row.id, { parked: { status: 404, reason: 'Gone.', at: 1 } });
    network.on('PUT', `media/${MEDIA}/likes/${ME}`, { body: { status: 'success', liked: false, count: 0 } });

    expect(await setLike(context(true), MEDIA, false)).toMatchObject({ sent: true });
  });
});
