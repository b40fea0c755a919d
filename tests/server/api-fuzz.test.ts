/**
 * A seeded fuzz of every route of the OpenAPI document (issue 25): for every operation, each path
 * and query parameter and each body field gets hostile values (U+0000, lone surrogates, 10 KB
 * strings, ±Infinity, 1e308, 20-digit integers, negative and zero counts, wrong types, arrays for
 * objects, 200 levels of nesting, unknown fields, malformed URL escapes, over-long parameters), then
 * random combinations of them, as a signed-in member and now and then as a guest or with a bad
 * token. Every answer must be below 500 and in the envelope: JSON with `status` 'success' or
 * 'failed' (a failed one with a `reason`), never Fastify's own `code`/`error`. Some of the same over
 * real HTTP, for what only the wire shows. `GET health` must still answer at the end.
 *
 * Everything else in each request is a plausible value built from the schema, so the hostile value
 * gets past the other fields to the guard and the handler. Seeded: FUZZ_SEED (default below) picks
 * the values, FUZZ_RUNS (default 3000) the number of random combinations after the sweep; the seed
 * is in every failure message. The member is never deleted; a logout or a revoked token signs it
 * in again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
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
import { present } from '../../src/test/present';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { uploadedPhoto } from './media-helpers';
import { BALD_EAGLE, WHITE_TAILED_DEER, createObservation, sightingBody } from './observation-helpers';
import { rawRequest } from './raw-http';

const DEFAULT_SEED = 20261125;
const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const MAX_REPORTED = 25;

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** mulberry32: small, fast, good enough to pick values. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let random = prng(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const chance = (p: number) => random() < p;

function seededUuid(): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

// ---------------------------------------------------------------------------------------------
// Values

/** A JSON number written as is (JSON.stringify cannot write 1e400 or 99999999999999999999). */
class RawJson {
  constructor(readonly text: string) {}
}
/** A URL component written as is (malformed escapes, encoded bytes that are not UTF-8). */
class RawUrl {
  constructor(readonly text: string) {}
}

