/**
 * The user administration audit table (202611280042_user_admin.sql, 202611290700_user_admin_audit_deletes.sql),
 * merged into the app's `DB`.
 * Keep in step with the SQL by hand: a column added there is added here in the same commit.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../../db/schema';

export interface UserAdminAuditTable {
  id: Generated<string>;
  target_id: string;
  actor_id: string | null;
  action: 'roles' | 'permissions' | 'disable' | 'enable' | 'delete';
  /** jsonb `{before, after}`; pg serialises on the way in. */
  detail: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
}

declare module '../../../db/schema' {
  interface DB {
    user_admin_audit: UserAdminAuditTable;
  }
}
