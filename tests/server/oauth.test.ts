import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientTokenResponse } from '@contract/auth';
import { messages } from '@contract/messages';
import { api, bearer, buildTestApp, createMember, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clientId: 'test-client', clientSecret: 'test-secret' });
});
afterAll(() => t.close());

function requestToken(payload: object) {
  return t.app.inject({ method: 'POST', url: api('/oauth/token'), payload });
}

describe('POST oauth/token', () => {
  it('issues a client token whose last segment is its expiry', async () => {
    const response = await requestToken({
      grant_type: 'client_credentials',
      client_id: 'test-client',
      client_secret: 'test-secret',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ClientTokenResponse>();
    expect(body).toMatchObject({ status: 'success', token_type: 'Bearer', expires_in: 86_400 });
    const expiry = Number(body.access_token.split('.').at(-1));
    expect(Math.abs(expiry - (Math.floor(t.clock.now() / 1000) + 86_400))).toBeLessThanOrEqual(1);
  });

  it('refuses a wrong client id or secret with 401', async () => {
    for (const payload of [
      { client_id: 'test-client', client_secret: 'wrong' },
      { client_id: 'other', client_secret: 'test-secret' },
    ]) {
      const response = await requestToken({ grant_type: 'client_credentials', ...payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'failed', reason: messages.invalidClient });
    }
  });

  it('refuses another grant type', async () => {
    const response = await requestToken({
      grant_type: 'password',
      client_id: 'test-client',
      client_secret: 'test-secret',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'failed', reason: 'grant_type: must be "client_credentials"' });
  });

  it('a client token is not a member: member-only routes answer 401 sign-in required', async () => {
    const { access_token } = (
      await requestToken({
        grant_type: 'client_credentials',
        client_id: 'test-client',
        client_secret: 'test-secret',
      })
    ).json<ClientTokenResponse>();
    const response = await t.app.inject({
      method: 'PUT',
      url: api('/users'),
      payload: { about: 'x' },
      headers: bearer(access_token),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 'failed', reason: messages.signInRequired });
  });

  it('an expired client token answers 401 Invalid Token, so the client fetches a new one', async () => {
    const member = await createMember(t);
    const { access_token } = (
      await requestToken({
        grant_type: 'client_credentials',
        client_id: 'test-client',
        client_secret: 'test-secret',
      })
    ).json<ClientTokenResponse>();
    const read = () =>
      t.app.inject({ method: 'GET', url: api(`/users/${member.id}`), headers: bearer(access_token) });
    expect((await read()).statusCode).toBe(200);
    t.clock.advance(86_401);
    try {
      const response = await read();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'failed', reason: 'Invalid Token' });
    } finally {
      t.clock.advance(-86_401);
    }
  });
});
