/**
 * Row types of the tables created by server/migrations, as Kysely sees them. Keep in step with the
 * SQL by hand: a column added there is added here in the same commit. Rows never leave the server
 * as they are; repositories map them to the contract types of src/contract.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Permissions } from '@contract/permissions';

/** timestamptz: pg parses it into a Date; we write Dates from the application clock. */
type Timestamp = ColumnType<Date, Date | undefined, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

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
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type TokenKind = 'auth' | 'refresh' | 'client';

export interface AuthTokensTable {
  id: Generated<string>;
  token_hash: string;
  kind: TokenKind;
  user_id: string | null;
  session_id: string | null;
  client_id: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
  replaced_by: string | null;
}

export interface PasswordResetsTable {
  rid: string;
  user_id: string;
  pin_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface EmailVerificationsTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface SocialIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  social_identities: SocialIdentitiesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type AuthTokenRow = Selectable<AuthTokensTable>;
