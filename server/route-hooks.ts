/** Small request hooks shared by the account routes (outside routes/: everything there is autoloaded as a route plugin). */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { normalizeUsername } from '@contract/username';

/**
 * SPEC §5: the username (an email) is trimmed and lowercased (the contract's normalizeUsername).
 * Done before validation so that " Ann@Example.org " passes the email pattern and is stored and
 * looked up as "ann@example.org".
 */
export function normaliseUsername(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (body && typeof body === 'object' && typeof body.username === 'string') {
    body.username = normalizeUsername(body.username);
  }
  done();
}

/** A route config block for @fastify/rate-limit from ServerConfig.rateLimits. */
export function rateLimitConfig(rule: { max: number; timeWindowMs: number }) {
  return { rateLimit: { max: rule.max, timeWindow: rule.timeWindowMs } };
}
