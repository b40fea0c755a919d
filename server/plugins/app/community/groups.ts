/**
 * Groups (SPEC §3 "Group", §7 "PUT groups[/{id}]", "GET groups"; docs/api.md "Community"). Groups
 * are open: anyone signed in may join, and their posts are public like every feed item. The
 * creator is the group's first admin; only its admins (or a site admin) edit it and its members;
 * a member may leave; a group always keeps an admin. Joining writes a `group_member` feed item to
 * the group's feed; leaving removes it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Group, GroupMember, GroupRequest, GroupRole, GroupsQuery } from '@contract/community';
import { formatMessage, messages } from '@contract/messages';
import { escapeLike, foldText } from '@contract/text';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../../errors';
import { isUuid } from '../users/users-repository';
import { withFeedMarks } from './feed';
import type { GroupRow } from './tables';

/** The most members one answer lists (GET groups/{id}/members pages through all). */
const MEMBERS_SHOWN = 500;

interface GroupListRow extends GroupRow {
  member_count: string | number;
  role: GroupRole | null;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The feed item of a member joining a group (one per group and member, revived on rejoining). */
export function joinItemId(groupId: string, userId: string): string {
  return `g~${createHash('md5').update(`${groupId}/${userId}`).digest('hex')}`;
}

function toGroup(row: GroupListRow): Group {
  return {
    group_id: row.id,
    title: row.title,
    about: row.about,
    avatar: row.avatar,
    member_count: Number(row.member_count),
    role: row.role,
    created_by: row.created_by,
    created_at: seconds(row.created_at),
  };
}

export class Groups {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  private columns(viewer: string | null) {
    return sql`g.*, (SELECT count(*) FROM community_group_members m WHERE m.group_id = g.id) AS member_count,
      (SELECT m.role FROM community_group_members m WHERE m.group_id = g.id AND m.user_id = ${viewer}) AS role`;
  }

  async get(viewer: string | null, id: string): Promise<Group> {
    if (!isUuid(id)) throw notFound(messages.groupNotFound);
    const { rows } = await sql<GroupListRow>`SELECT ${this.columns(viewer)} FROM community_groups g
      WHERE g.id = ${id.toLowerCase()}`.execute(this.db);
    const row = rows[0];
    if (row === undefined) throw notFound(messages.groupNotFound);
    return toGroup(row);
  }

  async list(viewer: string | null, query: GroupsQuery): Promise<{ groups: Group[]; count: number }> {
    const folded = query.search === undefined ? '' : foldText(query.search);
    const search =
      folded === '' ? sql`true` : sql`(' ' || community_fold(g.title)) LIKE ${`% ${escapeLike(folded)}%`}`;
    const mine = query.member
      ? sql`EXISTS (SELECT 1 FROM community_group_members m WHERE m.group_id = g.id AND m.user_id = ${viewer})`
      : sql`true`;
    const { rows } = await sql<GroupListRow>`SELECT ${this.columns(viewer)} FROM community_groups g
      WHERE ${search} AND ${mine} ORDER BY community_fold(g.title), g.id
      LIMIT ${query.limit} OFFSET ${query.skip}`.execute(this.db);
    const counted = await sql<{ count: string | number }>`SELECT count(*) AS count FROM community_groups g
      WHERE ${search} AND ${mine}`.execute(this.db);
    return { groups: rows.map(toGroup), count: Number(counted.rows[0]?.count ?? 0) };
  }

  async members(groupId: string, page: { skip: number; limit: number }) {
    const rows = await this.db
      .selectFrom('community_group_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.nickname', 'u.avatar', 'm.role', 'm.joined_at'])
      .where('m.group_id', '=', groupId)
      .orderBy(sql`m.role = 'admin'`, 'desc')
      .orderBy(sql`community_fold(u.nickname)`)
      .orderBy('u.id')
      .limit(page.limit)
      .offset(page.skip)
      .execute();
    const counted = await this.db
      .selectFrom('community_group_members')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    const members: GroupMember[] = rows.map((row) => ({
      user_id: row.id,
      nickname: row.nickname,
      avatar: row.avatar,
      role: row.role,
      joined_at: seconds(row.joined_at),
    }));
    return { members, count: Number(counted?.count ?? 0) };
  }

  async roleOf(groupId: string, userId: string): Promise<GroupRole | null> {
    const row = await this.db
      .selectFrom('community_group_members')
      .select('role')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role ?? null;
  }

