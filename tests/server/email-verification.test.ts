import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, RegisterPendingResponse } from '@contract/auth';
import { messages } from '@contract/messages';
import { api, buildTestApp, type TestApp } from './helpers';
import { lastMailTo, linkIn, mailsTo } from './mailbox';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ requireEmailVerification: true });
});
afterAll(() => t.close());

const member = {
  firstname: 'Bo',
  nickname: 'Bo',
  username: 'bo@example.org',
  password: 'Secret123',
  terms_accepted: true,
};

function login() {
  return t.app.inject({
    method: 'POST',
    url: api('/login'),
    payload: { username: member.username, password: member.password },
  });
}

/** Follows a mailed link the way a browser would: only its path and query matter to the app. */
function follow(link: string) {
  const url = new URL(link);
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

describe('with REQUIRE_EMAIL_VERIFICATION', () => {
  let link: string;

  it('register answers 202 without a session and mails the confirmation link', async () => {
    const response = await t.app.inject({ method: 'POST', url: api('/register'), payload: member });
    expect(response.statusCode).toBe(202);
    const body = response.json<RegisterPendingResponse & { auth_token?: string }>();
    expect(body).toMatchObject({ status: 'success', email_verification_required: true, nickname: 'Bo' });
    expect(body.auth_token).toBeUndefined();
    link = linkIn(await lastMailTo(t.mailDir, member.username));
    expect(link).toMatch(
      new RegExp(`^${t.config.publicUrl}/api/v1\\.0/verify_email\\?token=[A-Za-z0-9_-]{22}$`),
    );
  });

  it('login answers 403 with email_verification_required until the link is followed', async () => {
    const response = await login();
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      status: 'failed',
      reason: messages.emailNotVerified,
      email_verification_required: true,
    });
    // A link was mailed moments ago, so no second one yet.
    expect(await mailsTo(t.mailDir, member.username)).toHaveLength(1);
  });

  it('a wrong password still gets the ordinary 401, revealing nothing about verification', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('/login'),
      payload: { username: member.username, password: 'Wrong1234' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('an unknown link redirects with error=1', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('/verify_email?token=not-a-real-token') });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/?action=emailverified&error=1');
  });

  it('following the link verifies the address and redirects into the app; login then succeeds', async () => {
    const response = await follow(link);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/?action=emailverified');
    const signedIn = await login();
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<LoginResponse>().email_verification_required).toBe(false);
  });

  it('the same link does not work twice', async () => {
    expect((await follow(link)).headers.location).toBe('/?action=emailverified&error=1');
  });

  it('an old unconfirmed account gets a fresh link when it tries to sign in', async () => {
    const late = { ...member, username: 'late@example.org' };
    expect((await t.app.inject({ method: 'POST', url: api('/register'), payload: late })).statusCode).toBe(
      202,
    );
    t.clock.advance(8 * 24 * 3600); // the first link (7 days) has expired
    try {
      const first = linkIn(await lastMailTo(t.mailDir, late.username));
      expect((await follow(first)).headers.location).toBe('/?action=emailverified&error=1');
      const attempt = await t.app.inject({
        method: 'POST',
        url: api('/login'),
        payload: { username: late.username, password: late.password },
      });
      expect(attempt.statusCode).toBe(403);
      const second = linkIn(await lastMailTo(t.mailDir, late.username));
      expect(second).not.toBe(first);
      expect((await follow(second)).headers.location).toBe('/?action=emailverified');
    } finally {
      t.clock.advance(-8 * 24 * 3600);
    }
  });
});
