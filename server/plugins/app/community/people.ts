/**
 * People (SPEC §7 "GET users", "users/{id}/follow", "users/{id}/following", "users/recommendation";
 * docs/api.md "Community"): searching members, following them, and whom to follow. Answers carry a
 * member's public fields only (as GET users/{id} gives anyone else) and the follow relation to the
 * caller; never an email, a name, a region or a setting.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Person } from '@contract/community';
import { escapeLike, foldText } from '@contract/text';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { isUuid } from '../users/users-repository';

export interface PageOptions {
  search?: string | undefined;
  skip: number;
  limit: number;
}

interface PersonRow {
  user_id: string;
  nickname: string;
  avatar: string | null;
  about: string;
  follower_count: string | number;
  following_count: string | number;
  following: boolean;
  follows_you: boolean;
}

/** The columns of a Person for the member `u`, as seen by `viewer`. */
export function personColumns(viewer: string): RawBuilder<unknown> {
  return sql`u.id AS user_id, u.nickname, u.avatar, u.about,
    (SELECT count(*) FROM member_follows f WHERE f.followed_id = u.id) AS follower_count,
    (SELECT count(*) FROM member_follows f WHERE f.follower_id = u.id) AS following_count,
    EXISTS (SELECT 1 FROM member_follows f WHERE f.follower_id = ${viewer} AND f.followed_id = u.id) AS following,
    EXISTS (SELECT 1 FROM member_follows f WHERE f.follower_id = u.id AND f.followed_id = ${viewer}) AS follows_you`;
}

export function toPerson(row: PersonRow): Person {
  return {
    user_id: row.user_id,
    nickname: row.nickname,
    avatar: row.avatar,
    about: row.about,
    follower_count: Number(row.follower_count),
    following_count: Number(row.following_count),
    following: row.following,
    follows_you: row.follows_you,
  };
}

/** The search condition on `u` (nickname and name, folded; word starts), or true without a term. */
export function memberSearch(search: string | undefined): RawBuilder<unknown> {
  const folded = search === undefined ? '' : foldText(search);
  if (folded === '') return sql`true`;
  return sql`(' ' || community_fold(u.nickname) || ' ' || community_fold(u.firstname)) LIKE ${`% ${escapeLike(folded)}%`}`;
}

