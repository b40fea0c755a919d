/**
 * The same app over real HTTP (t.listen()), the way the browser API client talks to it: fetch,
 * CORS with a foreign front-end origin, and the rotated token read from X-Auth-Token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@contract/auth';
import { api, buildTestApp, createMember, type TestApp, type TestMember } from './helpers';

const ORIGIN = 'http://localhost:5173';
let t: TestApp;
let baseUrl: string;
let member: TestMember;

beforeAll(async () => {
  t = await buildTestApp({ corsOrigins: [ORIGIN] });
  member = await createMember(t);
  baseUrl = await t.listen();
});
afterAll(() => t.close());

describe('over real HTTP', () => {
  it('listens on 127.0.0.1 with a random port', () => {
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('signs in with fetch and exposes the rotated token to a cross-origin client', async () => {
    const login = await fetch(`${baseUrl}${api('/login')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ username: member.email, password: member.password }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const { auth_token } = (await login.json()) as LoginResponse;

    t.clock.advance(2000);
    try {
      const me = await fetch(`${baseUrl}${api(`/users/${member.id}`)}`, {
        headers: { authorization: `Bearer ${auth_token}`, origin: ORIGIN },
      });
      expect(me.status).toBe(200);
      expect(me.headers.get('access-control-expose-headers')).toBe('X-Auth-Token');
      expect(me.headers.get('x-auth-token')).toMatch(/^[A-Za-z0-9_-]{43}\.\d+$/);
    } finally {
      t.clock.advance(-2000);
    }
  });

  it('answers 404 with the envelope over the wire too', async () => {
    const response = await fetch(`${baseUrl}${api('/nope')}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 'failed', reason: 'Not found.' });
  });
});
