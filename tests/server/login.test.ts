import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@contract/auth';
import { messages } from '@contract/messages';
import { api, bearer, buildTestApp, createMember, signIn, type TestApp, type TestMember } from './helpers';

let t: TestApp;
let member: TestMember;

beforeAll(async () => {
  t = await buildTestApp();
  member = await createMember(t, { email: 'ann@example.org', password: 'Secret123', nickname: 'Ann' });
});
afterAll(() => t.close());

function login(payload: object, query = '') {
  return t.app.inject({ method: 'POST', url: api(`/login${query}`), payload });
}

function me(token: string) {
  return t.app.inject({ method: 'GET', url: api(`/users/${member.id}`), headers: bearer(token) });
}

describe('POST login with a password', () => {
  it('answers a session with every field SPEC §7 lists', async () => {
    const response = await login({ username: member.email, password: member.password });
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginResponse>();
    expect(body).toMatchObject({
      status: 'success',
      email_verification_required: false,
      roles: ['member'],
      permissions: {},
      nickname: 'Ann',
      user_id: member.id,
      avatar: null,
    });
    expect(body.profile).toBeUndefined();
    const expiry = Number(body.auth_token.split('.').at(-1));
    expect(expiry - t.clock.now() / 1000).toBeGreaterThan(3500);
    expect(expiry - t.clock.now() / 1000).toBeLessThanOrEqual(3600);
    expect(body.refresh_token).not.toBe(body.auth_token);
  });

  it('adds the profile (with location) when include_profile=true', async () => {
    const body = (
      await login({ username: member.email, password: member.password }, '?include_profile=true')
    ).json<LoginResponse>();
    expect(body.profile).toMatchObject({
      user_id: member.id,
      username: 'ann@example.org',
      nickname: 'Ann',
      firstname: 'Test',
      newsletter_subscribed: true,
      location_id: null,
      location: null,
    });
  });

  it('trims and lowercases the username', async () => {
    const response = await login({ username: '  ANN@Example.org ', password: member.password });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password with 401 and the same reason as an unknown email', async () => {
    const wrong = await login({ username: member.email, password: 'Secret124' });
    const unknown = await login({ username: 'nobody@example.org', password: 'Secret123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: 'failed', reason: messages.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 400 naming the field for an invalid body', async () => {
    const response = await login({ username: 'not an email', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'failed', reason: 'username: must be a valid email address' });
  });
});

describe('auth tokens', () => {
  it('open guarded routes while valid', async () => {
    const { auth_token } = await signIn(t, member);
    expect((await me(auth_token)).statusCode).toBe(200);
  });

  it('answer 401 Invalid Token once expired', async () => {
    const { auth_token } = await signIn(t, member);
    t.clock.advance(3601);
    try {
      const response = await me(auth_token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'failed', reason: 'Invalid Token' });
    } finally {
      t.clock.advance(-3601);
    }
  });

  it('answer 401 Invalid Token for an unknown or malformed token, 401 sign-in for none', async () => {
    const unknown = await me(`${'A'.repeat(43)}.${Math.floor(Date.now() / 1000) + 3600}`);
    expect(unknown.json()).toEqual({ status: 'failed', reason: 'Invalid Token' });
    expect((await me('garbage')).json()).toEqual({ status: 'failed', reason: 'Invalid Token' });
    const none = await t.app.inject({ method: 'GET', url: api(`/users/${member.id}`) });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ status: 'failed', reason: messages.signInRequired });
  });

  it('are not rotated in their first half-life', async () => {
    const { auth_token } = await signIn(t, member);
    t.clock.advance(1700);
    try {
      expect((await me(auth_token)).headers['x-auth-token']).toBeUndefined();
    } finally {
      t.clock.advance(-1700);
    }
  });

  it('are rotated past half their life: new token in X-Auth-Token, the old one lasts only the grace', async () => {
    const { auth_token: old } = await signIn(t, member);
    t.clock.advance(1900);
    try {
      const first = await me(old);
      expect(first.statusCode).toBe(200);
      const fresh = first.headers['x-auth-token'];
      expect(typeof fresh).toBe('string');
      expect(fresh).not.toBe(old);
      expect(Number(String(fresh).split('.').at(-1))).toBeGreaterThan(Number(old.split('.').at(-1)));

      // A parallel request with the old token still works and does not mint another one.
      const parallel = await me(old);
      expect(parallel.statusCode).toBe(200);
      expect(parallel.headers['x-auth-token']).toBeUndefined();

      t.clock.advance(61);
      expect((await me(old)).statusCode).toBe(401);
      expect((await me(String(fresh))).statusCode).toBe(200);
    } finally {
      t.clock.advance(-1961);
    }
  });

  it('are never accepted as a refresh credential, nor a refresh credential as a bearer token', async () => {
    const session = await signIn(t, member);
    const asRefresh = await login({ method: 'refresh', access_token: session.auth_token });
    expect(asRefresh.statusCode).toBe(401);
    expect(asRefresh.json()).toEqual({ status: 'failed', reason: 'Invalid Token' });
    expect((await me(session.refresh_token)).statusCode).toBe(401);
  });
});

