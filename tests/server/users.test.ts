import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import type { GetUserResponse, UpdateUserResponse } from '@contract/users';
import {
  api,
  bearer,
  buildTestApp,
  createLocation,
  createMember,
  fetchClientToken,
  signIn,
  type TestApp,
  type TestMember,
} from './helpers';

let t: TestApp;
let ann: TestMember;
let bob: TestMember;
let admin: TestMember;
let tokens: Record<'ann' | 'bob' | 'admin', string>;

beforeAll(async () => {
  t = await buildTestApp();
  ann = await createMember(t, { nickname: 'Ann' });
  bob = await createMember(t, { nickname: 'Bob' });
  admin = await createMember(t, { nickname: 'Admin', roles: ['member', 'admin'] });
  tokens = {
    ann: (await signIn(t, ann)).auth_token,
    bob: (await signIn(t, bob)).auth_token,
    admin: (await signIn(t, admin)).auth_token,
  };
});
afterAll(() => t.close());

function get(id: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: api(`/users/${id}`),
    ...(token ? { headers: bearer(token) } : {}),
  });
}
function put(id: string, payload: object, token: string) {
  return t.app.inject({ method: 'PUT', url: api(`/users/${id}`), payload, headers: bearer(token) });
}
function remove(id: string, token: string) {
  return t.app.inject({ method: 'DELETE', url: api(`/users/${id}`), headers: bearer(token) });
}
const forbidden = { status: 'failed', reason: messages.notAuthorised };

describe('GET users/{id}', () => {
  it('shows the owner the whole profile and roles', async () => {
    const body = (await get(ann.id, tokens.ann)).json<GetUserResponse>();
    expect(body.roles).toEqual(['member']);
    expect(body.profile).toMatchObject({
      user_id: ann.id,
      username: ann.email,
      nickname: 'Ann',
      location: null,
    });
  });

  it('shows another member only the public part', async () => {
    const response = await get(ann.id, tokens.bob);
    expect(response.statusCode).toBe(200);
    const body = response.json<GetUserResponse>();
    expect(body.profile).toEqual({
      user_id: ann.id,
      nickname: 'Ann',
      avatar: null,
      about: '',
      created_at: expect.any(Number) as number,
    });
    expect(body.roles).toBeUndefined();
  });

  it('shows an admin the whole profile', async () => {
    const body = (await get(ann.id, tokens.admin)).json<GetUserResponse>();
    expect(body.profile).toMatchObject({ username: ann.email });
  });

  it('shows the public part to the app with a client token, and nothing without a token', async () => {
    const clientToken = await fetchClientToken(t);
    const body = (await get(ann.id, clientToken)).json<GetUserResponse>();
    expect(body.profile).not.toHaveProperty('username');
    expect((await get(ann.id)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await get(id, tokens.ann);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'failed', reason: messages.notFound });
    }
  });
});

describe('PUT users/{id}', () => {
  it('lets the owner update their profile, the location answered with its name', async () => {
    await createLocation(t, { id: 'ZAF', name: 'South Africa' });
    const response = await put(
      ann.id,
      { about: 'Birder', nickname: 'Annie', stats_visible_to_others: false, location_id: 'ZAF' },
      tokens.ann,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<UpdateUserResponse>().profile).toMatchObject({
      about: 'Birder',
      nickname: 'Annie',
      stats_visible_to_others: false,
      location_id: 'ZAF',
      location: { id: 'ZAF', name: 'South Africa' },
    });
    expect((await get(ann.id, tokens.ann)).json<GetUserResponse>().profile).toMatchObject({
      location: { id: 'ZAF', name: 'South Africa' },
    });
  });

  it('refuses a location that does not exist, and clears it with null', async () => {
    const unknown = await put(ann.id, { location_id: 'ATLANTIS' }, tokens.ann);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ status: 'failed', reason: messages.configLocationRequired });
    const cleared = await put(bob.id, { location_id: null }, tokens.bob);
    expect(cleared.json<UpdateUserResponse>().profile).toMatchObject({ location_id: null, location: null });
  });

  it('refuses another member with 403', async () => {
    const response = await put(ann.id, { nickname: 'Hacked' }, tokens.bob);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(forbidden);
    expect((await get(ann.id, tokens.ann)).json<GetUserResponse>().profile.nickname).toBe('Annie');
  });

  it('lets an admin, or a member with admin-users:u, update anyone', async () => {
    expect((await put(ann.id, { about: 'Edited by admin' }, tokens.admin)).statusCode).toBe(200);
    await t.db
      .updateTable('users')
      .set({ permissions: JSON.stringify({ 'admin-users': ['u'] }) })
      .where('id', '=', bob.id)
      .execute();
    try {
      expect((await put(ann.id, { about: 'Edited by Bob' }, tokens.bob)).statusCode).toBe(200);
    } finally {
      await t.db.updateTable('users').set({ permissions: '{}' }).where('id', '=', bob.id).execute();
    }
    expect((await put(ann.id, { about: 'Again' }, tokens.bob)).statusCode).toBe(403);
  });

  it('PUT users (no id) updates the signed-in member', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: api('/users'),
      payload: { firstname: 'Robert' },
      headers: bearer(tokens.bob),
    });
    expect(response.json<UpdateUserResponse>().profile).toMatchObject({
      user_id: bob.id,
      firstname: 'Robert',
    });
  });

  it('validates the body and names the field', async () => {
    const response = await put(ann.id, { nickname: '' }, tokens.ann);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'failed', reason: 'nickname: must not be empty' });
    const unknown = await put(ann.id, { roles: ['admin'] }, tokens.ann);
    expect(unknown.json()).toEqual({ status: 'failed', reason: 'roles: is not allowed here' });
  });
});

describe('DELETE users/{id}', () => {
  it('refuses another member with 403', async () => {
    const response = await remove(ann.id, tokens.bob);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(forbidden);
  });

  it('lets a member delete their own account; their tokens stop working at once', async () => {
    const leaving = await createMember(t);
    const session = await signIn(t, leaving);
    const response = await remove(leaving.id, session.auth_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    expect((await get(ann.id, session.auth_token)).json()).toEqual({
      status: 'failed',
      reason: 'Invalid Token',
    });
    const refresh = await t.app.inject({
      method: 'POST',
      url: api('/login'),
      payload: { method: 'refresh', access_token: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('lets an admin delete a member', async () => {
    const target = await createMember(t);
    expect((await remove(target.id, tokens.admin)).statusCode).toBe(200);
    expect((await get(target.id, tokens.admin)).statusCode).toBe(404);
  });

  it('does not let an admin delete a superadmin', async () => {
    const root = await createMember(t, { roles: ['superadmin'] });
    expect((await remove(root.id, tokens.admin)).statusCode).toBe(403);
    const rootToken = (await signIn(t, root)).auth_token;
    expect((await remove(bob.id, rootToken)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown account', async () => {
    expect((await remove('00000000-0000-4000-8000-000000000000', tokens.admin)).statusCode).toBe(404);
  });
});
