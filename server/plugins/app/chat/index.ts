/**
 * The chat plugin (issue 17; docs/api.md "Chats"): decorates `app.chat` with the store of sessions,
 * members and messages (chat-store.ts) and the live channel's fan-out (live.ts), which LISTENs on
 * the first stream opened and ends every stream before the app closes. A new message queues a
 * push for the other members in its transaction; a live delivery cancels that member's push. The
 * groups domain keeps a group's session in step through `app.chat.store.syncGroup`.
 */
import fp from 'fastify-plugin';
import { PUSH_PREVIEW_LENGTH, type ChatPushPayload } from '@contract/push';
import { ChatStore, type OnChatMessage } from './chat-store';
import { ChatLive } from './live';

export interface ChatService {
  store: ChatStore;
  live: ChatLive;
}

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatService;
  }
}

export default fp(
  (app, _options, done) => {
    const queuePush: OnChatMessage = async (trx, message) => {
      const members = await trx
        .selectFrom('chat_members as cm')
        .innerJoin('users as u', 'u.id', 'cm.user_id')
        .select(['u.id', 'u.nickname'])
        .where('cm.session_id', '=', message.session_id)
        .execute();
      const author = members.find((member) => member.id === message.user_id);
      const payload: ChatPushPayload = {
        type: 'chat',
        author_id: message.user_id ?? '',
        session_id: message.session_id,
        message_id: message.message_id,
        nickname: author?.nickname ?? '',
        message: message.message.slice(0, PUSH_PREVIEW_LENGTH),
      };
      const others = members.filter((member) => member.id !== message.user_id).map((member) => member.id);
      await app.push.enqueue(others, message.message_id, payload, trx);
    };
    const store = new ChatStore(app.db, app.clock, queuePush);
    const live = new ChatLive(store, app.dbListen, app.log, (userId, messageId) =>
      app.push.cancel(userId, messageId),
    );
    app.decorate('chat', { store, live });
    // Open streams would hold the server's close; they end first (clients reconnect elsewhere).
    app.addHook('preClose', () => live.stop());
    done();
  },
  { name: 'chat', dependencies: ['db', 'push'], fastify: '5.x' },
);
