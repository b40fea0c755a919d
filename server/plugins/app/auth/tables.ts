/**
 * Tokens, password resets, email verifications and social identities (001_accounts.sql), merged
 * into the app's `DB` type (db/schema.ts).
 * Keep in step with the SQL by hand: a column added there is added here in the same commit.
 */
import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../../db/schema';

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

declare module '../../../db/schema' {
  interface DB {
    auth_tokens: AuthTokensTable;
    password_resets: PasswordResetsTable;
    email_verifications: EmailVerificationsTable;
    social_identities: SocialIdentitiesTable;
  }
}

export type AuthTokenRow = Selectable<AuthTokensTable>;
