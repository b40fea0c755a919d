/**
 * Valid requests built from the live OpenAPI document, one per operation, so a test can call every
 * route of the app without knowing it: path and query parameters and the JSON body get the
 * simplest values their schemas accept (required fields only). A guard that runs after validation
 * (Fastify's preHandler) only answers 401/403 to a request that passes validation, so the values
 * must be valid, not merely present. Fresh UUIDs on every call: a create-or-replace PUT always
 * creates, and no call touches an existing record unless the caller names one.
 */
import { randomUUID } from 'node:crypto';
import type { App } from '../../server/app';

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

interface Schema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  minProperties?: number;
  enum?: unknown[];
  const?: unknown;
  items?: Schema | Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  method: HttpMethod;
  /** As the document writes it: `/api/v1.0/cms/pages/{id}`. */
  path: string;
  /** `METHOD path` without the API prefix, e.g. `PUT /cms/pages/{id}`: the key tables use. */
  key: string;
  params: Parameter[];
  body?: Schema;
}

/** Every operation of the app's OpenAPI document (the Swagger UI's own pages excepted). */
export async function operationsOf(app: App, prefix: string): Promise<Operation[]> {
  await app.ready();
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'PUT', 'POST', 'DELETE'].includes(upper)) continue;
      const operation = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      };
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const short = path.startsWith(prefix) ? path.slice(prefix.length) : path;
      operations.push({
        method: upper as HttpMethod,
        path,
        key: `${upper} ${short}`,
        params: (operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        ...(body ? { body } : {}),
      });
    }
  }
  return operations;
}

/** Strings tried, in order, against a schema's pattern. */
const PATTERN_CANDIDATES = [
  'a',
  'abc',
  'a-b',
  '1',
  '1_abc',
  'USA',
  'ZA',
  'original',
  '/a',
  'a@example.org',
  'https://example.org/a',
  'images/a/b.jpg',
  '-1,-1,1,1',
  'a'.repeat(32),
];

function stringFor(schema: Schema): string {
  if (schema.format === 'email') return `someone-${randomUUID().slice(0, 8)}@example.org`;
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
  if (schema.format === 'uri') return 'https://example.org/a';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const uuid = randomUUID();
    const fit = [uuid, ...PATTERN_CANDIDATES].find(
      (value) => pattern.test(value) && value.length >= min && value.length <= max,
    );
    if (fit !== undefined) return fit;
    throw new Error(`no sample string for pattern ${schema.pattern}`);
  }
  return 'sample'.padEnd(Math.max(min, 1), 'x').slice(0, Math.max(min, Math.min(max, 6)));
}

function numberFor(schema: Schema, integer: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  const value = schema.maximum !== undefined ? Math.min(low, schema.maximum) : low;
  return integer ? Math.ceil(value) : value;
}

/** The simplest value a schema accepts: required properties only, the first branch, enum or type. */
export function sampleOf(schema: Schema): unknown {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.[0]) return sampleOf(branches[0]);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part) as object));
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      if (Array.isArray(schema.items)) return schema.items.map(sampleOf);
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items as Schema));
    }
    default: {
      const out: Record<string, unknown> = {};
      // At least minProperties fields: the required ones, then the first others.
      const names = [...(schema.required ?? [])];
      for (const name of Object.keys(schema.properties ?? {})) {
        if (names.length >= (schema.minProperties ?? 0)) break;
        if (!names.includes(name)) names.push(name);
      }
      for (const name of names) {
        const property = schema.properties?.[name];
        out[name] = property ? sampleOf(property) : 'x';
      }
      return out;
    }
  }
}

export interface SampleRequest {
  method: HttpMethod;
  url: string;
  payload?: unknown;
}

export interface Overrides {
  path?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** One valid request for the operation; `overrides` replace parameters and body fields by name. */
export function sampleRequest(operation: Operation, overrides: Overrides = {}): SampleRequest {
  const query = new URLSearchParams();
  let url = operation.path;
  for (const parameter of operation.params) {
    if (parameter.in === 'path') {
      const value = overrides.path?.[parameter.name] ?? String(sampleOf(parameter.schema));
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
    } else if (parameter.required && overrides.query?.[parameter.name] === undefined) {
      query.set(parameter.name, String(sampleOf(parameter.schema)));
    }
  }
  for (const [name, value] of Object.entries(overrides.query ?? {})) query.set(name, value);
  const search = query.toString();
  const request: SampleRequest = { method: operation.method, url: search ? `${url}?${search}` : url };
  if (operation.body) {
    const body = sampleOf(operation.body);
    request.payload =
      body !== null && typeof body === 'object' && !Array.isArray(body)
        ? { ...body, ...overrides.body }
        : body;
  }
  return request;
}
