/**
 * The server's log (issue 24): one line per request, written asynchronously.
 *
 * Fastify's default at LOG_LEVEL=info is two lines per request ("incoming request", "request
 * completed"), each written to stdout synchronously; that alone brought `GET health` to ~0.28× a
 * bare node:http server. Here a request writes one line when its answer is sent, and the lines go
 * to a pino destination in asynchronous mode: while one write is in flight the next lines queue
 * and go out together. Nothing is lost: the app's close waits for the queue, and pino writes what
 * is left synchronously when the process exits (its own exit hook for asynchronous destinations).
 */
import { once } from 'node:events';
import { openSync } from 'node:fs';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

export type LogDestination = ReturnType<typeof pino.destination>;

/** Keeps one-time secrets in links (verify_email?token=…) out of the request log. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|rid)=)[^&]*/g, '$1[redacted]');
}

/**
 * stdout (fd 1) by default, or a file appended to. The file is opened here, synchronously: a
 * destination given a path opens it asynchronously, and a process exiting before that open has
 * finished would lose every line queued (pino's exit flush needs the descriptor). It stays open
 * for the life of the process.
 */
export function openLogDestination(file?: string): LogDestination {
  return pino.destination({ dest: file === undefined ? 1 : openSync(file, 'a'), sync: false });
}

/**
 * Resolves once every line written so far has reached the destination. `flush()` does not wait
 * for a write in flight, so an empty write is queued behind the lines and the 'drain' that follows
 * the last of them is awaited.
 */
export async function drainLog(destination: LogDestination): Promise<void> {
  const drained = once(destination, 'drain');
  try {
    destination.write('');
  } catch {
    return; // already ended: its lines were written when it ended
  }
  // A failing write (a closed pipe) loses the log, not the shutdown: closing goes on.
  await drained.catch(() => undefined);
}

/**
 * Fastify's request lines, one per request: no "incoming request", and the completed line carries
 * the method, the (redacted) URL, the status and the time, so it stands alone. Every other line
 * Fastify writes (handler errors, stream errors, routes not found) keeps its default, which
 * `disableRequestLogging` would have switched off along with the request lines.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
