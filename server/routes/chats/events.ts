/**
 * GET chats/events: the member's live channel (issue 17; docs/api.md "Chats", "The live channel"),
 * Server-Sent Events over one long response, authenticated with the same bearer token as every
 * call (so the client reads it with fetch, not EventSource, which cannot send the header).
 * Events: `ready` {total_unreads} once open; `message` {message, total_unreads} for each new
 * message of the member's sessions (their own included, so their other devices see it);
 * `unread` {total_unreads} when a read mark moves on another device. A comment line every 25 s
 * keeps proxies from closing it. The 60 s poll of GET chats/status stays the fallback.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CHAT_HEARTBEAT_MS, type ChatEventName } from '@contract/chat';
import { failedResponses } from '@contract/envelope';
import { memberOf } from '../../plugins/app/auth/guard';
import type { ChatStream } from '../../plugins/app/chat/live';

const events: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const { store, live } = app.chat;

  app.get(
    '/chats/events',
    {
      schema: {
        tags: ['chats'],
        summary: 'The live channel: new messages and unread counts as Server-Sent Events',
        response: {
          200: {
            description: 'text/event-stream: events ready, message and unread (src/contract/chat.ts)',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
          ...failedResponses,
        },
      },
      preHandler: app.authorize(),
    },
    async (request, reply) => {
      const userId = memberOf(request).userId;
      await live.start();
      reply.hijack();
      const raw = reply.raw;
      // Headers the hooks set (security, CORS, a rotated X-Auth-Token) go out with the stream.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) raw.setHeader(name, value);
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        // Never reused: ended at shutdown, the socket closes with it instead of idling on.
        connection: 'close',
      });
      let open = true;
      const write = (text: string) => {
        if (open) raw.write(text);
      };
      const stream: ChatStream = {
        send: (event: ChatEventName, data: unknown) => {
          write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        close: () => {
          if (!open) return;
          open = false;
          raw.end();
        },
      };
      const remove = live.add(userId, stream);
      const heartbeat = setInterval(() => {
        write(': ping\n\n');
      }, CHAT_HEARTBEAT_MS);
      raw.on('close', () => {
        open = false;
        clearInterval(heartbeat);
        remove();
      });
      stream.send('ready', { total_unreads: await store.totalUnreads(userId) });
    },
  );

  done();
};

export default events;
