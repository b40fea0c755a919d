/**
 * A Fastify plugin that breaks the server the way the field does (notes/performance-and-
 * reliability.md §12 "Fault injection is in-process"): the next N requests to the sync and upload
 * calls answer 500 or 429 before the handler runs, are held back until the client's timeout has
 * passed and then handled anyway, or are handled (committed) and their connection dropped before
 * the answer leaves — the case that makes naive queues duplicate or lose data.
 */
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

export type Fault = 'error500' | 'error429' | 'slow' | 'dropAfterCommit';

/** The calls a device's queues make; sign-in and token calls are left alone. */
const TARGETED = /^\/api\/v1\.0\/(collection\/|media\/[^/]+\/base64|media\/[^/]+\/(likes|comments))/;

export interface FaultInjector {
  /** The next `count` targeted requests meet `fault` (queued after any already planned). */
  plan(fault: Fault, count: number): void;
  clear(): void;
  /** Faults actually applied, by kind. */
  readonly applied: Record<Fault, number>;
  plugin: FastifyPluginCallback;
}

export function createFaultInjector(options: { slowMs: number }): FaultInjector {
  const planned: Fault[] = [];
  const applied: Record<Fault, number> = { error500: 0, error429: 0, slow: 0, dropAfterCommit: 0 };
  const dropping = new WeakSet<object>();

  const inject: FastifyPluginCallback = (app, _options, done) => {
    app.addHook('onRequest', async (request, reply) => {
      const fault = TARGETED.test(request.url) ? planned.shift() : undefined;
      if (fault === undefined) return;
      applied[fault] += 1;
      switch (fault) {
        case 'error500':
          return reply.code(500).send({ status: 'failed', reason: 'Injected server error' });
        case 'error429':
          return reply.code(429).send({ status: 'failed', reason: 'Injected rate limit' });
        case 'slow':
          await new Promise((resolve) => setTimeout(resolve, options.slowMs));
          return;
        case 'dropAfterCommit':
          dropping.add(request);
          return;
      }
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (!dropping.has(request)) return payload;
      // The handler has run and committed; the device never hears of it.
      request.raw.socket.destroy();
      reply.hijack();
      return payload;
    });
    done();
  };
  const plugin = fp(inject, { name: 'fault-injector', fastify: '5.x' });

  return {
    plan: (fault, count) => {
      for (let index = 0; index < count; index += 1) planned.push(fault);
    },
    clear: () => {
      planned.length = 0;
    },
    applied,
    plugin,
  };
}
