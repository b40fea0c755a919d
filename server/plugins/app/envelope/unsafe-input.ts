/**
 * Hostile input, refused once for every route (issue 25): a string with U+0000 or a lone UTF-16
 * surrogate (PostgreSQL cannot store the one, UTF-8 cannot encode the other), a number that is not
 * finite or beyond Number.MAX_SAFE_INTEGER (`?skip=1e308`, `?last_mod=99999999999999999999`, a
 * body's `1e400`), or nesting deeper than MAX_NESTING. Each answered 500 from SQL before; now 400
 * naming the field, e.g. `nickname: contains a character that cannot be stored`.
 *
 * The check is an app-wide `preHandler` hook: it runs after Fastify's schema validation and query
 * coercion (so `?skip=1e308` is already the number it would be in SQL) and before every route's own
 * preHandlers (the guard included) and its handler. It reads params, query and body. A route that
 * checks its body itself, to name more than the first bad field (the collection push names each
 * refused record), sets `config: { ownInputChecks: true }`; its params and query are still checked.
 * Unknown routes (404) are not checked: nothing of theirs reaches SQL.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { formatMessage, messages } from '@contract/messages';
import { cleanText, findUnsafeValue, pathText, type UnsafeValue } from '@contract/safeText';
import { badRequest } from '../../../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks its own body for unsafe text and numbers (params and query are still checked). */
    ownInputChecks?: boolean;
  }
}

/** A field name in a reason is shown, not stored: cleaned, and cut if a hostile key is long. */
const FIELD_NAME_MAX = 100;

const PROBLEM_MESSAGES: Record<UnsafeValue['problem'], string> = {
  text: messages.unsafeText,
  number: messages.unsafeNumber,
  nesting: messages.nestedTooDeeply,
};

/** The reason for an unsafe value found in `part` (`body`, `querystring`, `params`). */
export function unsafeReason(found: UnsafeValue, part: string): string {
  const path = cleanText(pathText(found.path)) || part;
  const field = path.length > FIELD_NAME_MAX ? `${path.slice(0, FIELD_NAME_MAX)}…` : path;
  return formatMessage(PROBLEM_MESSAGES[found.problem], { field });
}

/** Bodies that are not parsed JSON (a raw upload, a stream) hold no text to check. */
function isParsedValue(value: unknown): boolean {
  return !(Buffer.isBuffer(value) || ArrayBuffer.isView(value) || value instanceof ArrayBuffer);
}

/** The first unsafe value of a request, with the reason to answer; undefined when all is safe. */
export function unsafeInputReason(request: FastifyRequest): string | undefined {
  const parts: Array<[string, unknown]> = [
    ['params', request.params],
    ['querystring', request.query],
  ];
  if (!request.routeOptions.config.ownInputChecks && isParsedValue(request.body)) {
    parts.push(['body', request.body]);
  }
  for (const [part, value] of parts) {
    const found = findUnsafeValue(value);
    if (found) return unsafeReason(found, part);
  }
  return undefined;
}

/** The app-wide preHandler: 400 with the envelope for the first unsafe value. */
export function refuseUnsafeInput(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (request.is404) {
    done();
    return;
  }
  const reason = unsafeInputReason(request);
  done(reason === undefined ? undefined : badRequest(reason));
}
