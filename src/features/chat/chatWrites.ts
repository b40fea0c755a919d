/**
 * Sending a chat message (SPEC §4 "Offline writes"; docs/sync.md "Chats"). Online it is one
 * `PUT chats/{id}/messages`; without signal, or when the server does not answer, the message
 * becomes an offline stored request (the outbox) that the member's sync runtime replays oldest
 * first when the device is back online, and the conversation shows it as pending meanwhile.
 *
 * Exactly once: the message id is made here with crypto.randomUUID() before the first attempt and
 * goes with every attempt; the server stores a replayed id once (`created: false`). In order: while
 * any chat message of the member still waits, a new one is stored behind it rather than overtaking.
 */
import type { ChatMessageWrite, ChatMessageWriteResponse } from '@contract/chat';
import { ApiError } from '../../api/ApiError';
import type { ApiClient } from '../../api/client';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { OutboxRow } from '../../db/rows';
import { storeRequest } from '../../db/sync/outbox';
import { isPermanentRefusal } from '../../db/sync/push';
import { keepMessages } from './chatStore';

const MESSAGES_URL = /^chats\/([^/]+)\/messages$/;

export interface ChatWriteContext {
  db: FieldmarkDB;
  api: ApiClient;
  /** The signed-in member: the author, and whose outbox rows these are. */
  userId: string;
  /** The app's network flag: false stores the message without trying. */
  isOnline: boolean;
  now?: () => number;
}

/** A message that waits in the outbox, as the conversation shows it. */
export interface PendingMessage {
  message_id: string;
  /** The session id or the other member's user id the message is addressed to. */
  target: string;
  message: string;
  /** When it was written (ms). */
  time: number;
  /** The server refused it for good, with this reason (shown; it is never sent). */
  refused?: string;
}

/** An outbox row as a pending chat message, or null when the row is not one. */
export function pendingOf(row: OutboxRow): PendingMessage | null {
  const match = MESSAGES_URL.exec(row.url);
  const data = row.data as Partial<ChatMessageWrite>;
  const target = match?.[1];
  if (
    target === undefined ||
    row.type !== 'PUT' ||
    typeof data.message_id !== 'string' ||
    typeof data.message !== 'string'
  )
    return null;
  return {
    message_id: data.message_id,
    target: decodeURIComponent(target),
    message: data.message,
    time: row.time,
    ...(row.parked ? { refused: row.parked.reason } : {}),
  };
}

/** The member's chat messages in the outbox, oldest first (the order they are replayed in). */
export async function pendingMessages(db: FieldmarkDB, userId: string): Promise<PendingMessage[]> {
  const rows = await db.outbox
    .orderBy('time')
    .filter((row) => row.user_id === userId)
    .toArray();
  return rows.flatMap((row) => pendingOf(row) ?? []);
}

/** The outbox's own rule (push.ts), as a plain boolean so the ApiError stays narrowed. */
const refusedForGood = (error: ApiError): boolean => isPermanentRefusal(error);

export type SendOutcome =
  | { sent: true; answer: ChatMessageWriteResponse }
  | { sent: false; because: 'offline' | 'unavailable' | 'queued'; row: OutboxRow };

/**
 * Sends `text` to `target` (a session id, or a member's user id for the direct session with them,
 * which the first message creates). A refusal for good (not a member, an empty message) throws.
 */
export async function sendChatMessage(
  context: ChatWriteContext,
  target: string,
  text: string,
): Promise<SendOutcome> {
  const { db, api, userId } = context;
  const body: ChatMessageWrite = { message_id: crypto.randomUUID(), message: text.trim() };
  const url = `chats/${encodeURIComponent(target)}/messages`;
  const waiting = (await pendingMessages(db, userId)).filter((pending) => pending.refused === undefined);
  const store = async (because: 'offline' | 'unavailable' | 'queued'): Promise<SendOutcome> => {
    // The outbox replays by time: a message stored behind others is given a later time than all.
    const latest = waiting.at(-1)?.time ?? -Infinity;
    const time = Math.max((context.now ?? Date.now)(), latest + 1);
    const row = await storeRequest(db, { url, type: 'PUT', data: { ...body }, user_id: userId }, time);
    return { sent: false, because, row };
  };

  if (!context.isOnline) return store('offline');
  if (waiting.length > 0) return store('queued');
  try {
    const answer = await api.request<ChatMessageWriteResponse>('PUT', url, { ...body });
    await keepMessages(db, userId, [answer.message]);
    return { sent: true, answer };
  } catch (error) {
    if (!(error instanceof ApiError) || refusedForGood(error)) throw error;
    return store(error.isOffline ? 'offline' : 'unavailable');
  }
}

/** Forgets a message the server refused for good (the member dismissed it). */
export async function discardPending(db: FieldmarkDB, userId: string, messageId: string): Promise<void> {
  const rows = await db.outbox.filter((row) => row.user_id === userId).toArray();
  const row = rows.find((candidate) => pendingOf(candidate)?.message_id === messageId);
  if (row) await db.outbox.delete(row.id);
}
