/**
 * Issue 25, items 1 and 2: hostile input never answers 500 or outside the envelope.
 * - U+0000 and lone surrogates in any text, numbers that are not finite or beyond 2^53, nesting
 *   beyond MAX_NESTING: 400 naming the field, for every route (envelope/unsafe-input.ts);
 * - what Fastify's router and Node's HTTP parser refuse (malformed URL escapes, over-long path
 *   parameters, over-large headers, broken request lines): the envelope, no internal codes
 *   (envelope/framework-errors.ts), over real HTTP where inject cannot send it.
 * The fuzz over every route of the OpenAPI document is api-fuzz.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@contract/messages';
import { SKIP_MAX } from '@contract/paging';
import { MAX_NESTING } from '@contract/safeText';
import {
  api,
  bearer,
  buildTestApp,
  createMember,
  fetchClientToken,
  signIn,
  type TestApp,
  type TestMember,
} from './helpers';
import { rawRequest } from './raw-http';

let t: TestApp;
let member: TestMember;
let token: string;
let clientToken: string;
let baseUrl: string;
const ORIGIN = 'https://app.fieldmark.test';

const unsafeText = (field: string) => ({
  status: 'failed',
  reason: formatMessage(messages.unsafeText, { field }),
});
const unsafeNumber = (field: string) => ({
  status: 'failed',
  reason: formatMessage(messages.unsafeNumber, { field }),
});

beforeAll(async () => {
  t = await buildTestApp({ corsOrigins: [ORIGIN] });
  // Routes without a body schema, to reach the check with any JSON at all.
  t.app.post(api('/test-echo'), (request) => ({ status: 'success', body: request.body }));
  t.app.post(api('/test-own-checks'), { config: { ownInputChecks: true } }, () => ({ status: 'success' }));
  member = await createMember(t, { nickname: 'Hostile' });
  token = (await signIn(t, member)).auth_token;
  clientToken = await fetchClientToken(t);
  baseUrl = await t.listen();
});
afterAll(() => t.close());

/** A JSON request whose body is sent as written (so `\ud800` and `1e400` reach the parser). */
function sendJson(method: 'POST' | 'PUT', path: string, json: string, auth = token) {
  return t.app.inject({
    method,
    url: api(path),
    payload: json,
    headers: { 'content-type': 'application/json', ...bearer(auth) },
  });
}

function get(path: string, auth = token) {
  return t.app.inject({ method: 'GET', url: api(path), headers: bearer(auth) });
}