describe('POST login with method refresh', () => {
  it('re-establishes the session without the password and rotates the refresh credential', async () => {
    const session = await signIn(t, member);
    t.clock.advance(4000); // the auth token has expired
    try {
      expect((await me(session.auth_token)).statusCode).toBe(401);
      const response = await login(
        { method: 'refresh', access_token: session.refresh_token },
        '?include_profile=true',
      );
      expect(response.statusCode).toBe(200);
      const renewed = response.json<LoginResponse>();
      expect(renewed.user_id).toBe(member.id);
      expect(renewed.profile?.username).toBe(member.email);
      expect(renewed.refresh_token).not.toBe(session.refresh_token);
      expect((await me(renewed.auth_token)).statusCode).toBe(200);

      // The used credential works during the grace (a retried request), then never again.
      expect((await login({ method: 'refresh', access_token: session.refresh_token })).statusCode).toBe(200);
      t.clock.advance(61);
      expect((await login({ method: 'refresh', access_token: session.refresh_token })).statusCode).toBe(401);
      expect((await login({ method: 'refresh', access_token: renewed.refresh_token })).statusCode).toBe(200);
    } finally {
      t.clock.advance(-4061);
    }
  });

  it('refuses an expired refresh credential', async () => {
    const session = await signIn(t, member);
    t.clock.advance(91 * 24 * 3600);
    try {
      const response = await login({ method: 'refresh', access_token: session.refresh_token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'failed', reason: 'Invalid Token' });
    } finally {
      t.clock.advance(-91 * 24 * 3600);
    }
  });
});

describe('POST logout', () => {
  it('revokes the auth token and its refresh credential, and nothing else', async () => {
    const other = await signIn(t, member);
    const session = await signIn(t, member);
    const response = await t.app.inject({
      method: 'POST',
      url: api('/logout'),
      headers: bearer(session.auth_token),
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    expect((await me(session.auth_token)).json()).toEqual({ status: 'failed', reason: 'Invalid Token' });
    expect((await login({ method: 'refresh', access_token: session.refresh_token })).statusCode).toBe(401);
    expect((await me(other.auth_token)).statusCode).toBe(200);
  });

  it('ends the sign-in by its refresh credential when the auth token has lapsed, without a body too', async () => {
    const session = await signIn(t, member);
    const response = await t.app.inject({
      method: 'POST',
      url: api('/logout'),
      payload: { refresh_token: session.refresh_token },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(session.auth_token)).statusCode).toBe(401);
    const bare = await t.app.inject({ method: 'POST', url: api('/logout') });
    expect(bare.json()).toEqual({ status: 'success' });
  });
});

describe('rate limit on login', () => {
  it('answers 429 with the envelope on the attempt after the limit', async () => {
    const limited = await buildTestApp({ rateLimits: { login: { max: 3, timeWindowMs: 60_000 } } });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: api('/login'),
          payload: { username: 'x@example.org', password: 'nope' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ status: 'failed', reason: messages.tooManyRequests });
      expect(blocked.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
