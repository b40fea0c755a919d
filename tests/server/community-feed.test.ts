/**
 * The newsfeed on a real database (issue 16): posts written, edited, replayed and deleted; public
 * sightings in the feed without any coordinate, private ones never; the followed feed; paging by
 * marks without gaps or repeats across inserts between pages; likes and comments on a post's photo.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedItem, FeedResponse, PostResponse } from '@contract/community';
import { messages } from '@contract/messages';
import { api, bearer, buildTestApp, createMember, fetchClientToken, signIn, type TestApp } from './helpers';
import { sightingData, uploadedPhoto } from './media-helpers';
import { pushRecords } from './observation-helpers';
import { createSyncMember, type SyncMember } from './sync-helpers';

let t: TestApp;
let ann: SyncMember;
let bob: SyncMember;
let cat: SyncMember;
let clientToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  ann = await createSyncMember(t);
  bob = await createSyncMember(t);
  cat = await createSyncMember(t);
  clientToken = await fetchClientToken(t);
}, 120_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', token: string | undefined, path: string, payload?: object) =>
  t.app.inject({
    method,
    url: api(path),
    ...(payload === undefined ? {} : { payload }),
    ...(token === undefined ? {} : { headers: bearer(token) }),
  });

async function post(token: string, id: string, payload: object): Promise<PostResponse> {
  const response = await call('PUT', token, `/newsfeed/${id}`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PostResponse>();
}

async function feed(token: string | undefined, path: string): Promise<FeedResponse> {
  const response = await call('GET', token, path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FeedResponse>();
}

/** A sighting with a real coordinate, pushed by the member's device. */
async function pushSighting(member: SyncMember, id: string, isPublic: boolean, counter = 1, hidden = false) {
  await pushRecords(t, member.device1, [
    {
      id,
      rev: `${counter}_dev`,
      deleted: false,
      data: {
        ...sightingData(id, member.id, isPublic),
        coordinate: { type: 'Point', coordinates: [-120.5481235, 46.9965144], accuracy: 8, time: 1767225600 },
        coordinate_hidden: hidden,
        note: `note of ${id}`,
        location: { last_mod: 1767225600, names: { USA: 'United States of America' } },
      },
    },
  ]);
}

const ids = (items: FeedItem[]) => items.map((item) => item.feed_id);

