/**
 * Chats (SPEC §3 "Chat session", "Chat message", chat status; §7 "chats"; docs/api.md "Chats"):
 * sessions between two members or among a group's members, their messages and each member's read
 * mark. Pure: no Node, DOM or Dexie.
 *
 * - `last_mod` is an opaque cursor (a server sequence, as for the collections), never a time: every
 *   message and every change of a session takes the next value, so "changed after my cursor" pages
 *   forward without gaps.
 * - A message carries a device-generated `message_id`, so a retried send stores it once.
 * - `{id}` in `chats/{id}/…` is a session id, or a member's user id for one's direct session with
 *   that member (SPEC's /chat/{user_id} page knows only the member); a send to a member creates it.
 */
import { Type, type Static } from 'typebox';
import { success } from './envelope';

/** The longest message accepted (characters, after trimming). */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** Device-generated message ids (a UUID is best), as comment ids. */
export const CHAT_MESSAGE_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
/** Most sessions or messages per answer. */
export const CHAT_PAGE_MAX = 200;
/** SPEC §9: the unread count is polled every 60 s while signed in (the fallback of the live channel). */
export const CHAT_UNREAD_POLL_MS = 60_000;
/** The live channel sends a comment line this often so proxies keep it open. */
export const CHAT_HEARTBEAT_MS = 25_000;

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const uuid = (description: string) => Type.String({ pattern: UUID_PATTERN, description });
const cursor = (description: string) => Type.Integer({ minimum: 0, description });

export const ChatMemberSchema = Type.Object({
  user_id: Type.String(),
  nickname: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
});
export type ChatMember = Static<typeof ChatMemberSchema>;

export const ChatMessageSchema = Type.Object({
  message_id: Type.String(),
  session_id: Type.String(),
  user_id: Type.Union([Type.String(), Type.Null()], { description: 'The author (null: account deleted)' }),
  message: Type.String(),
  created_at: Type.Integer({ description: 'Seconds since the epoch' }),
  last_mod: cursor('Its place in the chat sequence (the cursor after it)'),
});
export type ChatMessage = Static<typeof ChatMessageSchema>;

export const ChatSessionSchema = Type.Object({
  session_id: Type.String(),
  kind: Type.Union([Type.Literal('direct'), Type.Literal('group')]),
  group_id: Type.Union([Type.String(), Type.Null()], { description: 'The group of a group session' }),
  title: Type.Union([Type.String(), Type.Null()], { description: "A group session's title" }),
  user_id: Type.Union([Type.String(), Type.Null()], {
    description: 'SPEC "Chat session: user_id, nickname": the other member of a direct session',
  }),
  nickname: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
  members: Type.Array(ChatMemberSchema, { description: 'The other members (not the caller)' }),
  last_message: Type.Union([ChatMessageSchema, Type.Null()]),
  unread: Type.Integer({ minimum: 0, description: "Others' messages after the caller's read mark" }),
  last_read: Type.Union([Type.String(), Type.Null()], { description: 'The last message id read' }),
  last_mod: cursor('The cursor of its latest change (message or membership)'),
});
export type ChatSession = Static<typeof ChatSessionSchema>;

// ---- GET chats ----------------------------------------------------------------------------------

export const ChatsQuerySchema = Type.Object({
  last_mod: Type.Integer({
    minimum: 0,
    default: 0,
    description: 'Sessions changed after this cursor (0: all), oldest change first',
  }),
  limit: Type.Integer({ minimum: 1, maximum: CHAT_PAGE_MAX, default: 100 }),
});
export const ChatsResponseSchema = success({
  sessions: Type.Array(ChatSessionSchema, { description: 'Oldest change first' }),
  more: Type.Boolean({ description: 'Further sessions changed: ask again with the answered last_mod' }),
  last_mod: cursor('The cursor to send next (the one sent, when nothing was answered)'),
  total_unreads: Type.Integer({ minimum: 0 }),
});
export type ChatsResponse = Static<typeof ChatsResponseSchema>;

// ---- chats/{id}/messages ------------------------------------------------------------------------

export const ChatParamsSchema = Type.Object({
  id: uuid("A session id, or a member's user id for one's direct session with them"),
});
export type ChatParams = Static<typeof ChatParamsSchema>;

