/**
 * The response envelope for everything that does not come from a route handler's success path:
 * every error becomes `{status: 'failed', reason}` with the HTTP status it means (400 validation
 * with a readable reason naming the field, 401, 403, 404, 409, 413, 429, 500), and unknown routes
 * become 404 — except a page GET outside /api when the built app is served, which gets index.html
 * so deep links into the PWA work. A 500 never shows internals: the error goes to the log only.
 * API answers are marked `no-store`: they carry tokens and personal data.
 * Hostile input (U+0000, lone surrogates, numbers out of range, deep nesting) is refused with 400
 * naming the field by an app-wide preHandler (unsafe-input.ts); what the router and Node's HTTP
 * parser refuse before any route runs gets the envelope through Fastify's options
 * (framework-errors.ts, installed by app.ts).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@contract/messages';
import { ApiError } from '../../../errors';
import { refuseUnsafeInput } from './unsafe-input';
import { validationReason, type FieldMessages } from './validation-reason';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Field → member-facing reason for validation errors on that field, in priority order. */
    fieldMessages?: FieldMessages;
  }
}

const STATUS_REASONS: Record<number, string> = {
  401: messages.invalidToken,
  403: messages.notAuthorised,
  404: messages.notFound,
  413: messages.payloadTooLarge,
  429: messages.tooManyRequests,
};

const ASSET_PATH =
  /^\/assets\/|\.(?:js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|json|webmanifest|woff2?|txt)$/i;

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export default fp<{ spaFallback: boolean }>(
  (app, { spaFallback }, done) => {
    app.addHook('onRequest', (request, reply, hookDone) => {
      if (isApi(request.url) && !request.url.startsWith('/api/docs'))
        reply.header('Cache-Control', 'no-store');
      hookDone();
    });

    // After schema validation and coercion, before every route's own preHandlers and handler.
    app.addHook('preHandler', refuseUnsafeInput);

    app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ApiError) {
        return reply.code(error.statusCode).send({ status: 'failed', reason: error.reason, ...error.extra });
      }
      if (error.validation) {
        const reason = validationReason(
          error.validation,
          error.validationContext,
          request.routeOptions.config.fieldMessages,
        );
        return reply.code(400).send({ status: 'failed', reason });
      }
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send({ status: 'failed', reason: messages.serverError });
      }
      // Fastify's own 4xx (malformed JSON, wrong content type, …): say so without its internals.
      return reply
        .code(status)
        .send({ status: 'failed', reason: STATUS_REASONS[status] ?? messages.invalidRequest });
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (spaFallback && wantsPage && !isApi(path) && !ASSET_PATH.test(path)) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ status: 'failed', reason: messages.notFound });
    });
    done();
  },
  { name: 'envelope', fastify: '5.x' },
);
