/**
 * People and follows on a real database (issue 16): search accent- and case-insensitive with
 * paging, follow idempotence, followers / following lists, recommendations by the documented rule,
 * guests refused, and never a member's private fields in any answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowResponse, PeopleResponse, RecommendationResponse } from '@contract/community';
import { messages } from '@contract/messages';
import type { GetUserResponse } from '@contract/users';
import { api, bearer, buildTestApp, createMember, fetchClientToken, signIn, type TestApp } from './helpers';

let t: TestApp;
let ann: { id: string; token: string };
let bob: { id: string; token: string };
let zoe: { id: string; token: string };
let clientToken: string;

async function member(nickname: string, firstname = 'Test') {
  const created = await createMember(t, { nickname });
  await t.db.updateTable('users').set({ firstname }).where('id', '=', created.id).execute();
  return { id: created.id, email: created.email, token: (await signIn(t, created)).auth_token };
}

beforeAll(async () => {
  t = await buildTestApp();
  ann = await member('Ann Heron', 'Annabel Secretname');
  bob = await member('birder_bob', 'Robert');
  zoe = await member('Zoë Ångström', 'Zoë');
  clientToken = await fetchClientToken(t);
}, 120_000);
afterAll(() => t.close());

const get = (token: string, path: string) =>
  t.app.inject({ method: 'GET', url: api(path), headers: bearer(token) });
const follow = (token: string, id: string, value: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: api(`/users/${id}/follow`),
    headers: bearer(token),
    payload: { follow: value },
  });

describe('GET users', () => {
  it('finds members by nickname or name, ignoring accents and case', async () => {
    for (const term of ['zoe', 'ZOË', 'angstrom', 'ÅNG']) {
      const body = (await get(ann.token, `/users?search=${encodeURIComponent(term)}`)).json<PeopleResponse>();
      expect(
        body.users.map((u) => u.user_id),
        term,
      ).toEqual([zoe.id]);
    }
    const byName = (await get(ann.token, '/users?search=robert')).json<PeopleResponse>();
    expect(byName.users.map((u) => u.user_id)).toEqual([bob.id]);
    // Word starts only: "eron" is inside "Heron".
    expect((await get(ann.token, '/users?search=eron')).json<PeopleResponse>().users).toEqual([]);
  });

  it('pages with skip and limit and counts every match', async () => {
    const first = (await get(ann.token, '/users?limit=2')).json<PeopleResponse>();
    const second = (await get(ann.token, '/users?limit=2&skip=2')).json<PeopleResponse>();
    expect(first.count).toBe(3);
    expect(first.users).toHaveLength(2);
    expect(second.users).toHaveLength(1);
    const all = [...first.users, ...second.users].map((u) => u.user_id);
    expect(new Set(all)).toEqual(new Set([ann.id, bob.id, zoe.id]));
  });

  it('shows public fields only', async () => {
    const response = await get(bob.token, '/users?search=ann');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Secretname');
    expect(response.body).not.toContain('@example.org');
    expect(Object.keys(response.json<PeopleResponse>().users[0] ?? {}).sort()).toEqual(
      [
        'about',
        'avatar',
        'follower_count',
        'following',
        'following_count',
        'follows_you',
        'nickname',
        'user_id',
      ].sort(),
    );
  });

  it('refuses guests (401) and bad paging (400 naming the field)', async () => {
    const guest = await get(clientToken, '/users');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ status: 'failed', reason: messages.signInRequired });
    expect((await t.app.inject({ method: 'GET', url: api('/users') })).statusCode).toBe(401);
    const bad = await get(ann.token, '/users?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ reason: string }>().reason).toContain('limit');
  });
});

describe('PUT users/{id}/follow', () => {
  it('follows idempotently and unfollows', async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await follow(ann.token, bob.id, true);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<FollowResponse>()).toEqual({
        status: 'success',
        following: true,
        follower_count: 1,
      });
    }
    const followers = (await get(zoe.token, `/users/${bob.id}/follow`)).json<PeopleResponse>();
    expect(followers.users.map((u) => u.user_id)).toEqual([ann.id]);
    expect(followers.count).toBe(1);
    const following = (await get(bob.token, `/users/${ann.id}/following`)).json<PeopleResponse>();
    expect(following.users).toMatchObject([
      { user_id: bob.id, follower_count: 1, follows_you: false, following: false },
    ]);
    const asAnn = (await get(ann.token, `/users?search=birder`)).json<PeopleResponse>();
    expect(asAnn.users[0]).toMatchObject({ following: true, follows_you: false });

    for (let i = 0; i < 2; i += 1) {
      const response = await follow(ann.token, bob.id, false);
      expect(response.json<FollowResponse>()).toEqual({
        status: 'success',
        following: false,
        follower_count: 0,
      });
    }
    expect((await get(zoe.token, `/users/${bob.id}/follow`)).json<PeopleResponse>().count).toBe(0);
  });

  it('refuses following oneself (400), unknown members (404), guests (401) and a bad body (400)', async () => {
    const self = await follow(ann.token, ann.id, true);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ status: 'failed', reason: messages.followSelf });
    expect((await follow(ann.token, '00000000-0000-4000-8000-000000000000', true)).statusCode).toBe(404);
    expect((await follow(ann.token, 'not-a-uuid', true)).statusCode).toBe(404);
    expect((await follow(clientToken, bob.id, true)).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'PUT',
      url: api(`/users/${bob.id}/follow`),
      headers: bearer(ann.token),
      payload: { follow: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ reason: string }>().reason).toContain('follow');
    expect((await get(ann.token, '/users/00000000-0000-4000-8000-000000000000/following')).statusCode).toBe(
      404,
    );
  });
});

describe('GET users/{id}', () => {
  it('gives a member the follow figures of a profile, and a guest none of them', async () => {
    await follow(zoe.token, bob.id, true);
    await follow(bob.token, zoe.id, true);
    const asZoe = (await get(zoe.token, `/users/${bob.id}`)).json<GetUserResponse>();
    expect(asZoe.person).toMatchObject({
      user_id: bob.id,
      follower_count: 1,
      following_count: 1,
      following: true,
      follows_you: true,
    });
    expect(asZoe.profile).not.toHaveProperty('username');
    const own = (await get(bob.token, `/users/${bob.id}`)).json<GetUserResponse>();
    expect(own.person).toMatchObject({ follower_count: 1, following: false });
    const asGuest = (await get(clientToken, `/users/${bob.id}`)).json<GetUserResponse>();
    expect(asGuest).not.toHaveProperty('person');
    await follow(zoe.token, bob.id, false);
    await follow(bob.token, zoe.id, false);
  });
});

describe('POST users/recommendation', () => {
  it('ranks members followed by the people you follow first, and leaves out whom you follow', async () => {
    const cat = await member('Cat');
    // ann follows bob; bob follows zoe: zoe is recommended to ann before cat.
    await follow(ann.token, bob.id, true);
    await follow(bob.token, zoe.id, true);
    const response = await t.app.inject({
      method: 'POST',
      url: api('/users/recommendation'),
      headers: bearer(ann.token),
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    const users = response.json<RecommendationResponse>().users;
    expect(users.map((u) => u.user_id)).toEqual([zoe.id, cat.id]);
    expect(users[0]).toMatchObject({ mutual: 1, shared_groups: 0, nearby: 0, sightings: 0 });

    const searched = await t.app.inject({
      method: 'POST',
      url: api('/users/recommendation'),
      headers: bearer(ann.token),
      payload: { search: 'CAT' },
    });
    expect(searched.json<RecommendationResponse>().users.map((u) => u.user_id)).toEqual([cat.id]);
    const guest = await t.app.inject({
      method: 'POST',
      url: api('/users/recommendation'),
      headers: bearer(clientToken),
      payload: {},
    });
    expect(guest.statusCode).toBe(401);
  });
});