describe('posts', () => {
  it('creates a post, answers a replay without a second one, and edits it', async () => {
    const id = randomUUID();
    const first = await post(ann.device1, id, { text: '  First heron of the year!  ' });
    expect(first.created).toBe(true);
    expect(first.item).toMatchObject({
      feed_id: id,
      type: 'post',
      author_id: ann.id,
      text: 'First heron of the year!',
    });
    const replay = await post(ann.device2, id, { text: 'First heron of the year!' });
    expect(replay.created).toBe(false);
    expect(replay.item.mod).toBe(first.item.mod);
    const edited = await post(ann.device1, id, { text: 'Two herons' });
    expect(edited.item.text).toBe('Two herons');
    expect(edited.item.mod).toBeGreaterThan(first.item.mod);
    const mine = await feed(bob.device1, `/newsfeed/${ann.id}`);
    expect(ids(mine.items).filter((x) => x === id)).toHaveLength(1);
  });

  it('refuses empty posts, unknown photos, others’ sightings and groups with 400 naming the field', async () => {
    const empty = await call('PUT', ann.device1, `/newsfeed/${randomUUID()}`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ status: 'failed', reason: messages.postEmpty });
    const bobsPhoto = await uploadedPhoto(t, bob.device1, null);
    const photo = await call('PUT', ann.device1, `/newsfeed/${randomUUID()}`, { photos: [bobsPhoto] });
    expect(photo.statusCode).toBe(400);
    expect(photo.json<{ reason: string }>().reason).toContain('photos');
    await pushSighting(bob, 'bob-public', true);
    const sighting = await call('PUT', ann.device1, `/newsfeed/${randomUUID()}`, {
      observation_id: 'bob-public',
    });
    expect(sighting.json()).toEqual({ status: 'failed', reason: messages.postSightingUnknown });
    const group = await call('PUT', ann.device1, `/newsfeed/${randomUUID()}`, {
      text: 'hi',
      group_id: randomUUID(),
    });
    expect(group.json()).toEqual({ status: 'failed', reason: messages.postGroupNotMember });
    const tooMany = await call('PUT', ann.device1, `/newsfeed/${randomUUID()}`, {
      photos: Array.from({ length: 11 }, () => randomUUID()),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ reason: string }>().reason).toContain('photos');
    const long = await call('PUT', ann.device1, `/newsfeed/${randomUUID()}`, { text: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ reason: string }>().reason).toContain('text');
  });

  it('lets only the author edit, and the author or an admin delete; a deleted post leaves every feed', async () => {
    const id = randomUUID();
    await post(ann.device1, id, { text: 'to be deleted' });
    const before = await feed(bob.device1, '/newsfeed');
    const edit = await call('PUT', bob.device1, `/newsfeed/${id}`, { text: 'mine now' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ status: 'failed', reason: messages.postNotYours });
    expect((await call('DELETE', bob.device1, `/newsfeed/${id}`)).statusCode).toBe(403);
    expect((await call('DELETE', clientToken, `/newsfeed/${id}`)).statusCode).toBe(401);
    expect((await call('DELETE', ann.device1, `/newsfeed/${id}`)).statusCode).toBe(200);
    expect((await call('DELETE', ann.device1, `/newsfeed/${id}`)).statusCode).toBe(200);
    for (const path of ['/newsfeed', `/newsfeed/${ann.id}`, '/newsfeed/all']) {
      expect(ids((await feed(cat.device1, path)).items)).not.toContain(id);
    }
    expect((await call('GET', cat.device1, `/newsfeed/all/${id}`)).statusCode).toBe(404);
    const since = await feed(cat.device1, `/newsfeed?last_mod=${before.last_mod}`);
    expect(since.deleted).toContain(id);
    // A replay of the create does not bring it back.
    expect((await call('PUT', ann.device1, `/newsfeed/${id}`, { text: 'again' })).statusCode).toBe(404);

    const other = randomUUID();
    await post(ann.device1, other, { text: 'moderated' });
    const adminUser = await createMember(t, { roles: ['member', 'admin'] });
    const admin = (await signIn(t, adminUser)).auth_token;
    expect((await call('DELETE', admin, `/newsfeed/${other}`)).statusCode).toBe(200);
    expect((await call('DELETE', admin, `/newsfeed/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('sightings in the feed', () => {
  it('shows public sightings without any coordinate and never private ones', async () => {
    await pushSighting(cat, 'cat-public', true, 1, true);
    await pushSighting(cat, 'cat-private', false);
    const response = await call('GET', clientToken, `/newsfeed/${cat.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<FeedResponse>();
    const observations = body.items.map((item) => item.observation?.observation_id);
    expect(observations).toEqual(['cat-public']);
    expect(body.items[0]).toMatchObject({ type: 'sighting', author_id: cat.id });
    expect(body.items[0]?.observation?.location).toEqual({ USA: 'United States of America' });
    expect(response.body).not.toContain('coordinate');
    expect(response.body).not.toContain('46.99');
    expect(response.body).not.toContain('cat-private');

    // Made private: it leaves the feed, and a refresh names it as gone.
    const mark = body.last_mod;
    await pushSighting(cat, 'cat-public', false, 2);
    expect((await feed(clientToken, `/newsfeed/${cat.id}`)).items).toEqual([]);
    const since = await feed(clientToken, `/newsfeed/${cat.id}?last_mod=${mark}`);
    expect(since.items).toEqual([]);
    expect(since.deleted).toHaveLength(1);
  });

  it('never shows a private sighting linked from a post', async () => {
    await pushSighting(ann, 'ann-shared', true);
    const id = randomUUID();
    await post(ann.device1, id, { text: 'look', observation_id: 'ann-shared' });
    await pushSighting(ann, 'ann-shared', false, 2);
    const item = (await call('GET', bob.device1, `/newsfeed/${ann.id}/${id}`)).json<{ item: FeedItem }>()
      .item;
    expect(item.observation).toBeNull();
  });
});

describe('feeds and paging', () => {
  it('include_following shows the caller and the people they follow; guests may not ask for it', async () => {
    const dan = await createSyncMember(t);
    const eve = await createSyncMember(t);
    const danPost = randomUUID();
    const evePost = randomUUID();
    await post(dan.device1, danPost, { text: 'dan' });
    await post(eve.device1, evePost, { text: 'eve' });
    await call('PUT', dan.device1, `/users/${eve.id}/follow`, { follow: true });
    const following = await feed(dan.device1, '/newsfeed?include_following=true');
    expect(ids(following.items)).toEqual([evePost, danPost]);
    const guest = await call('GET', clientToken, '/newsfeed?include_following=true');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ status: 'failed', reason: messages.signInRequired });
    expect((await call('GET', undefined, '/newsfeed')).statusCode).toBe(401);
    expect((await call('GET', dan.device1, `/newsfeed/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('GET', dan.device1, '/newsfeed?limit=0')).json<{ reason: string }>().reason).toContain(
      'limit',
    );
  });

  it('pages older items by prev_mod without gaps or repeats while new items arrive', async () => {
    const fay = await createSyncMember(t);
    const written: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const id = `fay-${i}`;
      await post(fay.device1, id, { text: `post ${i}` });
      written.push(id);
    }
    const seen: string[] = [];
    let page = await feed(bob.device1, `/newsfeed/${fay.id}?limit=3`);
    const top = page.last_mod;
    seen.push(...ids(page.items));
    let inserted = 0;
    while (page.prev_mod !== null) {
      await post(fay.device1, `fay-new-${inserted}`, { text: 'newer' });
      inserted += 1;
      page = await feed(bob.device1, `/newsfeed/${fay.id}?limit=3&prev_mod=${page.prev_mod}`);
      seen.push(...ids(page.items));
    }
    expect(seen).toEqual([...written].reverse());
    const fresh = await feed(bob.device1, `/newsfeed/${fay.id}?last_mod=${top}`);
    expect(ids(fresh.items)).toEqual(Array.from({ length: inserted }, (_, i) => `fay-new-${i}`));
    expect(fresh.more).toBe(false);
  });
});

describe('likes and comments on a post', () => {
  it('reuses the photo calls: another member likes and comments on a post photo', async () => {
    const photo = await uploadedPhoto(t, ann.device1, null);
    // Before it is posted, the photo is the owner's alone.
    expect((await call('GET', bob.device1, `/media/${photo}/likes`)).statusCode).toBe(404);
    const id = randomUUID();
    const written = await post(ann.device1, id, { text: 'with photo', photos: [photo] });
    expect(written.item.photos.map((p) => p.media_id)).toEqual([photo]);
    const like = await call('PUT', bob.device1, `/media/${photo}/likes/${bob.id}`, { liked: true });
    expect(like.statusCode, like.body).toBe(200);
    const comment = await call('PUT', bob.device1, `/media/${photo}/comments/c-${randomUUID()}`, {
      comment: 'Nice',
    });
    expect(comment.statusCode, comment.body).toBe(200);
    await call('DELETE', ann.device1, `/newsfeed/${id}`);
    expect((await call('GET', bob.device1, `/media/${photo}/likes`)).statusCode).toBe(404);
  });
});
