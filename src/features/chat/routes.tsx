/**
 * Routes of the chat domain (SPEC §2, signed in). The pages are lazy (one chunk, pages.ts), so
 * their code loads only when one is visited.
 */
import { lazy } from 'react';

const loadPages = () => import('./pages');

const ChatSessionsPage = lazy(async () => ({ default: (await loadPages()).ChatSessionsPage }));
const ChatPage = lazy(async () => ({ default: (await loadPages()).ChatPage }));

export const chatRoutes = [
  { path: 'chat-sessions', element: <ChatSessionsPage /> },
  { path: 'chat/:user_id', element: <ChatPage /> },
  { path: 'chat/:user_id/session/:session_id', element: <ChatPage /> },
] as const;
