/**
 * The chat plugin (issue 17; docs/api.md "Chats"): decorates `app.chat` with the store of sessions,
 * members and messages (chat-store.ts). The groups domain keeps a group's session in step through
 * `app.chat.store.syncGroup`.
 */
import fp from 'fastify-plugin';
import { ChatStore } from './chat-store';

export interface ChatService {
  store: ChatStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatService;
  }
}

export default fp(
  (app, _options, done) => {
    app.decorate('chat', { store: new ChatStore(app.db, app.clock) });
    done();
  },
  { name: 'chat', dependencies: ['db'], fastify: '5.x' },
);
