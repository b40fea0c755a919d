/**
 * What the chat pages ask the server (docs/api.md "Chats"), each answer kept on the device
 * (chatStore.ts) so the pages, which read only the device, show it now and offline later. Every
 * function takes the database and the one HTTP client, so tests run them against the real server.
 */
import {
  CHAT_PAGE_MAX,
  type ChatMember,
  type ChatMessagesResponse,
  type ChatsResponse,
  type ChatStatusResponse,
  type ChatUnreadResponse,
} from '@contract/chat';
import type { ApiClient } from '../../api/client';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import { chatCursor, keepMessages, keepReadMark, keepSessions } from './chatStore';

/** Messages asked for per page of a conversation (older ones load on scroll up). */
export const CHAT_MESSAGES_PAGE = 50;

const chatPath = (id: string) => `chats/${encodeURIComponent(id)}`;

/**
 * Brings the member's sessions up to date from the kept cursor (all of them the first time), page
 * by page while the server says more changed. Answers the unread total the last page told.
 */
export async function syncSessions(db: FieldmarkDB, api: ApiClient, ownerId: string): Promise<number> {
  let cursor = await chatCursor(db, ownerId);
  for (;;) {
    const answer = await api.request<ChatsResponse>('GET', 'chats', {
      last_mod: cursor,
      limit: CHAT_PAGE_MAX,
    });
    await keepSessions(db, ownerId, answer.sessions, answer.last_mod);
    cursor = answer.last_mod;
    if (!answer.more) return answer.total_unreads;
  }
}

/** The member's unread total (`GET chats/status`, what the shell polls every 60 s). */
export async function fetchUnreadTotal(api: ApiClient): Promise<number> {
  return (await api.request<ChatUnreadResponse>('GET', 'chats/status')).total_unreads;
}

export interface ConversationPage {
  /** null: no direct session with that member yet (no message so far). */
  sessionId: string | null;
  /** Older messages remain on the server (load them with `before`). */
  more: boolean;
  members?: ChatMember[];
}

/**
 * The newest messages of a conversation (`id`: a session id, or the other member's user id), or
 * the newest before the cursor `before` (scrolling up), kept on the device.
 */
export async function fetchConversation(
  db: FieldmarkDB,
  api: ApiClient,
  ownerId: string,
  id: string,
  before?: number,
): Promise<ConversationPage> {
  const answer = await api.request<ChatMessagesResponse>('GET', `${chatPath(id)}/messages`, {
    limit: CHAT_MESSAGES_PAGE,
    member_details: before === undefined,
    ...(before !== undefined ? { before } : {}),
  });
  await keepMessages(db, ownerId, answer.messages);
  return { sessionId: answer.session_id, more: answer.more, members: answer.members };
}

/** The messages of a session after the cursor `lastMod` (a catch-up), all pages, kept. */
export async function catchUpConversation(
  db: FieldmarkDB,
  api: ApiClient,
  ownerId: string,
  sessionId: string,
  lastMod: number,
): Promise<void> {
  let cursor = lastMod;
  for (;;) {
    const answer = await api.request<ChatMessagesResponse>('GET', `${chatPath(sessionId)}/messages`, {
      last_mod: cursor,
      limit: CHAT_PAGE_MAX,
    });
    await keepMessages(db, ownerId, answer.messages);
    cursor = answer.last_mod;
    if (!answer.more || answer.messages.length === 0) return;
  }
}

/** Moves the member's read mark to `messageId` (a mark never goes back on the server). */
export async function markRead(
  db: FieldmarkDB,
  api: ApiClient,
  ownerId: string,
  sessionId: string,
  messageId: string,
): Promise<number> {
  const answer = await api.request<ChatStatusResponse>(
    'PUT',
    `${chatPath(sessionId)}/status/${encodeURIComponent(ownerId)}`,
    { last_read: messageId },
  );
  await keepReadMark(db, ownerId, sessionId, messageId);
  return answer.total_unreads;
}
