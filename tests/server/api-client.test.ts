/**
 * The client's one HTTP client (src/api/client.ts) against the REAL server: real HTTP on
 * 127.0.0.1, real tokens, the real Redux store holding the session. Only process boundaries are
 * stood in for: the clock (both sides move together), and, for the failure cases, the network
 * (a fetch that fails or hangs the way a dead connection does).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClientTokenResponse, LoginResponse } from '@contract/auth';
import { messages } from '@contract/messages';
import type { GetUserResponse } from '@contract/users';
import { ApiError } from '../../src/api/ApiError';
import type { Payload } from '../../src/api/url';
import { makeStore, type AppStore } from '../../src/app/store';
import { logout, signIn } from '../../src/features/auth/authThunks';
import { cartSettled } from '../../src/features/commerce/cartGate';
import { api, bearer, buildTestApp, createMember, type TestApp, type TestMember } from './helpers';

interface Call {
  method: string;
  path: string;
  search: string;
  authorization: string | null;
  body: unknown;
  status?: number;
  rotated?: string | null;
}

let t: TestApp;
let baseUrl: string;
let member: TestMember;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = `${await t.listen()}/api/v1.0/`;
});
afterAll(() => t.close());

beforeEach(async () => {
  member = await createMember(t, { password: 'Secret123', nickname: 'Wren' });
});

/** A fetch that goes to the real server and records what crossed the wire. */
function recordingFetch(calls: Call[], network: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const headers = new Headers(init?.headers);
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace('/api/v1.0/', ''),
      search: url.search,
      authorization: headers.get('authorization'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const response = await network(input, init);
    call.status = response.status;
    call.rotated = response.headers.get('x-auth-token');
    return response;
  };
}

interface Harness {
  store: AppStore;
  calls: Call[];
  request: <T>(method: 'GET' | 'POST' | 'PUT', path: string, payload?: Payload) => Promise<T>;
}

/** A fresh store (and API client) per test; its clock is the server's test clock. */
function harness(
  options: { network?: typeof fetch; online?: () => boolean; timeoutMs?: number } = {},
): Harness {
  const calls: Call[] = [];
  const store = makeStore(undefined, {
    baseUrl,
    fetch: recordingFetch(calls, options.network),
    now: () => t.clock.now(),
    isOnline: options.online ?? (() => true),
    persist: false,
    retryDelayMs: 1,
    timeoutMs: options.timeoutMs,
  });
  const request: Harness['request'] = (method, path, payload) =>
    store.dispatch((_dispatch, _getState, { apiClient }) => apiClient.request(method, path, payload));
  return { store, calls, request };
}

async function signedIn(h: Harness): Promise<void> {
  expect(await h.store.dispatch(signIn(member.email, member.password))).toBe('signedIn');
  // The shop's sign-in work (fetching the member's cart) runs after sign-in: let it finish, so
  // its calls are not counted as the next step's.
  await cartSettled();
  h.calls.length = 0;
}

const paths = (calls: Call[]) => calls.map((call) => `${call.method} ${call.path} ${call.status ?? '-'}`);

