/**
 * The community tables (202611280011_community.sql), merged into the app's `DB` type.
 * Keep in step with the SQL by hand: a column added there is added here in the same commit.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../../db/schema';

export interface MemberFollowsTable {
  follower_id: string;
  followed_id: string;
  created_at: Timestamp;
}

export interface CommunityGroupsTable {
  id: string;
  title: string;
  about: Generated<string>;
  avatar: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CommunityGroupMembersTable {
  group_id: string;
  user_id: string;
  role: 'admin' | 'member';
  joined_at: Timestamp;
}

export interface NewsfeedItemsTable {
  id: string;
  type: 'post' | 'sighting' | 'lifer' | 'group_member' | 'trip_summary';
  author_id: string;
  group_id: string | null;
  body: Generated<string>;
  photos: ColumnType<string[], string[] | undefined, string[]>;
  observation_id: string | null;
  trip_id: string | null;
  hotspot_id: string | null;
  /** bigint from a sequence: pg answers a string, PGlite a number. */
  mod: ColumnType<string | number, never, string | number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

declare module '../../../db/schema' {
  interface DB {
    member_follows: MemberFollowsTable;
    community_groups: CommunityGroupsTable;
    community_group_members: CommunityGroupMembersTable;
    newsfeed_items: NewsfeedItemsTable;
  }
}

export type GroupRow = Selectable<CommunityGroupsTable>;
export type FeedItemRow = Selectable<NewsfeedItemsTable>;