describe('text that cannot be stored: 400 naming the field', () => {
  const register = (fields: Record<string, unknown>) =>
    JSON.stringify({
      firstname: 'Ann',
      nickname: 'Ann',
      username: `ann-${Math.random().toString(36).slice(2)}@example.org`,
      password: 'Secret123',
      terms_accepted: true,
      ...fields,
    });

  it('POST register: a NUL in firstname or nickname, a lone surrogate in nickname', async () => {
    let response = await sendJson('POST', '/register', register({ firstname: 'a\u0000b' }), clientToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(unsafeText('firstname'));
    response = await sendJson('POST', '/register', register({ nickname: 'a\u0000b' }), clientToken);
    expect(response.json()).toEqual(unsafeText('nickname'));
    // JSON.stringify writes a lone surrogate as the escape \ud800; JSON.parse makes it a lone surrogate again.
    response = await sendJson('POST', '/register', register({ nickname: 'a\uD800b' }), clientToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(unsafeText('nickname'));
  });

  it('PUT users: a NUL in nickname, a lone low surrogate in about; the profile is unchanged', async () => {
    let response = await sendJson('PUT', '/users', JSON.stringify({ nickname: 'a\u0000b' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(unsafeText('nickname'));
    response = await sendJson('PUT', '/users', JSON.stringify({ about: 'x\uDC00y' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(unsafeText('about'));
    const profile = (await get(`/users/${member.id}`)).json<{
      profile: { nickname: string; about: string };
    }>();
    expect(profile.profile.nickname).toBe('Hostile');
    expect(profile.profile.about).not.toContain('\uFFFD');
  });

  it('PUT users: a surrogate pair (an emoji) is text like any other', async () => {
    const response = await sendJson('PUT', '/users', JSON.stringify({ about: 'Birds 🐦 and more' }));
    expect(response.statusCode).toBe(200);
    expect(response.json<{ profile: { about: string } }>().profile.about).toBe('Birds 🐦 and more');
  });

  it('PUT password_reset: a NUL in the rid', async () => {
    const response = await sendJson(
      'PUT',
      '/password_reset',
      JSON.stringify({ use_rid: true, rid: 'a\u0000b', reset_pin: '123456', password_new: 'Secret1234' }),
      clientToken,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(unsafeText('rid'));
  });

  it('query and path parameters: the parameter is named', async () => {
    for (const [path, field] of [
      ['/locations?parent_id=a%00b', 'parent_id'],
      ['/locations/a%00b', 'id'],
      ['/taxa/classifications?location_id=a%00b', 'location_id'],
      ['/locations?search_term=%00', 'search_term'],
    ] as const) {
      const response = await get(path, clientToken);
      expect(response.statusCode, path).toBe(400);
      expect(response.json(), path).toEqual(unsafeText(field));
    }
  });

  it('a key with a NUL is named without the NUL', async () => {
    const response = await sendJson('POST', '/test-echo', '{"a\\u0000b": 1}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(unsafeText('ab'));
  });
});

describe('numbers out of range: 400 naming the field', () => {
  it('GET locations: limit and length Infinity, skip -Infinity, lat Infinity', async () => {
    for (const [query, field] of [
      ['limit=Infinity', 'limit'],
      ['length=Infinity', 'length'],
      ['skip=-Infinity', 'skip'],
      ['lat=Infinity&lng=0', 'lat'],
    ] as const) {
      const response = await get(`/locations?${query}`, clientToken);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual(unsafeNumber(field));
    }
  });

  it('GET locations: skip 1e308, 20 digits or just beyond its maximum is refused by the schema', async () => {
    for (const value of ['1e308', '99999999999999999999', String(SKIP_MAX + 1)]) {
      const response = await get(`/locations?skip=${value}`, clientToken);
      expect(response.statusCode, value).toBe(400);
      expect(response.json(), value).toEqual({
        status: 'failed',
        reason: `skip: must be at most ${SKIP_MAX}`,
      });
    }
  });

  it('GET collection/{name}: last_mod Infinity, 1e308, 20 digits', async () => {
    for (const value of ['Infinity', '1e308', '99999999999999999999']) {
      const response = await get(`/collection/trips?last_mod=${value}`);
      expect(response.statusCode, value).toBe(400);
      expect(response.json(), value).toEqual(unsafeNumber('last_mod'));
    }
  });

  it('a JSON body: 1e400 parses to Infinity, 2^53 + 2 is not exact, both refused', async () => {
    let response = await sendJson('POST', '/test-echo', '{"n": 1e400}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(unsafeNumber('n'));
    response = await sendJson('POST', '/test-echo', '{"list": [1, 9007199254740994]}');
    expect(response.json()).toEqual(unsafeNumber('list.1'));
    response = await sendJson('POST', '/test-echo', '{"n": 9007199254740991, "f": 0.5, "g": -1e-300}');
    expect(response.statusCode).toBe(200);
  });
});

describe('nesting and opting out', () => {
  it('a body nested beyond MAX_NESTING answers 400 naming where', async () => {
    const depth = 200;
    const response = await sendJson('POST', '/test-echo', `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
    expect(response.statusCode).toBe(400);
    const field = Array.from({ length: MAX_NESTING }, () => 'a').join('.');
    expect(response.json()).toEqual({
      status: 'failed',
      reason: formatMessage(messages.nestedTooDeeply, { field }),
    });
  });

  it('a route with ownInputChecks gets its body as sent; its query is still checked', async () => {
    let response = await sendJson('POST', '/test-own-checks', '{"note": "a\\u0000b"}');
    expect(response.statusCode).toBe(200);
    response = await sendJson('POST', '/test-own-checks?x=a%00b', '{}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(unsafeText('x'));
  });

  it('an unknown route stays 404, whatever its query', async () => {
    const response = await get('/nope?x=a%00b');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'failed', reason: messages.notFound });
  });
});

/** The envelope and nothing of Fastify's own answer (`code`, `error`, `message`, `statusCode`). */
function expectEnvelope(body: string, reason?: string): void {
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(json).sort()).toEqual(['reason', 'status']);
  expect(json.status).toBe('failed');
  if (reason !== undefined) expect(json.reason).toBe(reason);
}

describe("Fastify's own errors answer the envelope", () => {
  it('a malformed escape in a path parameter: 400', async () => {
    const response = await get('/users/%ED%A0%80');
    expect(response.statusCode).toBe(400);
    expectEnvelope(response.body, messages.invalidRequest);
  });

  it('a path parameter over the length limit: 414', async () => {
    const response = await get(`/users/${'a'.repeat(500)}`);
    expect(response.statusCode).toBe(414);
    expectEnvelope(response.body, messages.invalidRequest);
  });

  it('malformed JSON, an empty JSON body, an unsupported type, a __proto__ key: 4xx', async () => {
    const cases: Array<{ payload: string; type: string }> = [
      { payload: '{"nickname":', type: 'application/json' },
      { payload: '', type: 'application/json' },
      { payload: '<nickname/>', type: 'application/xml' },
      { payload: 'nickname=x', type: 'application/x-www-form-urlencoded' },
      { payload: '{"__proto__": {"admin": true}}', type: 'application/json' },
      { payload: '{"constructor": {"prototype": {"admin": true}}}', type: 'application/json' },
    ];
    for (const { payload, type } of cases) {
      const response = await t.app.inject({
        method: 'PUT',
        url: api('/users'),
        payload,
        headers: { 'content-type': type, ...bearer(token) },
      });
      expect(response.statusCode, `${type} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${type} ${payload}`).toBeLessThan(500);
      expectEnvelope(response.body);
    }
  });

  it('an OPTIONS that is not a CORS preflight: 400; a real preflight still answers 204', async () => {
    for (const headers of [{}, { origin: ORIGIN }, { 'access-control-request-method': 'PUT' }]) {
      const response = await t.app.inject({ method: 'OPTIONS', url: api('/users'), headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(400);
      expectEnvelope(response.body, messages.invalidRequest);
    }
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: api('/users'),
      headers: { origin: ORIGIN, 'access-control-request-method': 'PUT' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ORIGIN);
  });
});

describe('over real HTTP', () => {
  it('a malformed escape in a path parameter: 400 with the envelope', async () => {
    const answer = await rawRequest(baseUrl, { target: api('/users/%ED%A0%80') });
    expect(answer.status).toBe(400);
    expectEnvelope(answer.body, messages.invalidRequest);
  });

  it('an over-long path parameter: 414 with the envelope', async () => {
    const answer = await rawRequest(baseUrl, { target: api(`/locations/${'a'.repeat(2000)}`) });
    expect(answer.status).toBe(414);
    expectEnvelope(answer.body, messages.invalidRequest);
  });

  it('headers over the size limit: 431 with the envelope', async () => {
    const answer = await rawRequest(baseUrl, {
      target: api('/health'),
      headers: { 'x-padding': 'a'.repeat(20_000) },
    });
    expect(answer.status).toBe(431);
    expectEnvelope(answer.body, messages.payloadTooLarge);
  });

  it('a URL over the size limit: 431 with the envelope', async () => {
    const answer = await rawRequest(baseUrl, { target: api(`/locations?search_term=${'a'.repeat(20_000)}`) });
    expect(answer.status).toBe(431);
    expectEnvelope(answer.body, messages.payloadTooLarge);
  });

  it('a raw NUL byte in the request line, a broken request line: 400 with the envelope', async () => {
    for (const raw of [
      `GET ${api('/users/a\u0000b')} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      'GARBAGE\r\n\r\n',
      `GET ${api('/health')} HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n`,
    ]) {
      const answer = await rawRequest(baseUrl, { target: '', raw: Buffer.from(raw, 'latin1') });
      expect(answer.status, JSON.stringify(raw)).toBe(400);
      expectEnvelope(answer.body, messages.invalidRequest);
    }
  });

  it('a NUL in a query parameter: 400 naming it', async () => {
    const answer = await rawRequest(baseUrl, {
      target: api('/locations?parent_id=a%00b'),
      headers: bearer(clientToken),
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual(unsafeText('parent_id'));
  });

  it('the server still answers', async () => {
    const answer = await rawRequest(baseUrl, { target: api('/health') });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: 'success' });
  });
});
