/**
 * The envelope for what Fastify and Node answer before any route, hook or error handler runs
 * (issue 25). Without these, they answer their own JSON with internal codes:
 * - `frameworkErrors`: the router's errors — a malformed escape in a path parameter
 *   (`/users/%ED%A0%80`, FST_ERR_BAD_URL → 400) and a path parameter longer than `maxParamLength`
 *   (FST_ERR_MAX_PARAM_LENGTH → 414);
 * - `clientErrorHandler`: what Node's HTTP parser refuses before a request exists — headers over
 *   the size limit (431), a request that took too long (408), a malformed request line or header
 *   (400). Written straight to the socket, which is then closed, as Node and Fastify do.
 * Both answer `{status: 'failed', reason}` with no internals, like the app's error handler.
 */
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { messages } from '@contract/messages';

/** The router's errors: their status, the reason and whether it is our fault (logged as an error). */
export function frameworkErrorAnswer(error: Pick<FastifyError, 'code' | 'statusCode'>): {
  status: number;
  reason: string;
} {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, reason: messages.invalidRequest };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, reason: messages.invalidRequest };
    default: {
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) return { status, reason: messages.invalidRequest };
      return { status: 500, reason: messages.serverError };
    }
  }
}

function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, reason } = frameworkErrorAnswer(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed in the router');
  else request.log.info({ code: error.code }, 'request refused by the router');
  void reply.code(status).header('Cache-Control', 'no-store').send({ status: 'failed', reason });
}

/** A raw HTTP/1.1 answer with the failed envelope; the connection is closed after it. */
export function rawEnvelopeAnswer(status: number, statusText: string, reason: string): string {
  const body = JSON.stringify({ status: 'failed', reason });
  return (
    `HTTP/1.1 ${status} ${statusText}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Cache-Control: no-store\r\n' +
    'Connection: close\r\n\r\n' +
    body
  );
}

function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection, or one already gone: nobody is left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let answer: string;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    answer = rawEnvelopeAnswer(408, 'Request Timeout', messages.invalidRequest);
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    answer = rawEnvelopeAnswer(431, 'Request Header Fields Too Large', messages.payloadTooLarge);
  } else {
    answer = rawEnvelopeAnswer(400, 'Bad Request', messages.invalidRequest);
  }
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) socket.write(answer);
  socket.destroy(error);
}

/** The Fastify options that install both (server/app.ts). */
export const frameworkErrorOptions = {
  frameworkErrors,
  clientErrorHandler,
} satisfies FastifyServerOptions;