describe('signed out: the client token', () => {
  it('is fetched from oauth/token with the client credentials and sent as the bearer', async () => {
    const h = harness();
    const answer = await h.request<GetUserResponse>('GET', `users/${member.id}`);

    expect(answer.profile.user_id).toBe(member.id);
    expect(paths(h.calls)).toEqual(['POST oauth/token 200', `GET users/${member.id} 200`]);
    expect(h.calls[0]?.body).toMatchObject({ grant_type: 'client_credentials', client_id: 'fieldmark-web' });
    expect(h.calls[0]?.authorization).toBeNull();
    const clientToken = h.store.getState().session.clientToken;
    expect(clientToken).toMatch(/\.\d+$/);
    expect(h.calls[1]?.authorization).toBe(`Bearer ${clientToken}`);
  });

  it('is reused until its expiry segment has passed, then fetched again', async () => {
    const h = harness();
    await h.request('GET', `users/${member.id}`);
    await h.request('GET', `users/${member.id}`);
    expect(h.calls.filter((call) => call.path === 'oauth/token')).toHaveLength(1);
    const first = h.store.getState().session.clientToken ?? '';

    const expiresAt = Number(first.split('.').at(-1));
    t.clock.advance(expiresAt - t.clock.now() / 1000 + 1);
    await h.request('GET', `users/${member.id}`);

    expect(paths(h.calls).slice(3)).toEqual(['POST oauth/token 200', `GET users/${member.id} 200`]);
    const second = h.store.getState().session.clientToken;
    expect(second).not.toBe(first);
    expect(h.calls.at(-1)?.authorization).toBe(`Bearer ${second}`);
  });

  it('is replaced and the call retried once when the server calls it an Invalid Token', async () => {
    const h = harness();
    // Well-formed and far from its expiry segment, but never issued: the server refuses it.
    const forged = `${'A'.repeat(43)}.9999999999`;
    h.store.dispatch({ type: 'session/clientTokenIssued', payload: forged });

    await h.request('GET', `users/${member.id}`);

    expect(paths(h.calls)).toEqual([
      `GET users/${member.id} 401`,
      'POST oauth/token 200',
      `GET users/${member.id} 200`,
    ]);
    expect(h.calls[0]?.authorization).toBe(`Bearer ${forged}`);
    expect(h.store.getState().session.clientToken).not.toBe(forged);
  });
});

describe('signed in: the auth token', () => {
  it('is the bearer, and GET sends its payload as a query string', async () => {
    const h = harness();
    await signedIn(h);
    const { authToken } = h.store.getState().session;

    const answer = await h.request<GetUserResponse>('GET', `users/${member.id}`, { complete_profile: true });

    expect(answer.profile).toMatchObject({ user_id: member.id, username: member.email });
    expect(h.calls[0]?.authorization).toBe(`Bearer ${authToken}`);
    expect(h.calls[0]?.search).toBe('?complete_profile=true');
    expect(h.calls[0]?.body).toBeUndefined();
  });

  it('is replaced by the one the server sends in X-Auth-Token', async () => {
    const h = harness();
    await signedIn(h);
    const before = h.store.getState().session.authToken;

    t.clock.advance(1900); // past half of the one-hour life: the server rotates
    await h.request('GET', `users/${member.id}`);

    const rotated = h.calls[0]?.rotated;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(before);
    expect(h.store.getState().session.authToken).toBe(rotated);

    await h.request('GET', `users/${member.id}`);
    expect(h.calls[1]?.authorization).toBe(`Bearer ${rotated}`);
    expect(h.calls[1]?.status).toBe(200);
  });

  it('after Invalid Token, re-establishes the session with the refresh credential and retries once', async () => {
    const h = harness();
    await signedIn(h);
    const before = h.store.getState().session;

    t.clock.advance(3700); // the auth token has expired on the server
    const answer = await h.request<GetUserResponse>('GET', `users/${member.id}`);

    expect(answer.profile.user_id).toBe(member.id);
    expect(paths(h.calls)).toEqual([
      `GET users/${member.id} 401`,
      'POST login 200',
      `GET users/${member.id} 200`,
    ]);
    // The refresh login carries the refresh credential, never a password.
    expect(h.calls[1]?.body).toEqual({ method: 'refresh', access_token: before.refreshToken });
    expect(JSON.stringify(h.calls)).not.toContain(member.password);
    const after = h.store.getState().session;
    expect(after.user?.user_id).toBe(member.id);
    expect(after.authToken).not.toBe(before.authToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(h.calls[2]?.authorization).toBe(`Bearer ${after.authToken}`);
  });

  it('shares one re-authentication between calls that fail together', async () => {
    const h = harness();
    await signedIn(h);
    t.clock.advance(3700);

    await Promise.all([h.request('GET', `users/${member.id}`), h.request('GET', `users/${member.id}`)]);

    expect(h.calls.filter((call) => call.path === 'login')).toHaveLength(1);
    expect(h.calls.filter((call) => call.status === 200 && call.path.startsWith('users/'))).toHaveLength(2);
  });

  it('clears the user when the refresh credential is refused too', async () => {
    const h = harness();
    await signedIn(h);
    const { authToken } = h.store.getState().session;
    // The session ends elsewhere (e.g. logout on the server): both tokens are revoked.
    await t.app.inject({
      method: 'POST',
      url: api('/logout'),
      headers: bearer(authToken ?? ''),
      payload: {},
    });

    const failure = await h.request('GET', `users/${member.id}`).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).message).toBe(messages.invalidToken);
    expect(paths(h.calls)).toEqual([`GET users/${member.id} 401`, 'POST login 401']);
    expect(h.store.getState().session).toMatchObject({ user: null, authToken: null, refreshToken: null });
  });
});

