/**
 * The logbook tables (migrations/202611280103_logbooks.sql), merged into the app's `DB` type.
 * Keep in step with the SQL by hand.
 */
import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../../db/schema';

export interface ActivationCodesTable {
  code: string;
  product_id: string;
  batch: string;
  created_at: Timestamp;
  redeemed_by: string | null;
  redeemed_at: NullableTimestamp;
}

export interface UserLogbooksTable {
  id: Generated<string>;
  user_id: string;
  product_id: string;
  source: 'purchase' | 'code';
  order_id: string | null;
  activation_code: string | null;
  created_at: Timestamp;
}

declare module '../../../db/schema' {
  interface DB {
    activation_codes: ActivationCodesTable;
    user_logbooks: UserLogbooksTable;
  }
}
