/**
 * The newsfeed client against the real server (issue 16): what the pages fetch is kept on the
 * device (Dexie on fake-indexeddb) and read back with no network; a refresh brings new and deleted
 * items without gaps or repeats; older pages join the kept run; a post written on the device (text
 * and a photo) reaches the server once through the member's sync pass, even when replayed.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FeedResponse } from '@contract/community';
import type { ApiClient } from '../../src/api/client';
import { FieldmarkDB } from '../../src/db/FieldmarkDB';
import { createSyncEngine, MEMBER_COLLECTIONS, syncMemberData } from '../../src/db/sync';
import { storeRequest } from '../../src/db/sync/outbox';
import { fetchItem, fetchOlder, refreshFeed } from '../../src/features/newsfeed/newsfeedApi';
import { feedMarks, feedOnDevice, itemOnDevice } from '../../src/features/newsfeed/newsfeedStore';
import { editPost, pendingEdits, pendingPosts, writePost } from '../../src/features/newsfeed/postWrites';
import { memberApiClient } from '../../src/test/memberTokens';
import { callApi, buildTestApp, type TestApp } from './helpers';
import { pushSighting, smallJpeg } from './media-helpers';
import { createSyncMember, type SyncMember } from './sync-helpers';
import { present } from '../../src/test/present';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.listen();
}, 300_000);
afterAll(() => t.close());

let counter = 0;
let db: FieldmarkDB;
let ann: SyncMember;
let bob: SyncMember;
let client: ApiClient;
let online: boolean;

beforeEach(async () => {
  counter += 1;
  db = new FieldmarkDB(`newsfeed-client-${counter}.db`);
  ann = await createSyncMember(t);
  bob = await createSyncMember(t);
  online = true;
  client = memberApiClient(
    baseUrl,
    { auth_token: ann.device1 },
    {
      isOnline: () => online,
      retries: 0,
      fetch: (input, init) => (online ? fetch(input, init) : Promise.reject(new TypeError('offline'))),
    },
  );
});

function engineOf(api: ApiClient) {
  return createSyncEngine({
    db,
    api,
    collections: MEMBER_COLLECTIONS,
    isOnline: () => true,
    currentUserId: () => ann.id,
    timers: { setTimeout: () => 0, clearTimeout: () => undefined },
    log: () => undefined,
  });
}

function aPhoto(jpeg: Buffer) {
  const bytes = jpeg.buffer.slice(jpeg.byteOffset, jpeg.byteOffset + jpeg.byteLength) as ArrayBuffer;
  return { media_id: randomUUID(), bytes, content_type: 'image/jpeg', width: 64, height: 48 };
}

async function bobPosts(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = randomUUID();
    const answer = await callApi(t, 'PUT', `/newsfeed/${id}`, bob.device1, { text: `Bob's post ${index}` });
    expect(answer.statusCode, answer.body).toBe(200);
    ids.push(id);
  }
  return ids;
}

describe('the feed kept on the device', () => {
  it("keeps a followed member's public sighting, and shows it offline", async () => {
    await callApi(t, 'PUT', `/users/${bob.id}/follow`, ann.device1, { follow: true });
    const sightingId = randomUUID();
    await pushSighting(t, bob, sightingId, true);
    await pushSighting(t, bob, randomUUID(), false);
    const feed = `following:${ann.id}` as const;

    await refreshFeed(db, client, feed);
    online = false;

    const kept = await feedOnDevice(db, feed);
    expect(kept.map((item) => [item.type, item.author_id, item.observation?.observation_id])).toEqual([
      ['sighting', bob.id, sightingId],
    ]);
    expect(await itemOnDevice(db, present(kept[0], 'the kept item').feed_id)).toEqual(kept[0]);
    await expect(refreshFeed(db, client, feed)).rejects.toThrow();
    expect(await feedOnDevice(db, feed)).toEqual(kept);
  });

  it('pages older items into the run, and a refresh brings new and deleted posts with no repeats', async () => {
    const posts = await bobPosts(25);
    const feed = `following:${ann.id}` as const;
    await callApi(t, 'PUT', `/users/${bob.id}/follow`, ann.device1, { follow: true });

    await refreshFeed(db, client, feed);
    expect((await feedOnDevice(db, feed)).map((item) => item.feed_id)).toEqual(posts.slice(5).reverse());
    expect((await feedMarks(db, feed)).prev_mod).not.toBeNull();

    expect(await fetchOlder(db, client, feed)).toBe(true);
    expect((await feedOnDevice(db, feed)).map((item) => item.feed_id)).toEqual([...posts].reverse());
    expect((await feedMarks(db, feed)).prev_mod).toBeNull();
    expect(await fetchOlder(db, client, feed)).toBe(false);

    const [newer] = await bobPosts(1);
    await callApi(t, 'DELETE', `/newsfeed/${posts[3]}`, bob.device1);
    await refreshFeed(db, client, feed);
    const after = (await feedOnDevice(db, feed)).map((item) => item.feed_id);
    expect(after).toEqual([newer, ...[...posts].reverse().filter((id) => id !== posts[3])]);

    // An item read on its own page: fetched fresh; a deleted one is forgotten.
    const fifth = present(posts[4], 'the fifth post');
    expect((await fetchItem(db, client, fifth))?.feed_id).toBe(fifth);
    await callApi(t, 'DELETE', `/newsfeed/${fifth}`, bob.device1);
    expect(await fetchItem(db, client, fifth)).toBeNull();
    expect(await itemOnDevice(db, fifth)).toBeUndefined();
  });
});

describe("a member's and a group's feed kept on the device", () => {
  it("keeps a member's own items (GET newsfeed/{id}), without those of people they follow", async () => {
    await callApi(t, 'PUT', `/users/${ann.id}/follow`, bob.device1, { follow: true });
    const bobsPosts = await bobPosts(2);
    await callApi(t, 'PUT', `/newsfeed/${randomUUID()}`, ann.device1, { text: "Ann's post" });
    const feed = `member:${bob.id}` as const;

    await refreshFeed(db, client, feed);
    online = false;
    const kept = await feedOnDevice(db, feed);
    expect(kept.map((item) => item.feed_id)).toEqual([...bobsPosts].reverse());
    expect(kept.every((item) => item.author_id === bob.id)).toBe(true);
    // Offline the refresh fails and the kept feed stays as it was.
    await expect(refreshFeed(db, client, feed)).rejects.toThrow();
    expect(await feedOnDevice(db, feed)).toEqual(kept);
  });

  it("keeps a group's feed, and a group post written offline reaches it once through the sync pass", async () => {
    const groupId = randomUUID();
    const created = await callApi(t, 'PUT', `/groups/${groupId}`, ann.device1, { title: 'Reed beds' });
    expect(created.statusCode, created.body).toBe(200);
    const outside = await callApi(t, 'PUT', `/newsfeed/${randomUUID()}`, ann.device1, { text: 'Not in it' });
    expect(outside.statusCode).toBe(200);
    const feed = `group:${groupId}` as const;
    await refreshFeed(db, client, feed);
    const before = await feedOnDevice(db, feed);
    expect(before.every((item) => item.group_id === groupId)).toBe(true);
    expect(before.some((item) => item.text === 'Not in it')).toBe(false);

    online = false;
    const { postId } = await writePost(db, ann.id, { text: 'Bittern booming', photos: [], groupId });
    expect(pendingPosts(await db.outbox.toArray())).toMatchObject([{ postId, groupId }]);
    expect(await feedOnDevice(db, feed)).toEqual(before);

    online = true;
    expect(await syncMemberData({ db, api: client }, engineOf(client), ann.id)).toMatchObject({ sent: 1 });
    await refreshFeed(db, client, feed);
    const after = await feedOnDevice(db, feed);
    expect(after[0]).toMatchObject({ feed_id: postId, text: 'Bittern booming', group_id: groupId });
    expect(after.filter((item) => item.feed_id === postId)).toHaveLength(1);
    online = false;
    expect(await feedOnDevice(db, feed)).toEqual(after);
  });
});

describe('a post written on the device', () => {
  it('with a photo reaches the server once through the sync pass, even when replayed', async () => {
    const photo = aPhoto(await smallJpeg());
    online = false;
    const { postId, row } = await writePost(db, ann.id, { text: '  Heron at dawn  ', photos: [photo] });
    expect(pendingPosts(await db.outbox.toArray())).toMatchObject([
      { postId, text: 'Heron at dawn', photoIds: [photo.media_id], refused: null },
    ]);

    online = true;
    const engine = engineOf(client);
    const summary = await syncMemberData({ db, api: client }, engine, ann.id);
    expect(summary).toMatchObject({ uploaded: 1, sent: 1, parked: 0, error: null });
    expect(await db.outbox.count()).toBe(0);

    // The same request replayed (an answer lost after the server stored it): still one post.
    await storeRequest(db, { url: row.url, type: row.type, data: row.data, user_id: ann.id });
    await syncMemberData({ db, api: client }, engine, ann.id);
    const mine = (await callApi(t, 'GET', `/newsfeed/${ann.id}`, bob.device1)).json<FeedResponse>();
    expect(mine.items.map((item) => [item.feed_id, item.text, item.photos.map((p) => p.media_id)])).toEqual([
      [postId, 'Heron at dawn', [photo.media_id]],
    ]);
  });

  it('waits while its photo could not be uploaded (503), instead of being refused for good', async () => {
    const photo = aPhoto(await smallJpeg());
    const { postId } = await writePost(db, ann.id, { text: 'Osprey', photos: [photo] });
    let uploadsDown = true;
    const flaky = memberApiClient(
      baseUrl,
      { auth_token: ann.device1 },
      {
        retries: 0,
        fetch: (input, init) =>
          uploadsDown && (input instanceof Request ? input.url : input.toString()).includes('/base64')
            ? Promise.resolve(new Response('{"status":"failed","reason":"busy"}', { status: 503 }))
            : fetch(input, init),
      },
    );
    const engine = engineOf(flaky);

    const first = await syncMemberData({ db, api: flaky }, engine, ann.id);
    expect(first).toMatchObject({ uploaded: 0, sent: 0, parked: 0 });
    expect(pendingPosts(await db.outbox.toArray())).toMatchObject([{ postId, refused: null }]);

    uploadsDown = false;
    expect(await syncMemberData({ db, api: flaky }, engine, ann.id)).toMatchObject({ uploaded: 1, sent: 1 });
    const mine = (await callApi(t, 'GET', `/newsfeed/${ann.id}`, bob.device1)).json<FeedResponse>();
    expect(mine.items.map((item) => item.feed_id)).toEqual([postId]);
  });
});

describe('an edit of a post written on the device', () => {
  it('goes through the queue offline, in the order written, and leaves the photos as they were', async () => {
    const photo = aPhoto(await smallJpeg());
    const { postId } = await writePost(db, ann.id, { text: 'Heron', photos: [photo] });
    const engine = engineOf(client);
    expect(await syncMemberData({ db, api: client }, engine, ann.id)).toMatchObject({ sent: 1 });
    const feed = `member:${ann.id}` as const;
    await refreshFeed(db, client, feed);

    online = false;
    const now = Date.now();
    await editPost(db, ann.id, postId, ' Grey heron ', now);
    await editPost(db, ann.id, postId, 'Grey heron, two of them', now);
    const rows = await db.outbox.toArray();
    // Edits are not new posts, and the newest one is what the member sees.
    expect(pendingPosts(rows)).toEqual([]);
    expect(pendingEdits(rows).get(postId)).toMatchObject({ text: 'Grey heron, two of them', refused: null });
    expect((await feedOnDevice(db, feed))[0]?.text).toBe('Heron');

    online = true;
    expect(await syncMemberData({ db, api: client }, engine, ann.id)).toMatchObject({ sent: 2, parked: 0 });
    await refreshFeed(db, client, feed);
    const kept = await feedOnDevice(db, feed);
    expect(kept.map((item) => [item.feed_id, item.text, item.photos.map((p) => p.media_id)])).toEqual([
      [postId, 'Grey heron, two of them', [photo.media_id]],
    ]);
  });

  it("of another member's post is refused and parked with the server's reason", async () => {
    const bobsPost = present((await bobPosts(1))[0], "Bob's post");
    await editPost(db, ann.id, bobsPost, 'Not mine');
    const summary = await syncMemberData({ db, api: client }, engineOf(client), ann.id);
    expect(summary).toMatchObject({ sent: 0, parked: 1 });
    expect(pendingEdits(await db.outbox.toArray()).get(bobsPost)?.refused).toBeTruthy();
    const bobs = (await callApi(t, 'GET', `/newsfeed/${bob.id}`, bob.device1)).json<FeedResponse>();
    expect(bobs.items.map((item) => item.text)).toEqual(["Bob's post 0"]);
  });
});
