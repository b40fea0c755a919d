/**
 * The chat sessions and messages kept on the device (Dexie v14, src/db/chatRows.ts), per signed-in
 * member, so the chat pages show what was read before when there is no signal (SPEC §4). Every
 * function takes the database, so tests run them on their own one. Only the server's answers are
 * kept here; messages written offline wait in the outbox (chatWrites.ts) until the server has them.
 */
import type { ChatMessage, ChatSession } from '@contract/chat';
import type { ChatMessageRow, ChatSessionRow } from '../../db/chatRows';
import type { FieldmarkDB } from '../../db/FieldmarkDB';

/** Where a member's `GET chats` cursor is kept (`meta`), so a return fetches only what changed. */
const cursorKey = (ownerId: string) => `chat_cursor:${ownerId}`;

export async function chatCursor(db: FieldmarkDB, ownerId: string): Promise<number> {
  const value = (await db.meta.get(cursorKey(ownerId)))?.value;
  return typeof value === 'number' ? value : 0;
}

/** Keeps sessions the server answered and, in the same transaction, the cursor after them. */
export async function keepSessions(
  db: FieldmarkDB,
  ownerId: string,
  sessions: readonly ChatSession[],
  cursor?: number,
): Promise<void> {
  await db.transaction('rw', db.chat_sessions, db.chat_messages, db.meta, async () => {
    await db.chat_sessions.bulkPut(sessions.map((session) => ({ ...session, owner_id: ownerId })));
    const last = sessions.flatMap((session) => (session.last_message ? [session.last_message] : []));
    await db.chat_messages.bulkPut(last.map((message) => ({ ...message, owner_id: ownerId })));
    if (cursor !== undefined) await db.meta.put({ key: cursorKey(ownerId), value: cursor });
  });
}

/**
 * Keeps messages the server answered (a page, a catch-up, a live event) and moves their session's
 * last message on, so the sessions list follows without another call.
 */
export async function keepMessages(
  db: FieldmarkDB,
  ownerId: string,
  messages: readonly ChatMessage[],
): Promise<void> {
  if (messages.length === 0) return;
  await db.transaction('rw', db.chat_sessions, db.chat_messages, async () => {
    await db.chat_messages.bulkPut(messages.map((message) => ({ ...message, owner_id: ownerId })));
    for (const message of messages) {
      const key: [string, string] = [ownerId, message.session_id];
      await db.chat_sessions
        .where(':id')
        .equals(key)
        .modify((session) => {
          if (!session.last_message || session.last_message.last_mod < message.last_mod) {
            session.last_message = message;
          }
          // One's own newest message (sent from here or another device) marks the session read, as
          // the server does; an older one, fetched with a page, changes nothing.
          if (message.user_id === ownerId && session.last_message.message_id === message.message_id) {
            session.unread = 0;
            session.last_read = message.message_id;
          }
        });
    }
  });
}

/** The member's read mark moved to `messageId`: the session shows nothing unread. */
export async function keepReadMark(
  db: FieldmarkDB,
  ownerId: string,
  sessionId: string,
  messageId: string,
): Promise<void> {
  await db.chat_sessions
    .where(':id')
    .equals([ownerId, sessionId])
    .modify((session) => {
      session.unread = 0;
      session.last_read = messageId;
    });
}

const activity = (session: ChatSessionRow) => session.last_message?.last_mod ?? session.last_mod;

/** The member's sessions, newest message first; a search narrows by the other members' names. */
export async function sessionsOnDevice(
  db: FieldmarkDB,
  ownerId: string,
  search = '',
): Promise<ChatSessionRow[]> {
  const rows = await db.chat_sessions.where('owner_id').equals(ownerId).toArray();
  const term = search.trim().toLocaleLowerCase();
  const matching =
    term === ''
      ? rows
      : rows.filter((session) =>
          [session.nickname, session.title, ...session.members.map((member) => member.nickname)].some(
            (name) => name?.toLocaleLowerCase().includes(term),
          ),
        );
  return matching.sort((a, b) => activity(b) - activity(a));
}

export function sessionOnDevice(
  db: FieldmarkDB,
  ownerId: string,
  sessionId: string,
): Promise<ChatSessionRow | undefined> {
  return db.chat_sessions.get([ownerId, sessionId]);
}

/** The member's direct session with another member, when the device has it. */
export function directSessionOnDevice(
  db: FieldmarkDB,
  ownerId: string,
  userId: string,
): Promise<ChatSessionRow | undefined> {
  return db.chat_sessions
    .where('[owner_id+user_id]')
    .equals([ownerId, userId])
    .filter((session) => session.kind === 'direct')
    .first();
}

/** A session's kept messages, oldest first. */
export function messagesOnDevice(
  db: FieldmarkDB,
  ownerId: string,
  sessionId: string,
): Promise<ChatMessageRow[]> {
  return db.chat_messages
    .where('[owner_id+session_id+last_mod]')
    .between([ownerId, sessionId, -Infinity], [ownerId, sessionId, Infinity])
    .toArray();
}

/** Where this device keeps that its member answered the in-chat push prompt (`meta`). */
const pushPromptKey = (ownerId: string) => `chat_push_prompt_answered:${ownerId}`;

export async function pushPromptAnswered(db: FieldmarkDB, ownerId: string): Promise<boolean> {
  return (await db.meta.get(pushPromptKey(ownerId)))?.value === true;
}

export async function answerPushPrompt(db: FieldmarkDB, ownerId: string): Promise<void> {
  await db.meta.put({ key: pushPromptKey(ownerId), value: true });
}