export class People {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async exists(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const row = await this.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** One member with the follow figures as `viewer` sees them; null when there is none. */
  async person(viewer: string, id: string): Promise<Person | null> {
    if (!isUuid(id)) return null;
    const rows =
      await sql<PersonRow>`SELECT ${personColumns(viewer)} FROM users u WHERE u.id = ${id}`.execute(this.db);
    const row = rows.rows[0];
    return row === undefined ? null : toPerson(row);
  }

  /** One page of members matching the search, by folded nickname. */
  async search(viewer: string, options: PageOptions): Promise<{ users: Person[]; count: number }> {
    return this.page(
      viewer,
      sql`users u`,
      sql`u.id`,
      memberSearch(options.search),
      options,
      sql`community_fold(u.nickname), u.id`,
    );
  }

  /** Who follows `id` (SPEC "users/{id}/follow"), latest follow first. */
  async followers(viewer: string, id: string, options: PageOptions) {
    return this.page(
      viewer,
      sql`member_follows r JOIN users u ON u.id = r.follower_id`,
      sql`u.id`,
      sql`r.followed_id = ${id} AND ${memberSearch(options.search)}`,
      options,
      sql`r.created_at DESC, u.id`,
    );
  }

  /** Whom `id` follows (SPEC "users/{id}/following"), latest follow first. */
  async following(viewer: string, id: string, options: PageOptions) {
    return this.page(
      viewer,
      sql`member_follows r JOIN users u ON u.id = r.followed_id`,
      sql`u.id`,
      sql`r.follower_id = ${id} AND ${memberSearch(options.search)}`,
      options,
      sql`r.created_at DESC, u.id`,
    );
  }

  private async page(
    viewer: string,
    from: RawBuilder<unknown>,
    key: RawBuilder<unknown>,
    where: RawBuilder<unknown>,
    options: PageOptions,
    order: RawBuilder<unknown>,
  ): Promise<{ users: Person[]; count: number }> {
    const rows = await sql<PersonRow>`SELECT ${personColumns(viewer)} FROM ${from} WHERE ${where}
      ORDER BY ${order} LIMIT ${options.limit} OFFSET ${options.skip}`.execute(this.db);
    const counted = await sql<{ count: string | number }>`SELECT count(${key}) AS count FROM ${from}
      WHERE ${where}`.execute(this.db);
    return { users: rows.rows.map(toPerson), count: Number(counted.rows[0]?.count ?? 0) };
  }

  /** Follows or stops following; idempotent. Answers the followed member's follower count. */
  async setFollow(follower: string, followed: string, follow: boolean): Promise<number> {
    if (follow) {
      await this.db
        .insertInto('member_follows')
        .values({ follower_id: follower, followed_id: followed, created_at: new Date(this.clock.now()) })
        .onConflict((oc) => oc.columns(['follower_id', 'followed_id']).doNothing())
        .execute();
    } else {
      await this.db
        .deleteFrom('member_follows')
        .where('follower_id', '=', follower)
        .where('followed_id', '=', followed)
        .execute();
    }
    const row = await this.db
      .selectFrom('member_follows')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('followed_id', '=', followed)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async follows(follower: string, followed: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('member_follows')
      .select('follower_id')
      .where('follower_id', '=', follower)
      .where('followed_id', '=', followed)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Whom to follow (the rule, docs/api.md "Community"): members the caller does not follow yet,
   * ranked by how many of the people the caller follows follow them, then by the groups both are
   * in, then by their public sightings in the caller's region (profile location), then by their
   * public sightings in all; ties by nickname. Every figure is over public data only.
   */
  async recommend(viewer: string, options: { search?: string | undefined; limit: number }) {
    const rows = await sql<
      PersonRow & { mutual: string; shared_groups: string; nearby: string; sightings: string }
    >`
      WITH me AS (SELECT location_id FROM users WHERE id = ${viewer}),
      ranked AS (
        SELECT ${personColumns(viewer)},
          (SELECT count(*) FROM member_follows a JOIN member_follows b ON b.follower_id = a.followed_id
            WHERE a.follower_id = ${viewer} AND b.followed_id = u.id) AS mutual,
          (SELECT count(*) FROM community_group_members g1
            JOIN community_group_members g2 ON g2.group_id = g1.group_id
            WHERE g1.user_id = ${viewer} AND g2.user_id = u.id) AS shared_groups,
          (SELECT COALESCE(sum(s.count), 0) FROM sighting_groups s, me
            WHERE s.owner_id = u.id AND s.public AND me.location_id = ANY (s.places)) AS nearby,
          (SELECT COALESCE(sum(s.count), 0) FROM sighting_groups s WHERE s.owner_id = u.id AND s.public) AS sightings,
          community_fold(u.nickname) AS sort_name
        FROM users u
        WHERE u.id <> ${viewer} AND ${memberSearch(options.search)}
          AND NOT EXISTS (SELECT 1 FROM member_follows f WHERE f.follower_id = ${viewer} AND f.followed_id = u.id)
      )
      SELECT * FROM ranked
      ORDER BY mutual DESC, shared_groups DESC, nearby DESC, sightings DESC, sort_name, user_id
      LIMIT ${options.limit}`.execute(this.db);
    return rows.rows.map((row) => ({
      ...toPerson(row),
      mutual: Number(row.mutual),
      shared_groups: Number(row.shared_groups),
      nearby: Number(row.nearby),
      sightings: Number(row.sightings),
    }));
  }
}
