/** The chat pages in one chunk: they share the hooks, the store and the runtime. */
export { ChatPage } from './ChatPage';
export { ChatSessionsPage } from './ChatSessionsPage';