  /**
   * Creates the group (the caller becomes its admin) or edits it (its admins, or a site admin when
   * `siteAdmin`). `members`, from an admin, is the whole list: others join, the missing leave.
   */
  async save(
    caller: string,
    id: string | undefined,
    input: GroupRequest,
    siteAdmin: boolean,
  ): Promise<{ groupId: string; created: boolean }> {
    const groupId = (id ?? randomUUID()).toLowerCase();
    const existing = await this.db
      .selectFrom('community_groups')
      .selectAll()
      .where('id', '=', groupId)
      .executeTakeFirst();
    const now = new Date(this.clock.now());
    if (input.members !== undefined) await this.checkMembers(input.members);
    if (existing === undefined) {
      if (input.title === undefined || input.title.trim() === '')
        throw badRequest(messages.groupTitleRequired);
      const title = input.title.trim();
      const inserted = await this.db
        .insertInto('community_groups')
        .values({
          id: groupId,
          title,
          about: (input.about ?? '').trim(),
          avatar: input.avatar ?? null,
          created_by: caller,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      // A concurrent replay created it first: this one is an edit.
      if (inserted === undefined) return this.save(caller, groupId, input, siteAdmin);
      await this.join(groupId, caller, 'admin', false);
      for (const member of input.members ?? []) {
        if (member.toLowerCase() !== caller) await this.join(groupId, member.toLowerCase(), 'member', true);
      }
      return { groupId, created: true };
    }
    if ((await this.roleOf(groupId, caller)) !== 'admin' && !siteAdmin)
      throw forbidden(messages.groupAdminsOnly);
    const patch = {
      ...(input.title !== undefined ? { title: input.title.trim() } : {}),
      ...(input.about !== undefined ? { about: input.about.trim() } : {}),
      ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
    };
    if (patch.title === '') throw badRequest(messages.groupTitleRequired);
    if (input.members !== undefined)
      await this.setMembers(
        groupId,
        input.members.map((m) => m.toLowerCase()),
      );
    await this.db
      .updateTable('community_groups')
      .set({ ...patch, updated_at: now })
      .where('id', '=', groupId)
      .execute();
    return { groupId, created: false };
  }

  private async checkMembers(ids: string[]) {
    if (ids.length === 0) return;
    const lower = ids.map((id) => id.toLowerCase());
    const found = new Set(
      (await this.db.selectFrom('users').select('id').where('id', 'in', lower).execute()).map(
        (row) => row.id,
      ),
    );
    const missing = lower.find((id) => !found.has(id));
    if (missing !== undefined) throw badRequest(formatMessage(messages.groupMemberUnknown, { id: missing }));
  }

  private async setMembers(groupId: string, ids: string[]) {
    const current = await this.db
      .selectFrom('community_group_members')
      .select(['user_id', 'role'])
      .where('group_id', '=', groupId)
      .execute();
    const wanted = new Set(ids);
    if (!current.some((row) => row.role === 'admin' && wanted.has(row.user_id))) {
      throw conflict(messages.groupLastAdmin);
    }
    for (const row of current) if (!wanted.has(row.user_id)) await this.leave(groupId, row.user_id);
    const have = new Set(current.map((row) => row.user_id));
    for (const id of ids) if (!have.has(id)) await this.join(groupId, id, 'member', true);
  }

  /** Adds the member, or sets their role; a join writes the group's feed item. */
  async join(groupId: string, userId: string, role: GroupRole, announce: boolean): Promise<void> {
    const now = new Date(this.clock.now());
    const inserted = await this.db
      .insertInto('community_group_members')
      .values({ group_id: groupId, user_id: userId, role, joined_at: now })
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (inserted === undefined) {
      if (role === 'member' && (await this.adminCount(groupId, userId)) === 0)
        throw conflict(messages.groupLastAdmin);
      await this.db
        .updateTable('community_group_members')
        .set({ role })
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .execute();
      return;
    }
    if (!announce) return;
    await withFeedMarks(this.db, (trx) =>
      trx
        .insertInto('newsfeed_items')
        .values({
          id: joinItemId(groupId, userId),
          type: 'group_member',
          author_id: userId,
          group_id: groupId,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet({ deleted_at: null, updated_at: now, mod: sql`nextval('newsfeed_mod_seq')` }),
        )
        .execute(),
    );
  }

  /** Admins of the group other than `except`. */
  private async adminCount(groupId: string, except: string): Promise<number> {
    const row = await this.db
      .selectFrom('community_group_members')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('group_id', '=', groupId)
      .where('role', '=', 'admin')
      .where('user_id', '<>', except)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Removes the member (leaving or removed); the last admin cannot go. Idempotent. */
  async leave(groupId: string, userId: string): Promise<void> {
    const role = await this.roleOf(groupId, userId);
    if (role === null) return;
    if (role === 'admin' && (await this.adminCount(groupId, userId)) === 0)
      throw conflict(messages.groupLastAdmin);
    const now = new Date(this.clock.now());
    await this.db
      .deleteFrom('community_group_members')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .execute();
    await withFeedMarks(this.db, (trx) =>
      trx
        .updateTable('newsfeed_items')
        .set({ deleted_at: now, updated_at: now, mod: sql`nextval('newsfeed_mod_seq')` })
        .where('id', '=', joinItemId(groupId, userId))
        .where('deleted_at', 'is', null)
        .execute(),
    );
  }

  /** Members shown with a group (admins first), at most MEMBERS_SHOWN. */
  async shownMembers(groupId: string): Promise<GroupMember[]> {
    return (await this.members(groupId, { skip: 0, limit: MEMBERS_SHOWN })).members;
  }
}
