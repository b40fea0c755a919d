/**
 * Chat sessions, members and messages (202611280012_chat.sql; docs/api.md "Chats").
 *
 * - Writes (a send, a read mark, a group's membership) run in one transaction that first takes
 *   CHAT_LOCK, then `nextval('chat_seq')`: the cursor values commit in the order they were taken,
 *   so a reader paging by `last_mod` never steps over a write that commits late.
 * - A message id is the device's and unique over all messages: a replay (same id, session, author
 *   and text) answers the stored message and changes nothing; any other reuse is 409.
 * - Each committed change is announced with `pg_notify(CHAT_CHANNEL, …)` inside its transaction
 *   (PostgreSQL delivers it at commit, to every server process); live.ts fans it out.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ChatMember, ChatMessage, ChatSession, ChatMessagesQuery } from '@contract/chat';
import { messages } from '@contract/messages';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../../errors';
import type { ChatMessageRow, ChatSessionRow } from './tables';
import { present } from '../../../present';

/** The advisory lock key of chat writes ("chat" in ASCII). */
const CHAT_LOCK = 0x63686174;
/** The LISTEN/NOTIFY channel of chat changes. */
export const CHAT_CHANNEL = 'fieldmark_chat';

/** What a NOTIFY on CHAT_CHANNEL carries: ids only (payloads are capped at 8000 bytes). */
export type ChatNotice =
  { t: 'message'; session_id: string; message_id: string } | { t: 'read'; user_id: string };

/** A session the caller may use, or the member a direct session would be with (not created yet). */
export type ChatTarget = { session: ChatSessionRow } | { directWith: string };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function directKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export function messageOf(row: ChatMessageRow): ChatMessage {
  return {
    message_id: row.id,
    session_id: row.session_id,
    user_id: row.author_id,
    message: row.body,
    created_at: seconds(row.created_at),
    last_mod: Number(row.seq),
  };
}

async function nextSeq(trx: Transaction<DB>): Promise<number> {
  await sql`SELECT pg_advisory_xact_lock(${CHAT_LOCK})`.execute(trx);
  const { rows } = await sql<{ seq: string }>`SELECT nextval('chat_seq') AS seq`.execute(trx);
  return Number(present(rows[0], 'the next chat sequence').seq);
}

async function announce(trx: Transaction<DB>, notice: ChatNotice): Promise<void> {
  await sql`SELECT pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(notice)})`.execute(trx);
}

/** Runs inside a send's transaction, after the message is stored (push queues its jobs here). */
export type OnChatMessage = (trx: Transaction<DB>, message: ChatMessage) => Promise<void>;

