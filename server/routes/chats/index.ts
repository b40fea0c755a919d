/**
 * Chats (SPEC §7 "Newsfeed, trips, chats, groups"; docs/api.md "Chats"). Every call is for a
 * signed-in member, and only members of a session read or write it (403 otherwise).
 * - GET chats (last_mod, limit): the member's sessions changed after the cursor, oldest change first.
 * - GET chats/status: the unread total the client polls (SPEC leaves the path open).
 * - GET chats/{id}/messages (last_mod | before, limit, member_details): a page, oldest first.
 * - PUT chats/{id}/messages {message_id, message}: send; a replayed message_id stores nothing twice.
 * - GET chats/{id}/status; PUT chats/{id}/status/{x} {last_read}: the caller's read mark.
 * `{id}` is a session id or a member's user id (one's direct session with them): chat-store.ts.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import {
  ChatMessagesQuerySchema,
  ChatMessagesResponseSchema,
  ChatMessageWriteResponseSchema,
  ChatMessageWriteSchema,
  ChatParamsSchema,
  ChatsQuerySchema,
  ChatsResponseSchema,
  ChatStatusParamsSchema,
  ChatStatusResponseSchema,
  ChatStatusWriteSchema,
  ChatUnreadResponseSchema,
} from '@contract/chat';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { badRequest, forbidden, notFound } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';

/** A message's text: trimmed, not empty (the schema caps its length; unsafe text never gets here). */
function messageText(message: string): string {
  const text = message.trim();
  if (text === '') throw badRequest(messages.chatMessageEmpty);
  return text;
}

const chats: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const { store } = app.chat;
  const member = app.authorize();

  /** The session `{id}` names for the caller; a direct session not created yet is 404 here. */
  async function sessionOf(memberId: string, id: string) {
    const target = await store.target(memberId, id);
    if (!('session' in target)) throw notFound(messages.chatNotFound);
    return target.session;
  }

  app.get(
    '/chats',
    {
      schema: {
        tags: ['chats'],
        summary: "The member's chat sessions changed after last_mod (oldest change first)",
        querystring: ChatsQuerySchema,
        response: { 200: ChatsResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => {
      const memberId = memberOf(request).userId;
      const { last_mod: lastMod, limit } = request.query;
      const sessions = await store.sessions(memberId, lastMod, limit + 1);
      const page = sessions.slice(0, limit);
      return {
        status: 'success' as const,
        sessions: page,
        more: sessions.length > limit,
        last_mod: page.at(-1)?.last_mod ?? lastMod,
        total_unreads: await store.totalUnreads(memberId),
      };
    },
  );

  app.get(
    '/chats/status',
    {
      schema: {
        tags: ['chats'],
        summary: 'Unread messages over all of the member’s sessions (polled every 60 s)',
        response: { 200: ChatUnreadResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => ({
      status: 'success' as const,
      total_unreads: await store.totalUnreads(memberId(request)),
    }),
  );

  app.get(
    '/chats/:id/messages',
    {
      schema: {
        tags: ['chats'],
        summary: "A page of a session's messages, oldest first (after last_mod, or before a cursor)",
        params: ChatParamsSchema,
        querystring: ChatMessagesQuerySchema,
        response: { 200: ChatMessagesResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => {
      const target = await store.target(memberId(request), request.params.id);
      const { query } = request;
      if (!('session' in target))
        return {
          status: 'success' as const,
          session_id: null,
          messages: [],
          more: false,
          last_mod: query.last_mod ?? 0,
        };
      const page = await store.messages(target.session.id, query);
      return {
        status: 'success' as const,
        session_id: target.session.id,
        ...page,
        last_mod: page.messages.at(-1)?.last_mod ?? query.last_mod ?? 0,
        ...(query.member_details ? { members: await store.members(target.session.id) } : {}),
      };
    },
  );

  app.put(
    '/chats/:id/messages',
    {
      schema: {
        tags: ['chats'],
        summary: 'Send a message under a device-generated message_id (a replay stores nothing twice)',
        params: ChatParamsSchema,
        body: ChatMessageWriteSchema,
        response: { 200: ChatMessageWriteResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => {
      const caller = memberId(request);
      const body = messageText(request.body.message);
      const target = await store.target(caller, request.params.id);
      const sent = await store.send(caller, target, { id: request.body.message_id, body });
      return { status: 'success' as const, ...sent };
    },
  );

  app.get(
    '/chats/:id/status',
    {
      schema: {
        tags: ['chats'],
        summary: "The caller's read mark in a session, its unread count and the total",
        params: ChatParamsSchema,
        response: { 200: ChatStatusResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => {
      const caller = memberId(request);
      const session = await sessionOf(caller, request.params.id);
      return { status: 'success' as const, ...(await store.status(caller, session.id)) };
    },
  );

  app.put(
    '/chats/:id/status/:x',
    {
      schema: {
        tags: ['chats'],
        summary: 'Mark messages read up to last_read (x: the caller; a mark never goes back)',
        params: ChatStatusParamsSchema,
        body: ChatStatusWriteSchema,
        response: { 200: ChatStatusResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => {
      const caller = memberId(request);
      if (request.params.x.toLowerCase() !== caller) throw forbidden(messages.chatStatusNotYours);
      const session = await sessionOf(caller, request.params.id);
      await store.markRead(caller, session.id, request.body.last_read);
      return { status: 'success' as const, ...(await store.status(caller, session.id)) };
    },
  );

  done();
};

function memberId(request: Parameters<typeof memberOf>[0]): string {
  return memberOf(request).userId;
}

export default chats;
