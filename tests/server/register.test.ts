import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@contract/auth';
import { messages } from '@contract/messages';
import { api, bearer, buildTestApp, createLocation, type TestApp } from './helpers';
import { readMailbox } from './mailbox';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const valid = {
  firstname: 'Ann Smith',
  nickname: 'Ann',
  username: 'ann@example.org',
  password: 'Secret123',
  terms_accepted: true,
};

function register(payload: object) {
  return t.app.inject({ method: 'POST', url: api('/register'), payload });
}

describe('POST register with a password', () => {
  it('creates the account and answers a signed-in session with the profile', async () => {
    const response = await register({ ...valid, username: '  Ann@Example.ORG ' });
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginResponse>();
    expect(body).toMatchObject({
      status: 'success',
      email_verification_required: false,
      roles: ['member'],
      permissions: {},
      nickname: 'Ann',
      avatar: null,
    });
    expect(body.profile).toMatchObject({
      user_id: body.user_id,
      username: 'ann@example.org',
      firstname: 'Ann Smith',
      newsletter_subscribed: true,
      location: null,
    });
    const me = await t.app.inject({
      method: 'GET',
      url: api(`/users/${body.user_id}`),
      headers: bearer(body.auth_token),
    });
    expect(me.statusCode).toBe(200);
    // Without REQUIRE_EMAIL_VERIFICATION nothing is mailed.
    expect(await readMailbox(t.mailDir)).toEqual([]);
  });

  it('stores the password hashed with argon2id', async () => {
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'ann@example.org')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses an email that is taken, in any case, with 409', async () => {
    const response = await register({ ...valid, username: 'ANN@example.org' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 'failed', reason: messages.emailTaken });
  });

  it('enforces the medium password rule on the server', async () => {
    for (const password of ['short1A', 'lettersonly', '12345678', 'ALLUPPERCASE']) {
      const response = await register({ ...valid, username: 'weak@example.org', password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toEqual({ status: 'failed', reason: messages.passwordTooWeak });
    }
    expect(
      (await register({ ...valid, username: 'medium@example.org', password: 'lowercase1' })).statusCode,
    ).toBe(200);
  });

  it('requires accepted terms first, with the SPEC message', async () => {
    const { terms_accepted: _omitted, ...withoutTerms } = valid;
    for (const body of [withoutTerms, { ...valid, terms_accepted: false }, { username: 'x@example.org' }]) {
      const response = await register({ ...body, username: 'terms@example.org' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'failed', reason: messages.registerTermsRequired });
    }
  });

  it('requires name, nickname, email and password, with the SPEC message', async () => {
    for (const field of ['firstname', 'nickname', 'username', 'password'] as const) {
      const response = await register({ ...valid, [field]: '' });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toEqual({ status: 'failed', reason: messages.registerFieldsRequired });
    }
    const blank = await register({ ...valid, username: 'blank@example.org', nickname: '   ' });
    expect(blank.json()).toEqual({ status: 'failed', reason: messages.registerFieldsRequired });
  });

  it('honours the newsletter choice under either name and keeps the location', async () => {
    await createLocation(t, { id: 'GBR', name: 'United Kingdom' });
    const first = (
      await register({
        ...valid,
        username: 'n1@example.org',
        newsletter_subscribed: false,
        location_id: 'GBR',
      })
    ).json<LoginResponse>();
    expect(first.profile).toMatchObject({
      newsletter_subscribed: false,
      location_id: 'GBR',
      location: { id: 'GBR', name: 'United Kingdom' },
    });
    const second = (
      await register({ ...valid, username: 'n2@example.org', accept_newsletter: false })
    ).json<LoginResponse>();
    expect(second.profile?.newsletter_subscribed).toBe(false);
  });

  it('refuses an unknown location', async () => {
    const response = await register({ ...valid, username: 'nowhere@example.org', location_id: 'ATLANTIS' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'failed', reason: messages.configLocationRequired });
  });

  it('rejects fields the contract does not know, by name', async () => {
    const response = await register({ ...valid, username: 'extra@example.org', roles: ['admin'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'failed', reason: 'roles: is not allowed here' });
  });
});

describe('rate limit on register', () => {
  it('answers 429 on the attempt after the limit', async () => {
    const limited = await buildTestApp({ rateLimits: { register: { max: 2, timeWindowMs: 60_000 } } });
    try {
      const attempt = () =>
        limited.app.inject({ method: 'POST', url: api('/register'), payload: { username: 'x@example.org' } });
      expect((await attempt()).statusCode).toBe(400);
      expect((await attempt()).statusCode).toBe(400);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ status: 'failed', reason: messages.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});