function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(',')}}`;
  }
  // No JSON text for undefined, a function or a symbol (JSON.stringify answers undefined): null.
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return 'null';
  return JSON.stringify(value);
}

/** encodeURIComponent, except that a lone surrogate becomes its (invalid) 3-byte UTF-8 escape. */
function encodeComponent(value: string | RawUrl): string {
  if (value instanceof RawUrl) return value.text;
  try {
    return encodeURIComponent(value);
  } catch {
    let out = '';
    for (const char of value) {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      } else out += encodeURIComponent(char);
    }
    return out;
  }
}

const LONG = 'x'.repeat(10 * 1024);
const HOSTILE_TEXT = [
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDBFF',
  LONG,
  '',
  ' ',
  "'; DROP TABLE users; --",
  '%00',
  '\\u0000',
  '../../etc/passwd',
  '\u202Eevil',
  '🐦'.repeat(300),
  '\uFFFF\uFFFE',
] as const;

const deep = (depth: number, leaf: unknown = 1): unknown =>
  depth === 0 ? leaf : chance(0.5) ? [deep(depth - 1, leaf)] : { a: deep(depth - 1, leaf) };

function hostileJson(): unknown {
  switch (Math.floor(random() * 6)) {
    case 0:
    case 1:
      return pick(HOSTILE_TEXT);
    case 2:
      return pick([
        new RawJson('1e400'),
        new RawJson('-1e400'),
        new RawJson('1e308'),
        new RawJson('-1e308'),
        new RawJson('99999999999999999999'),
        new RawJson('-99999999999999999999'),
        new RawJson('9007199254740993'),
        -1,
        0,
        0.5,
        -0.000001,
        2147483648,
        Number.MAX_SAFE_INTEGER,
      ]);
    case 3:
      return pick([true, false, null, [], {}, [1, 2], { a: 1 }, 'string', 12]);
    case 4:
      return pick([deep(200), deep(40, 'a\u0000'), [LONG, LONG], Array.from({ length: 5000 }, (_, i) => i)]);
    default:
      return pick([{ unknown_field: 1 }, { 'a\u0000b': 1 }, { [LONG]: 1 }, [{}], [[[]]]]);
  }
}

const NUMBER_TEXTS = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e308',
  '-1e308',
  '99999999999999999999',
  '-99999999999999999999',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  '0x10',
  ' 1',
  '1e-400',
];
const MALFORMED_URL = [
  '%',
  '%zz',
  '%E0%A4',
  '%ED%A0%80',
  '%C0%80',
  '%FF',
  '%00',
  'a%2Fb',
  '..',
  '%2E%2E',
].map((text) => new RawUrl(text));

function hostileUrlValue(): string | RawUrl {
  switch (Math.floor(random() * 4)) {
    case 0:
      return pick(HOSTILE_TEXT);
    case 1:
      return pick(NUMBER_TEXTS);
    case 2:
      return pick(MALFORMED_URL);
    default:
      return pick(['a'.repeat(101), 'a'.repeat(3000), '[]', '{}', 'true', 'null', 'undefined']);
  }
}

// ---------------------------------------------------------------------------------------------
// The OpenAPI document and plausible values from its schemas

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema | Schema[];
  minItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema: Schema;
  required?: boolean;
}

interface Operation {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  params: Parameter[];
  body?: Schema;
}

let member: TestMember;
/** Ids of real records (a sighting, its photo, a comment, species), so some requests find them. */
let knownIds: string[] = [];

/** Strings that match the patterns our schemas use, so the other fields of a request pass. */
function patternPool(): string[] {
  return [
    member.id,
    seededUuid(),
    ...knownIds,
    'fuzz@example.org',
    'species_observations',
    'trips',
    'hotspot_likes',
    'species',
    '1_abc',
    '0_x',
    'USA',
    'ZAF',
    'GRL-2743',
    'bird-1',
    'passer-domesticus',
    'thumbnail',
    'original.jpg',
    'abc',
    'Birds|IOC',
    'Mammals|Larger',
    '123456',
    'a',
  ];
}

function plausibleString(schema: Schema): string {
  if (schema.format === 'email') return 'fuzz@example.org';
  if (schema.format === 'uuid') return chance(0.5) ? member.id : seededUuid();
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const fits = patternPool().filter(
      (value) =>
        pattern.test(value) &&
        value.length >= (schema.minLength ?? 0) &&
        value.length <= (schema.maxLength ?? Infinity),
    );
    if (fits.length > 0) return pick(fits);
  }
  const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 12));
  return 'fuzz-value-words'.repeat(2).slice(0, length).padEnd(length, 'z');
}

function plausibleNumber(schema: Schema, integer: boolean): number {
  const low = schema.minimum ?? 0;
  const high = schema.maximum ?? low + 1000;
  const value = pick([low, high, low + (high - low) / 2, Math.min(low + 1, high)]);
  return integer ? Math.round(value) : value;
}

function branchesOf(schema: Schema): Schema[] | undefined {
  return schema.anyOf ?? schema.oneOf;
}

function plausible(schema: Schema, depth = 0): unknown {
  const branches = branchesOf(schema);
  if (branches) return plausible(pick(branches), depth);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => plausible(part, depth)));
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return pick(schema.enum);
  const type = Array.isArray(schema.type) ? pick(schema.type) : schema.type;
  switch (type) {
    case 'string':
      return plausibleString(schema);
    case 'integer':
      return plausibleNumber(schema, true);
    case 'number':
      return plausibleNumber(schema, false);
    case 'boolean':
      return chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items : undefined;
      if (items) return items.map((item) => plausible(item, depth + 1));
      const count = Math.max(schema.minItems ?? 0, depth > 2 ? 0 : Math.floor(random() * 3));
      return Array.from({ length: count }, () =>
        plausible((schema.items as Schema | undefined) ?? {}, depth + 1),
      );
    }
    case 'object':
    case undefined: {
      if (!schema.properties) return type === 'object' ? {} : 'x';
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, property] of Object.entries(schema.properties)) {
        if (required.has(key) || (depth < 3 && chance(0.5))) out[key] = plausible(property, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, raw] of Object.entries(methods)) {
      if (!['get', 'put', 'post', 'delete'].includes(method)) continue;
      const operation = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      };
      // A stream (GET chats/events) answers until the server closes: not a request/answer pair.
      if (operation.responses?.['200']?.content?.['text/event-stream']) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        params: (operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        ...(body ? { body } : {}),
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Requests

type Identity = 'member' | 'guest' | 'none' | 'bad-token';
type UrlValue = string | RawUrl | Array<string | RawUrl>;

interface FuzzCase {
  operation: Operation;
  method: string;
  pathValues: Record<string, string | RawUrl>;
  query: Record<string, UrlValue>;
  /** The body as sent; undefined: none. */
  body?: string;
  contentType?: string;
  identity: Identity;
  /** What was made hostile, for the failure message. */
  mutation: string;
}

function urlOf(fuzz: FuzzCase): string {
  const path = fuzz.operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
    encodeComponent(fuzz.pathValues[name] ?? 'x'),
  );
  const query = Object.entries(fuzz.query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (item) => `${encodeComponent(name)}=${encodeComponent(item)}`,
    ),
  );
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

function baseCase(operation: Operation): FuzzCase & { bodyValue: unknown } {
  const pathValues: Record<string, string> = {};
  const query: Record<string, UrlValue> = {};
  for (const parameter of operation.params) {
    const value = plausible(parameter.schema);
    const text = Array.isArray(value) ? value.map(String) : String(value);
    if (parameter.in === 'path') pathValues[parameter.name] = Array.isArray(text) ? (text[0] ?? 'x') : text;
    else if (parameter.required || chance(0.5)) query[parameter.name] = text;
  }
  // Never the member's own account: deleting it would end the run.
  if (operation.method === 'DELETE' && operation.path === api('/users/{id}')) pathValues.id = seededUuid();
  const bodyValue = operation.body ? plausible(operation.body) : undefined;
  return {
    operation,
    method: operation.method,
    pathValues,
    query,
    bodyValue,
    identity: chance(0.85) ? 'member' : pick(['guest', 'none', 'bad-token'] as const),
    mutation: 'none',
  };
}

/** Paths of the fields of a plausible body (objects' keys, the first item of arrays), to depth 3. */
function fieldPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (prefix.length >= 3 || value === null || typeof value !== 'object') return [];
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.slice(0, 1).map((item, index) => [index, item])
    : Object.entries(value as Record<string, unknown>);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...fieldPaths(item, [...prefix, key])]);
}

function setAt(root: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: unknown = Array.isArray(root) ? [...(root as unknown[])] : { ...(root as object) };
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  const container = copy as Record<string | number, unknown>;
  container[head] = setAt(container[head], rest, value);
  return copy;
}

function withBody(fuzz: FuzzCase & { bodyValue: unknown }): FuzzCase {
  if (fuzz.body !== undefined || fuzz.bodyValue === undefined) return fuzz;
  return { ...fuzz, body: toJson(fuzz.bodyValue), contentType: fuzz.contentType ?? 'application/json' };
}

const WHOLE_BODIES: Array<{ body: string; contentType: string }> = [
  { body: '{"unterminated":', contentType: 'application/json' },
  { body: '', contentType: 'application/json' },
  { body: '[]', contentType: 'application/json' },
  { body: '"text"', contentType: 'application/json' },
  { body: '1e400', contentType: 'application/json' },
  { body: 'null', contentType: 'application/json' },
  { body: `${'['.repeat(200)}${']'.repeat(200)}`, contentType: 'application/json' },
  { body: `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`, contentType: 'application/json' },
  { body: '{"__proto__":{"polluted":true}}', contentType: 'application/json' },
  { body: '{"constructor":{"prototype":{"polluted":true}}}', contentType: 'application/json' },
  { body: '{"a\\u0000b":1}', contentType: 'application/json' },
  { body: '{"a":"\\ud800"}', contentType: 'application/json' },
  { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { body: '<a/>', contentType: 'application/xml' },
  { body: 'plain \u0000 text', contentType: 'text/plain' },
  { body: '--x\r\n\r\n--x--', contentType: 'multipart/form-data' },
  { body: '{}', contentType: 'application/json; charset=latin1' },
  { body: '{}', contentType: 'application/json; charset=utf-16' },
];

/** One hostile change to a plausible request, chosen by `kind`. */
function mutate(fuzz: FuzzCase & { bodyValue: unknown }, kind: number): FuzzCase & { bodyValue: unknown } {
  const pathParams = fuzz.operation.params.filter((p) => p.in === 'path');
  const queryParams = fuzz.operation.params.filter((p) => p.in === 'query');
  switch (kind % 8) {
    case 0:
    case 1: {
      if (pathParams.length === 0) return mutate(fuzz, kind + 2);
      const parameter = pick(pathParams);
      const value = hostileUrlValue();
      return {
        ...fuzz,
        pathValues: { ...fuzz.pathValues, [parameter.name]: value },
        mutation: `path ${parameter.name}`,
      };
    }
    case 2:
    case 3: {
      if (queryParams.length === 0) return mutate(fuzz, kind + 2);
      const parameter = pick(queryParams);
      const value: UrlValue = chance(0.15) ? [hostileUrlValue(), hostileUrlValue()] : hostileUrlValue();
      return {
        ...fuzz,
        query: { ...fuzz.query, [parameter.name]: value },
        mutation: `query ${parameter.name}`,
      };
    }
    case 4:
    case 5: {
      const paths = fieldPaths(fuzz.bodyValue);
      if (fuzz.bodyValue === undefined || paths.length === 0) return mutate(fuzz, kind + 2);
      const path = pick(paths);
      return {
        ...fuzz,
        bodyValue: setAt(fuzz.bodyValue, path, hostileJson()),
        mutation: `body ${path.join('.')}`,
      };
    }
    case 6: {
      const whole = pick(WHOLE_BODIES);
      return { ...fuzz, ...whole, mutation: 'whole body' };
    }
    default: {
      switch (Math.floor(random() * 4)) {
        case 0:
          return {
            ...fuzz,
            query: { ...fuzz.query, [pick(['unknown', 'a\u0000', LONG.slice(0, 200)])]: 'x' },
            mutation: 'unknown query',
          };
        case 1:
          if (typeof fuzz.bodyValue === 'object' && fuzz.bodyValue !== null && !Array.isArray(fuzz.bodyValue))
            return {
              ...fuzz,
              bodyValue: { ...fuzz.bodyValue, unknown_field: hostileJson() },
              mutation: 'unknown body field',
            };
          return { ...fuzz, bodyValue: hostileJson(), mutation: 'body value' };
        case 2:
          return { ...fuzz, method: pick(['PATCH', 'OPTIONS', 'DELETE', 'PUT', 'POST']), mutation: 'method' };
        default:
          return { ...fuzz, identity: pick(['guest', 'none', 'bad-token'] as const), mutation: 'identity' };
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Checking answers

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

const FRAMEWORK_FIELDS = ['code', 'error', 'statusCode', 'stack', 'message', 'validation'];

/** Why the answer is not acceptable, or undefined when it is. */
function problemWith(fuzz: Pick<FuzzCase, 'operation' | 'method'>, answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status >= 300 && answer.status < 400) {
    // The one redirect: the email verification link sends the browser back to the app.
    return fuzz.operation.path === api('/verify_email') ? undefined : `unexpected redirect ${answer.status}`;
  }
  if (
    answer.status === 200 &&
    fuzz.operation.path === api('/media/{id}/{variant}') &&
    /^image\//.test(answer.contentType)
  )
    return undefined;
  if (!answer.contentType.startsWith('application/json'))
    return `content-type ${answer.contentType || '(none)'}`;
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return 'a body that is not JSON';
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return 'not a JSON object';
  const envelope = json as Record<string, unknown>;
  if (answer.status >= 400) {
    if (envelope.status !== 'failed') return `status ${String(envelope.status)} on ${answer.status}`;
    if (typeof envelope.reason !== 'string' || envelope.reason === '') return 'no reason';
    const leaked = FRAMEWORK_FIELDS.filter((field) => field in envelope);
    if (leaked.length > 0) return `internals: ${leaked.join(', ')}`;
    return undefined;
  }
  return envelope.status === 'success' ? undefined : `status ${String(envelope.status)} on ${answer.status}`;
}

function excerpt(text: string | undefined, length = 160): string {
  if (text === undefined) return '(none)';
  const escaped = JSON.stringify(text.length > length ? `${text.slice(0, length)}…(${text.length})` : text);
  return escaped;
}

// ---------------------------------------------------------------------------------------------

let t: TestApp;
let memberToken: string;
let clientToken: string;
let operations: Operation[];
let failures: string[] = [];
let failureCount = 0;
const failureKinds = new Map<string, number>();
const tally = {
  requests: 0,
  byClass: {} as Record<string, number>,
  /** Routes that answered something other than a refusal of the request's form (400, 413–415, 431). */
  reachedOps: new Set<string>(),
  successOps: new Set<string>(),
};
const FORM_REFUSALS = new Set([400, 413, 414, 415, 431]);

function headersFor(identity: Identity): Record<string, string> {
  switch (identity) {
    case 'member':
      return bearer(memberToken);
    case 'guest':
      return bearer(clientToken);
    case 'bad-token':
      return bearer(pick(['x', `${'a'.repeat(43)}.9999999999`, 'a.b.c', '.'.repeat(200), 'x'.repeat(5000)]));
    default:
      return {};
  }
}

function record(fuzz: FuzzCase, url: string, answer: Answer, via: string): void {
  tally.requests += 1;
  const statusClass = `${Math.floor(answer.status / 100)}xx`;
  tally.byClass[statusClass] = (tally.byClass[statusClass] ?? 0) + 1;
  const operation = `${fuzz.operation.method} ${fuzz.operation.path}`;
  if (!FORM_REFUSALS.has(answer.status)) tally.reachedOps.add(operation);
  if (answer.status < 300) tally.successOps.add(operation);
  const problem = problemWith(fuzz, answer);
  if (!problem) return;
  failureCount += 1;
  // Keep a few of each kind of problem on each route, 5xx first, so one flood hides nothing.
  const key = `${problem.replace(/\d+$/, '')} ${operation}`;
  const seen = failureKinds.get(key) ?? 0;
  failureKinds.set(key, seen + 1);
  if (seen >= 2) return;
  const text =
    `${problem} (${via}): ${fuzz.method} ${excerpt(url, 300)} as ${fuzz.identity}, mutation ${fuzz.mutation}, ` +
    `content-type ${fuzz.contentType ?? '(none)'}, body ${excerpt(fuzz.body)} → ${answer.status} ${excerpt(answer.body)}`;
  if (answer.status >= 500) failures.unshift(text);
  else failures.push(text);
}

/** What a test reports: the first problems (5xx first), how many there were, how to replay them. */
function report(): string {
  const shown = failures.slice(0, MAX_REPORTED);
  return (
    `${failureCount} answers out of bounds: 5xx or outside the envelope (showing ${shown.length}):\n${shown.join('\n')}\n` +
    `reproduce with ${reproduce()}`
  );
}

async function send(fuzz: FuzzCase): Promise<void> {
  const url = urlOf(fuzz);
  const response = await t.app.inject({
    method: fuzz.method as 'GET',
    url,
    headers: {
      ...headersFor(fuzz.identity),
      ...(fuzz.contentType !== undefined ? { 'content-type': fuzz.contentType } : {}),
    },
    ...(fuzz.body !== undefined ? { payload: fuzz.body } : {}),
  });
  record(
    fuzz,
    url,
    {
      status: response.statusCode,
      contentType: String(response.headers['content-type'] ?? ''),
      body: response.body,
    },
    'inject',
  );
  await keepMemberSignedIn(fuzz, response.statusCode, response.body);
}

/** A logout or a revoked token would turn the rest of the run into 401s: sign in again. */
async function keepMemberSignedIn(fuzz: FuzzCase, status: number, body: string): Promise<void> {
  const loggedOut = fuzz.operation.path === api('/logout') && fuzz.identity === 'member' && status < 300;
  const revoked = fuzz.identity === 'member' && status === 401 && body.includes(messages.invalidToken);
  if (loggedOut || revoked) memberToken = (await signIn(t, member)).auth_token;
}

beforeAll(async () => {
  t = await buildTestApp();
  member = await createMember(t, { nickname: 'Fuzz', password: 'Fuzz-member-7' });
  memberToken = (await signIn(t, member)).auth_token;
  clientToken = await fetchClientToken(t);
  // The reference data and the demo species, so lists have rows and real ids lead somewhere.
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  const sightingId = randomUUID();
  const sighting = await createObservation(t, memberToken, BALD_EAGLE, sightingBody(sightingId));
  if (sighting.statusCode !== 200) throw new Error(`sighting: ${sighting.statusCode} ${sighting.body}`);
  const photoId = await uploadedPhoto(t, memberToken, sightingId);
  const commentId = randomUUID();
  await t.app.inject({
    method: 'PUT',
    url: api(`/media/${photoId}/comments/${commentId}`),
    payload: { comment: 'A fine eagle' },
    headers: bearer(memberToken),
  });
  knownIds = [sightingId, photoId, commentId, BALD_EAGLE, WHITE_TAILED_DEER];
  await t.app.ready();
  operations = operationsOf(t.app.swagger() as { paths: Record<string, Record<string, unknown>> });
}, 120_000);
afterAll(() => t.close());

const reproduce = () => `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`;

describe(`API fuzz (seed ${SEED}, ${RUNS} random runs)`, () => {
  it('finds every route in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('sweep: every parameter and body field of every route gets hostile values', async () => {
    failures = [];
    failureCount = 0;
    failureKinds.clear();
    random = prng(SEED);
    for (const operation of operations) {
      const base = baseCase(operation);
      // The plausible request itself, then each kind of change several times.
      await send(withBody(base));
      const pathParams = operation.params.filter((p) => p.in === 'path');
      const queryParams = operation.params.filter((p) => p.in === 'query');
      for (const parameter of pathParams) {
        for (const value of [
          ...HOSTILE_TEXT.slice(0, 6),
          ...MALFORMED_URL.slice(0, 5),
          'a'.repeat(101),
          'a'.repeat(3000),
        ]) {
          await send(
            withBody({
              ...base,
              pathValues: { ...base.pathValues, [parameter.name]: value },
              mutation: `path ${parameter.name}`,
            }),
          );
        }
      }
      for (const parameter of queryParams) {
        for (const value of [
          ...HOSTILE_TEXT.slice(0, 6),
          ...NUMBER_TEXTS.slice(0, 9),
          present(MALFORMED_URL[3], 'a malformed URL'),
        ]) {
          await send(
            withBody({
              ...base,
              query: { ...base.query, [parameter.name]: value },
              mutation: `query ${parameter.name}`,
            }),
          );
        }
      }
      for (const path of fieldPaths(base.bodyValue)) {
        for (let i = 0; i < 6; i += 1) {
          await send(
            withBody({
              ...base,
              bodyValue: setAt(base.bodyValue, path, hostileJson()),
              mutation: `body ${path.join('.')}`,
            }),
          );
        }
      }
      if (operation.body) {
        for (const whole of WHOLE_BODIES) await send({ ...base, ...whole, mutation: 'whole body' });
      }
    }
    expect(failureCount, report()).toBe(0);
    // Thousands of requests, more with each new route: the project's 60 s is too short on a busy machine.
  }, 300_000);

  it('random combinations of hostile values', async () => {
    failures = [];
    failureCount = 0;
    failureKinds.clear();
    random = prng(SEED + 1);
    for (let run = 0; run < RUNS; run += 1) {
      let fuzz = baseCase(pick(operations));
      const changes = 1 + Math.floor(random() * 3);
      for (let i = 0; i < changes; i += 1) fuzz = mutate(fuzz, Math.floor(random() * 8));
      await send(withBody(fuzz));
    }
    expect(failureCount, report()).toBe(0);
  }, 300_000);

  it('over real HTTP: raw escapes, NUL bytes, over-long parameters and headers', async () => {
    failures = [];
    failureCount = 0;
    failureKinds.clear();
    random = prng(SEED + 2);
    const baseUrl = await t.listen();
    for (const operation of operations) {
      const base = withBody(baseCase(operation));
      const targets: string[] = [];
      const path = urlOf(base);
      for (const name of operation.params.filter((p) => p.in === 'path').map((p) => p.name)) {
        for (const value of [new RawUrl('%ED%A0%80'), new RawUrl('a%00b'), 'a'.repeat(400)]) {
          targets.push(urlOf({ ...base, pathValues: { ...base.pathValues, [name]: value } }));
        }
      }
      for (const name of operation.params
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .slice(0, 3)) {
        for (const value of [
          new RawUrl('%ED%A0%80'),
          new RawUrl('a%00b'),
          new RawUrl('%'),
          'Infinity',
          '1e308',
        ]) {
          targets.push(urlOf({ ...base, query: { ...base.query, [name]: value } }));
        }
      }
      targets.push(path);
      for (const target of targets) {
        const answer = await rawRequest(baseUrl, {
          method: base.method,
          target,
          headers: {
            ...headersFor(base.identity),
            ...(base.contentType ? { 'content-type': base.contentType } : {}),
          },
          ...(base.body !== undefined ? { body: base.body } : {}),
        });
        record(
          base,
          target,
          { status: answer.status, contentType: answer.headers['content-type'] ?? '', body: answer.body },
          'http',
        );
        await keepMemberSignedIn(base, answer.status, answer.body);
      }
      // Raw bytes no client library would send, and a header block over Node's limit.
      const raws = [
        `${base.method} ${path.replace(/\?.*$/, '')}\u0000 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
        `${base.method} ${path} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
      ];
      for (const raw of raws) {
        const answer = await rawRequest(baseUrl, { target: '', raw: Buffer.from(raw, 'latin1') });
        record(
          base,
          raw.slice(0, 120),
          { status: answer.status, contentType: answer.headers['content-type'] ?? '', body: answer.body },
          'http raw',
        );
      }
    }
    expect(failureCount, report()).toBe(0);
  });

  it('reached the handlers, and GET health still answers at the end', async () => {
    const health = await t.app.inject({ method: 'GET', url: api('/health') });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'success' });
    const unreached = operations
      .map((op) => `${op.method} ${op.path}`)
      .filter((operation) => !tally.reachedOps.has(operation));
    console.info(
      `fuzz seed ${SEED}: ${tally.requests} requests, ${JSON.stringify(tally.byClass)}; of ${operations.length} ` +
        `routes ${tally.reachedOps.size} got past validation at least once, ${tally.successOps.size} answered ` +
        `success${unreached.length > 0 ? `; never past validation: ${unreached.join(', ')}` : ''}`,
    );
    // Not only refusals of the request's form: plausible requests reached the guard and the handlers.
    expect(tally.reachedOps.size).toBeGreaterThanOrEqual(operations.length * 0.8);
  });
});
