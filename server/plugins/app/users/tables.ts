/**
 * The users table (001_accounts.sql), merged into the app's `DB` type (db/schema.ts).
 * Keep in step with the SQL by hand: a column added there is added here in the same commit.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Permissions } from '@contract/permissions';
import type { NullableTimestamp, Timestamp } from '../../../db/schema';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  firstname: Generated<string>;
  nickname: string;
  avatar: string | null;
  about: Generated<string>;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  /** jsonb; pg serialises the object with JSON.stringify on the way in. */
  permissions: ColumnType<Permissions, string | undefined, string>;
  newsletter_subscribed: Generated<boolean>;
  stats_visible_to_others: Generated<boolean>;
  location_id: string | null;
  email_verified_at: NullableTimestamp;
  /** Set by an admin (202611280042_user_admin.sql): no sign-in, no token resolves. */
  disabled_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../../db/schema' {
  interface DB {
    users: UsersTable;
  }
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
