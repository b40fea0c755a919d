import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, SocialProvidersResponse } from '@contract/auth';
import { formatMessage, messages } from '@contract/messages';
import { api, buildTestApp, createMember, type TestApp } from './helpers';
import { startOidcIssuer, type OidcIssuer } from './oidc-issuer';

const AUDIENCE = 'fieldmark-test-client';
let issuer: OidcIssuer;
let t: TestApp;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  t = await buildTestApp({
    socialProviders: { google: { clientId: AUDIENCE, issuer: issuer.issuer, jwksUri: issuer.jwksUri } },
  });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

function post(path: string, payload: object) {
  return t.app.inject({ method: 'POST', url: api(path), payload });
}

const invalid = { status: 'failed', reason: formatMessage(messages.socialInvalid, { provider: 'Google' }) };

describe('GET auth/providers', () => {
  it('lists the configured providers with their client ids', async () => {
    const body = (
      await t.app.inject({ method: 'GET', url: api('/auth/providers') })
    ).json<SocialProvidersResponse>();
    expect(body).toEqual({ status: 'success', providers: [{ name: 'google', client_id: AUDIENCE }] });
  });

  it('lists none when none is configured, so the UI hides social sign-in', async () => {
    const plain = await buildTestApp();
    try {
      const body = (
        await plain.app.inject({ method: 'GET', url: api('/auth/providers') })
      ).json<SocialProvidersResponse>();
      expect(body).toEqual({ status: 'success', providers: [] });
    } finally {
      await plain.close();
    }
  });
});

describe('social register and login with an OpenID Connect ID token', () => {
  it('registers a new member from a valid ID token and signs them in', async () => {
    const token = await issuer.sign({
      aud: AUDIENCE,
      sub: 'google-1',
      email: 'Cy@Example.org',
      email_verified: true,
      name: 'Cy Young',
      given_name: 'Cy',
    });
    const response = await post('/register', {
      method: 'social',
      provider: 'google',
      access_token: token,
      terms_accepted: true,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginResponse>();
    expect(body).toMatchObject({ status: 'success', nickname: 'Cy Young', roles: ['member'] });
    expect(body.profile).toMatchObject({
      username: 'cy@example.org',
      firstname: 'Cy',
      newsletter_subscribed: true,
    });
    const row = await t.db
      .selectFrom('users')
      .select(['password_hash', 'email_verified_at'])
      .where('id', '=', body.user_id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(row.email_verified_at).not.toBeNull();
  });

  it('refuses to register the same identity twice', async () => {
    const token = await issuer.sign({
      aud: AUDIENCE,
      sub: 'google-1',
      email: 'other@example.org',
      email_verified: true,
    });
    const response = await post('/register', {
      method: 'social',
      provider: 'google',
      access_token: token,
      terms_accepted: true,
    });
    expect(response.statusCode).toBe(409);
  });

  it('signs the member in with a later ID token, profile included on request', async () => {
    const token = await issuer.sign({ aud: AUDIENCE, sub: 'google-1' });
    const response = await post('/login?include_profile=true', {
      method: 'social',
      provider: 'google',
      access_token: token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<LoginResponse>().profile?.username).toBe('cy@example.org');
  });

  it('a social-only member cannot sign in with any password', async () => {
    const response = await post('/login', { username: 'cy@example.org', password: 'Secret123' });
    expect(response.statusCode).toBe(401);
  });

  it('links an existing password account when the provider vouches for the same email', async () => {
    const member = await createMember(t, { email: 'dee@example.org' });
    const unverified = await issuer.sign({
      aud: AUDIENCE,
      sub: 'google-2',
      email: 'dee@example.org',
      email_verified: false,
    });
    const refused = await post('/login', { method: 'social', provider: 'google', access_token: unverified });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      status: 'failed',
      reason: formatMessage(messages.socialNoAccount, { provider: 'Google' }),
    });

    const verified = await issuer.sign({
      aud: AUDIENCE,
      sub: 'google-2',
      email: 'dee@example.org',
      email_verified: true,
    });
    const linked = await post('/login', { method: 'social', provider: 'google', access_token: verified });
    expect(linked.statusCode).toBe(200);
    expect(linked.json<LoginResponse>().user_id).toBe(member.id);
  });

  it('rejects an ID token for another audience', async () => {
    const token = await issuer.sign({ aud: 'someone-else', sub: 'google-1' });
    const response = await post('/login', { method: 'social', provider: 'google', access_token: token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalid);
  });

  it('rejects an ID token signed with a key the provider did not publish', async () => {
    const token = await issuer.signWithForeignKey({ aud: AUDIENCE, sub: 'google-1' });
    const response = await post('/login', { method: 'social', provider: 'google', access_token: token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalid);
  });

  it('rejects an ID token from another issuer, an expired one and garbage', async () => {
    const wrongIssuer = await issuer.sign({ aud: AUDIENCE, sub: 'google-1', iss: 'https://evil.example' });
    const now = Math.floor(Date.now() / 1000);
    const expired = await issuer.sign({ aud: AUDIENCE, sub: 'google-1', iat: now - 7200, exp: now - 3600 });
    for (const token of [wrongIssuer, expired, 'not.a.jwt-at-all']) {
      const response = await post('/login', { method: 'social', provider: 'google', access_token: token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(invalid);
    }
  });

  it('answers 400 for a provider that is not configured', async () => {
    const token = await issuer.sign({ aud: AUDIENCE, sub: 'apple-1' });
    const response = await post('/login', { method: 'social', provider: 'apple', access_token: token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 'failed',
      reason: formatMessage(messages.socialNotConfigured, { provider: 'Apple' }),
    });
  });

  it('refuses to register without an email claim', async () => {
    const token = await issuer.sign({ aud: AUDIENCE, sub: 'google-3' });
    const response = await post('/register', {
      method: 'social',
      provider: 'google',
      access_token: token,
      terms_accepted: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 'failed',
      reason: formatMessage(messages.socialEmailMissing, { provider: 'Google' }),
    });
  });
});