export const ChatMessagesQuerySchema = Type.Object({
  last_mod: Type.Optional(
    Type.Integer({ minimum: 0, description: 'Messages after this cursor, oldest first (live catch-up)' }),
  ),
  before: Type.Optional(
    Type.Integer({ minimum: 0, description: 'The newest messages before this cursor (older on scroll up)' }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: CHAT_PAGE_MAX, default: 50 }),
  member_details: Type.Boolean({ default: false, description: 'Also answer every member of the session' }),
});
export type ChatMessagesQuery = Static<typeof ChatMessagesQuerySchema>;

export const ChatMessagesResponseSchema = success({
  session_id: Type.Union([Type.String(), Type.Null()], {
    description: 'null: a direct session with that member does not exist yet (no message so far)',
  }),
  messages: Type.Array(ChatMessageSchema, { description: 'Oldest first' }),
  more: Type.Boolean({
    description: 'With last_mod: newer ones remain; otherwise: older ones remain (ask with before)',
  }),
  last_mod: cursor('With last_mod: the cursor to send next'),
  members: Type.Optional(Type.Array(ChatMemberSchema, { description: 'With member_details: all members' })),
});
export type ChatMessagesResponse = Static<typeof ChatMessagesResponseSchema>;

export const ChatMessageWriteSchema = Type.Object(
  {
    message_id: Type.String({
      pattern: CHAT_MESSAGE_ID_PATTERN,
      description: 'Device-generated (a UUID is best): a retried send with it stores nothing twice',
    }),
    message: Type.String({
      minLength: 1,
      maxLength: CHAT_MESSAGE_MAX_LENGTH,
      description: 'Plain text; trimmed, must not be empty',
    }),
  },
  { additionalProperties: false },
);
export type ChatMessageWrite = Static<typeof ChatMessageWriteSchema>;

export const ChatMessageWriteResponseSchema = success({
  message: ChatMessageSchema,
  created: Type.Boolean({ description: 'false: a replay of a stored message' }),
});
export type ChatMessageWriteResponse = Static<typeof ChatMessageWriteResponseSchema>;

// ---- status -------------------------------------------------------------------------------------

export const ChatStatusResponseSchema = success({
  session_id: Type.String(),
  last_read: Type.Union([Type.String(), Type.Null()], { description: 'The last message id read' }),
  unread: Type.Integer({ minimum: 0, description: 'Unread in this session' }),
  total_unreads: Type.Integer({ minimum: 0, description: 'Unread in all of the caller’s sessions' }),
});
export type ChatStatusResponse = Static<typeof ChatStatusResponseSchema>;

export const ChatStatusParamsSchema = Type.Object({
  id: ChatParamsSchema.properties.id,
  x: uuid('The member whose read mark it is: the caller'),
});
export const ChatStatusWriteSchema = Type.Object(
  {
    last_read: Type.String({
      pattern: CHAT_MESSAGE_ID_PATTERN,
      description: 'A message of the session: it and all before it are read (a mark never goes back)',
    }),
  },
  { additionalProperties: false },
);
export type ChatStatusWrite = Static<typeof ChatStatusWriteSchema>;

/** GET chats/status: what the client polls (SPEC §7 "get chat status"; path chosen here). */
export const ChatUnreadResponseSchema = success({ total_unreads: Type.Integer({ minimum: 0 }) });
export type ChatUnreadResponse = Static<typeof ChatUnreadResponseSchema>;

// ---- live channel (GET chats/events, text/event-stream) ----------------------------------------

/** `event: message` — a new message in one of the member's sessions. */
export const ChatMessageEventSchema = Type.Object({
  message: ChatMessageSchema,
  total_unreads: Type.Integer({ minimum: 0 }),
});
export type ChatMessageEvent = Static<typeof ChatMessageEventSchema>;

/** `event: unread` — the member's unread count changed (a read mark on another device). */
export const ChatUnreadEventSchema = Type.Object({ total_unreads: Type.Integer({ minimum: 0 }) });
export type ChatUnreadEvent = Static<typeof ChatUnreadEventSchema>;

export const CHAT_EVENTS = ['ready', 'message', 'unread'] as const;
export type ChatEventName = (typeof CHAT_EVENTS)[number];
