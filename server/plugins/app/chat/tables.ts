/**
 * The chat tables (202611280012_chat.sql), merged into the app's `DB` type (db/schema.ts).
 * Keep in step with the SQL by hand: a column added there is added here in the same commit.
 * bigint columns arrive from pg as strings; the repository turns them into numbers.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../../db/schema';

type BigInt = ColumnType<string, number | string, number | string>;

export interface ChatSessionsTable {
  id: Generated<string>;
  kind: 'direct' | 'group';
  direct_key: string | null;
  group_id: string | null;
  title: string | null;
  mod_seq: BigInt;
  created_at: Timestamp;
}

export interface ChatMembersTable {
  session_id: string;
  user_id: string;
  last_read_seq: ColumnType<string, number | string | undefined, number | string>;
  mod_seq: BigInt;
  joined_at: Timestamp;
}

export interface ChatMessagesTable {
  id: string;
  session_id: string;
  author_id: string | null;
  body: string;
  seq: BigInt;
  created_at: Timestamp;
}

declare module '../../../db/schema' {
  interface DB {
    chat_sessions: ChatSessionsTable;
    chat_members: ChatMembersTable;
    chat_messages: ChatMessagesTable;
  }
}

export type ChatSessionRow = Selectable<ChatSessionsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
