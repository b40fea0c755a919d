/**
 * The chat plugin (issue 17; docs/api.md "Chats"): decorates `app.chat` with the store of sessions,
 * members and messages (chat-store.ts) and the live channel's fan-out (live.ts), which LISTENs on
 * the first stream opened and ends every stream before the app closes. The groups domain keeps a
 * group's session in step through `app.chat.store.syncGroup`.
 */
import fp from 'fastify-plugin';
import { ChatStore } from './chat-store';
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
    const store = new ChatStore(app.db, app.clock);
    const live = new ChatLive(store, app.dbListen, app.log);
    app.decorate('chat', { store, live });
    // Open streams would hold the server's close; they end first (clients reconnect elsewhere).
    app.addHook('preClose', () => live.stop());
    done();
  },
  { name: 'chat', dependencies: ['db'], fastify: '5.x' },
);