export class ChatStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly onMessage?: OnChatMessage,
  ) {}

  /**
   * `{id}` of a chats call for `memberId`: a session they belong to (another's is 403), or a member
   * (their direct session, or that member when there is none yet). Anything else is 404.
   */
  async target(memberId: string, id: string): Promise<ChatTarget> {
    const session = await this.db
      .selectFrom('chat_sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (session) {
      if (!(await this.isMember(session.id, memberId))) throw forbidden(messages.chatNotMember);
      return { session };
    }
    const user = await this.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    if (!user) throw notFound(messages.chatNotFound);
    if (user.id === memberId) throw badRequest(messages.chatWithYourself);
    const direct = await this.db
      .selectFrom('chat_sessions')
      .selectAll()
      .where('direct_key', '=', directKey(memberId, user.id))
      .executeTakeFirst();
    return direct ? { session: direct } : { directWith: user.id };
  }

  async isMember(sessionId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('chat_members')
      .select('user_id')
      .where('session_id', '=', sessionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async members(sessionId: string): Promise<ChatMember[]> {
    const rows = await this.db
      .selectFrom('chat_members as cm')
      .innerJoin('users as u', 'u.id', 'cm.user_id')
      .select(['u.id as user_id', 'u.nickname', 'u.avatar'])
      .where('cm.session_id', '=', sessionId)
      .orderBy('cm.joined_at')
      .orderBy('u.id')
      .execute();
    return rows;
  }

  /** The member's sessions changed after `lastMod` (a message, membership or their read mark). */
  async sessions(memberId: string, lastMod: number, limit: number): Promise<ChatSession[]> {
    const { rows } = await sql<{
      id: string;
      kind: 'direct' | 'group';
      group_id: string | null;
      title: string | null;
      last_mod: string;
      last_read_seq: string;
      last_read: string | null;
      unread: string;
    }>`
      SELECT s.id, s.kind, s.group_id, s.title, greatest(s.mod_seq, cm.mod_seq) AS last_mod,
        cm.last_read_seq,
        (SELECT r.id FROM chat_messages r WHERE r.seq = cm.last_read_seq) AS last_read,
        (SELECT count(*) FROM chat_messages m WHERE m.session_id = s.id AND m.seq > cm.last_read_seq
          AND m.author_id IS DISTINCT FROM cm.user_id) AS unread
      FROM chat_members cm JOIN chat_sessions s ON s.id = cm.session_id
      WHERE cm.user_id = ${memberId} AND greatest(s.mod_seq, cm.mod_seq) > ${lastMod}
      ORDER BY greatest(s.mod_seq, cm.mod_seq), s.id
      LIMIT ${limit}`.execute(this.db);
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const others = await this.db
      .selectFrom('chat_members as cm')
      .innerJoin('users as u', 'u.id', 'cm.user_id')
      .select(['cm.session_id', 'u.id as user_id', 'u.nickname', 'u.avatar'])
      .where('cm.session_id', 'in', ids)
      .where('cm.user_id', '!=', memberId)
      .orderBy('cm.joined_at')
      .orderBy('u.id')
      .execute();
    const lasts = await this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('seq', 'in', (eb) =>
        eb
          .selectFrom('chat_messages')
          .select(eb.fn.max('seq').as('seq'))
          .where('session_id', 'in', ids)
          .groupBy('session_id'),
      )
      .execute();
    return rows.map((row) => {
      const members = others
        .filter((other) => other.session_id === row.id)
        .map(({ user_id, nickname, avatar }) => ({ user_id, nickname, avatar }));
      const last = lasts.find((message) => message.session_id === row.id);
      const direct = row.kind === 'direct' ? members[0] : undefined;
      return {
        session_id: row.id,
        kind: row.kind,
        group_id: row.group_id,
        title: row.title,
        user_id: direct?.user_id ?? null,
        nickname: direct?.nickname ?? null,
        avatar: direct?.avatar ?? null,
        members,
        last_message: last ? messageOf(last) : null,
        unread: Number(row.unread),
        last_read: row.last_read,
        last_mod: Number(row.last_mod),
      };
    });
  }

  /**
   * A page of the session's messages, oldest first: after `last_mod` (forward), else the newest
   * before `before` (or the newest of all). `more`: a further page exists in that direction.
   */
  async messages(
    sessionId: string,
    query: Pick<ChatMessagesQuery, 'last_mod' | 'before' | 'limit'>,
  ): Promise<{ messages: ChatMessage[]; more: boolean }> {
    let select = this.db.selectFrom('chat_messages').selectAll().where('session_id', '=', sessionId);
    if (query.last_mod !== undefined) {
      const rows = await select
        .where('seq', '>', String(query.last_mod))
        .orderBy('seq')
        .limit(query.limit + 1)
        .execute();
      return { messages: rows.slice(0, query.limit).map(messageOf), more: rows.length > query.limit };
    }
    if (query.before !== undefined) select = select.where('seq', '<', String(query.before));
    const rows = await select
      .orderBy('seq', 'desc')
      .limit(query.limit + 1)
      .execute();
    return { messages: rows.slice(0, query.limit).reverse().map(messageOf), more: rows.length > query.limit };
  }

  /** Stores a message (creating the direct session on a first send); a replay answers the stored one. */
  async send(
    memberId: string,
    target: ChatTarget,
    input: { id: string; body: string },
  ): Promise<{ message: ChatMessage; created: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const seq = await nextSeq(trx);
      const stored = await trx
        .selectFrom('chat_messages')
        .selectAll()
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (stored) {
        const sameSession = 'session' in target ? stored.session_id === target.session.id : false;
        if (!sameSession || stored.author_id !== memberId || stored.body !== input.body)
          throw conflict(messages.chatMessageIdTaken);
        return { message: messageOf(stored), created: false };
      }
      const sessionId =
        'session' in target
          ? target.session.id
          : await this.createDirect(trx, memberId, target.directWith, seq);
      const row = await trx
        .insertInto('chat_messages')
        .values({
          id: input.id,
          session_id: sessionId,
          author_id: memberId,
          body: input.body,
          seq,
          created_at: new Date(this.clock.now()),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.updateTable('chat_sessions').set({ mod_seq: seq }).where('id', '=', sessionId).execute();
      // One's own message is read: the mark moves to it.
      await trx
        .updateTable('chat_members')
        .set({ last_read_seq: seq })
        .where('session_id', '=', sessionId)
        .where('user_id', '=', memberId)
        .execute();
      await this.onMessage?.(trx, messageOf(row));
      await announce(trx, { t: 'message', session_id: sessionId, message_id: row.id });
      return { message: messageOf(row), created: true };
    });
  }

  /** The direct session of the pair, inside the send's transaction (the lock makes it race-free). */
  private async createDirect(
    trx: Transaction<DB>,
    memberId: string,
    otherId: string,
    seq: number,
  ): Promise<string> {
    const key = directKey(memberId, otherId);
    const existing = await trx
      .selectFrom('chat_sessions')
      .select('id')
      .where('direct_key', '=', key)
      .executeTakeFirst();
    if (existing) return existing.id;
    const now = new Date(this.clock.now());
    const session = await trx
      .insertInto('chat_sessions')
      .values({ kind: 'direct', direct_key: key, group_id: null, title: null, mod_seq: seq, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('chat_members')
      .values(
        [memberId, otherId].map((user_id) => ({
          session_id: session.id,
          user_id,
          mod_seq: seq,
          joined_at: now,
        })),
      )
      .execute();
    return session.id;
  }

  /** The member's read mark in the session, its unread count and their total. */
  async status(memberId: string, sessionId: string) {
    const { rows } = await sql<{ last_read: string | null; unread: string }>`
      SELECT (SELECT r.id FROM chat_messages r WHERE r.seq = cm.last_read_seq) AS last_read,
        (SELECT count(*) FROM chat_messages m WHERE m.session_id = cm.session_id
          AND m.seq > cm.last_read_seq AND m.author_id IS DISTINCT FROM cm.user_id) AS unread
      FROM chat_members cm WHERE cm.session_id = ${sessionId} AND cm.user_id = ${memberId}`.execute(this.db);
    const row = rows[0];
    if (!row) throw forbidden(messages.chatNotMember);
    return {
      session_id: sessionId,
      last_read: row.last_read,
      unread: Number(row.unread),
      total_unreads: await this.totalUnreads(memberId),
    };
  }

  /** Moves the member's read mark to `messageId` (never back); a message of another session is 400. */
  async markRead(memberId: string, sessionId: string, messageId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const message = await trx
        .selectFrom('chat_messages')
        .select('seq')
        .where('id', '=', messageId)
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      if (!message) throw badRequest(messages.chatLastReadUnknown);
      const seq = await nextSeq(trx);
      const moved = await trx
        .updateTable('chat_members')
        .set({ last_read_seq: message.seq, mod_seq: seq })
        .where('session_id', '=', sessionId)
        .where('user_id', '=', memberId)
        .where('last_read_seq', '<', message.seq)
        .executeTakeFirst();
      if (moved.numUpdatedRows > 0n) await announce(trx, { t: 'read', user_id: memberId });
    });
  }

  /** Others' messages after the member's read marks, over all their sessions. */
  async totalUnreads(memberId: string): Promise<number> {
    const { rows } = await sql<{ total: string }>`
      SELECT count(*) AS total FROM chat_members cm
      JOIN chat_messages m ON m.session_id = cm.session_id AND m.seq > cm.last_read_seq
      WHERE cm.user_id = ${memberId} AND m.author_id IS DISTINCT FROM ${memberId}`.execute(this.db);
    return Number(rows[0]?.total ?? 0);
  }

  /** One stored message (the live channel reads what a notice names). */
  async message(messageId: string): Promise<ChatMessage | undefined> {
    const row = await this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('id', '=', messageId)
      .executeTakeFirst();
    return row ? messageOf(row) : undefined;
  }

  /** Of `userIds`, those who are members of the session. */
  async membersAmong(sessionId: string, userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('chat_members')
      .select('user_id')
      .where('session_id', '=', sessionId)
      .where('user_id', 'in', userIds)
      .execute();
    return rows.map((row) => row.user_id);
  }

  /**
   * The group session of `groupId` with exactly these members (created on first call): for the
   * groups domain to call when a group is saved. Members who leave lose the session; those who
   * join see its whole history. Answers the session id.
   */
  async syncGroup(input: { groupId: string; title: string; memberIds: readonly string[] }): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const seq = await nextSeq(trx);
      const now = new Date(this.clock.now());
      const session = await trx
        .insertInto('chat_sessions')
        .values({
          kind: 'group',
          direct_key: null,
          group_id: input.groupId,
          title: input.title,
          mod_seq: seq,
          created_at: now,
        })
        .onConflict((oc) => oc.column('group_id').doUpdateSet({ title: input.title, mod_seq: seq }))
        .returning('id')
        .executeTakeFirstOrThrow();
      const wanted = [...new Set(input.memberIds)];
      let remove = trx.deleteFrom('chat_members').where('session_id', '=', session.id);
      if (wanted.length > 0) remove = remove.where('user_id', 'not in', wanted);
      await remove.execute();
      if (wanted.length > 0)
        await trx
          .insertInto('chat_members')
          .values(
            wanted.map((user_id) => ({ session_id: session.id, user_id, mod_seq: seq, joined_at: now })),
          )
          .onConflict((oc) => oc.columns(['session_id', 'user_id']).doNothing())
          .execute();
      return session.id;
    });
  }
}
