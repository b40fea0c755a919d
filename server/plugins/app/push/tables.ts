/**
 * The push tables (202611280055_push.sql), merged into the app's `DB` type (db/schema.ts).
 * Keep in step with the SQL by hand: a column added there is added here in the same commit.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../../db/schema';

export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

export interface PushJobsTable {
  id: ColumnType<string, never, never>;
  endpoint: string;
  user_id: string;
  topic: string;
  payload: string;
  attempts: Generated<number>;
  run_at: Timestamp;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
}

declare module '../../../db/schema' {
  interface DB {
    push_subscriptions: PushSubscriptionsTable;
    push_jobs: PushJobsTable;
  }
}

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type PushJobRow = Selectable<PushJobsTable>;
