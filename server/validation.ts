/**
 * How request schemas are validated: Fastify's own Ajv compiler, in two instances.
 * - querystring, params, headers: Fastify's defaults (`coerceTypes: 'array'`), so `?include_profile=true`
 *   becomes a boolean and `?types=a&types=b` an array;
 * - body: no coercion. JSON already has types, and coercion inside a union mutates the body while
 *   Ajv tries each branch: `location_id: null` against `string | null` became "" before the null
 *   branch was reached.
 * Both: `removeAdditional: false` (Fastify's default `true` silently strips unknown fields and, in
 * union bodies, strips the fields of the branch it tries first, so the right branch then fails);
 * `allErrors`, so the validation reason can pick the most useful error (envelope/validation-reason.ts).
 * Numbers: coercion turns `?limit=Infinity` into Infinity, which passes `integer` (Infinity % 1 is
 * NaN, and !NaN is true). Ajv's `strictNumbers` does not help: it does not re-check a coerced value.
 * Infinity, 1e308 and other numbers beyond 2^53 are refused after validation, for every route and
 * every part of the request (envelope/unsafe-input.ts).
 */
import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

export const AJV_OPTIONS = {
  allErrors: true,
  removeAdditional: false,
  coerceTypes: 'array',
  useDefaults: true,
} as const;

type ExternalSchemas = Parameters<BuildCompilerFromPool>[0];
/** What Fastify passes to each compiled validator (the declared type says Ajv's compile(schema)). */
interface RouteDefinition {
  httpPart?: string;
}
type RouteValidatorCompiler = (route: RouteDefinition) => unknown;

const fromPool = AjvCompiler();

export function buildValidator(externalSchemas: ExternalSchemas): RouteValidatorCompiler {
  const forBody = fromPool(externalSchemas, {
    customOptions: { ...AJV_OPTIONS, coerceTypes: false },
  }) as unknown as RouteValidatorCompiler;
  const forOthers = fromPool(externalSchemas, {
    customOptions: AJV_OPTIONS,
  }) as unknown as RouteValidatorCompiler;
  return (route) => (route.httpPart === 'body' ? forBody : forOthers)(route);
}

/** The Fastify options that install it. */
export const validationOptions = {
  schemaController: {
    // Fastify's declared factory type is Ajv's compile(schema); at run time it is (route) => validator.
    compilersFactory: { buildValidator: buildValidator as unknown as BuildCompilerFromPool },
  },
} satisfies FastifyServerOptions;