describe('failures', () => {
  it("carries the server's reason as the error text and does not retry an HTTP error", async () => {
    const h = harness();
    const failure = await h
      .request<LoginResponse>('POST', 'login?include_profile=true', {
        username: member.email,
        password: 'Wrong123',
      })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe(messages.invalidCredentials);
    expect((failure as ApiError).status).toBe(401);
    expect(h.calls.filter((call) => call.path === 'login')).toHaveLength(1);
  });

  it('retries a network failure 3 times, then fails with the offline message', async () => {
    const h = harness({ network: () => Promise.reject(new TypeError('fetch failed')) });
    const failure = await h.request('GET', 'health').catch((error: unknown) => error);

    expect(h.calls).toHaveLength(4); // the first attempt and 3 retries (of the client token request)
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe(messages.offline);
    expect((failure as ApiError).isOffline).toBe(true);
  });

  it('succeeds when the network comes back during the retries', async () => {
    let failuresLeft = 2;
    const flaky: typeof fetch = (input, init) =>
      failuresLeft-- > 0 ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    const h = harness({ network: flaky });

    const answer = await h.request<ClientTokenResponse>('GET', `users/${member.id}`);

    expect(answer.status).toBe('success');
    expect(paths(h.calls)).toEqual([
      'POST oauth/token -',
      'POST oauth/token -',
      'POST oauth/token 200',
      `GET users/${member.id} 200`,
    ]);
  });

  it('gives up on an attempt after the timeout and counts it as a network failure', async () => {
    // A connection that never answers: only the client's own abort ends it.
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    const h = harness({ network: hanging, timeoutMs: 20 });

    const failure = await h.request('GET', 'health').catch((error: unknown) => error);

    expect(h.calls).toHaveLength(4);
    expect((failure as ApiError).message).toBe(messages.offline);
  });

  it('fails at once with the offline message when the device is offline', async () => {
    const h = harness({ online: () => false });
    const failure = await h.request('GET', 'health').catch((error: unknown) => error);

    expect(h.calls).toHaveLength(0);
    expect((failure as ApiError).message).toBe(messages.offline);
  });
});

describe('account thunks on the real server', () => {
  it('logout ends the session on the server and on the device', async () => {
    const h = harness();
    await signedIn(h);
    const { authToken } = h.store.getState().session;

    await h.store.dispatch(logout());

    expect(h.store.getState().session.user).toBeNull();
    expect(paths(h.calls)).toEqual(['POST logout 200']);
    const reuse = await t.app.inject({
      method: 'GET',
      url: api(`/users/${member.id}`),
      headers: bearer(authToken ?? ''),
    });
    expect(reuse.statusCode).toBe(401);
  });

  it('a failed sign-in shows the server reason as a centred warning and stores nothing', async () => {
    const h = harness();
    expect(await h.store.dispatch(signIn(member.email, 'Wrong1234'))).toBe('failed');
    expect(h.store.getState().session.user).toBeNull();
    expect(h.store.getState().ui.toast).toMatchObject({
      severity: 'warning',
      message: messages.invalidCredentials,
      position: 'middle',
      durationMs: 3000,
    });
  });
});
