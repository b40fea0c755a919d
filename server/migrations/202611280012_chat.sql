-- Chats (issue 17; docs/api.md "Chats"): sessions, their members with each one's read mark, and
-- messages. A direct session is the one session of a pair of members (`direct_key`, the two ids in
-- order); a group session is a session with several members, kept in step with a group by the
-- groups domain (`group_id`, no foreign key: groups live in their own migration).
-- `chat_seq` orders every change: a message's `seq`, a session's `mod_seq` (its last message or
-- membership change) and a member's `mod_seq` (their read mark) are its values, the `last_mod`
-- cursors of GET chats and GET chats/{id}/messages. Writers take one transaction-scoped advisory
-- lock before `nextval`, so values commit in order and a cursor never skips a late commit.
-- Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.

CREATE SEQUENCE chat_seq;

CREATE TABLE chat_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('direct', 'group')),
  direct_key text UNIQUE,
  group_id text UNIQUE,
  title text,
  mod_seq bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT chat_sessions_kind_key CHECK (
    (kind = 'direct' AND direct_key IS NOT NULL AND group_id IS NULL)
    OR (kind = 'group' AND direct_key IS NULL AND group_id IS NOT NULL))
);

CREATE TABLE chat_members (
  session_id uuid NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The `seq` of the last message read (0: none); it never goes back.
  last_read_seq bigint NOT NULL DEFAULT 0,
  mod_seq bigint NOT NULL,
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, user_id)
);
CREATE INDEX chat_members_user_idx ON chat_members (user_id, session_id);

CREATE TABLE chat_messages (
  -- Device-generated, unique over all messages: a retried send finds its first copy.
  id text COLLATE "C" PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  body text NOT NULL,
  seq bigint NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);
CREATE INDEX chat_messages_session_seq_idx ON chat_messages (session_id, seq);
