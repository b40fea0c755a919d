-- An admin's deletion of a member is audited too (docs/api.md "User administration"): the audit
-- rows of an account now outlive it, so the deletion stays on record with who did it and when.
-- The rows hold the member's id, roles and permissions, nothing that names them.
-- Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.

ALTER TABLE user_admin_audit DROP CONSTRAINT user_admin_audit_target_id_fkey;
ALTER TABLE user_admin_audit DROP CONSTRAINT user_admin_audit_action_check;
ALTER TABLE user_admin_audit ADD CONSTRAINT user_admin_audit_action_check
  CHECK (action IN ('roles', 'permissions', 'disable', 'enable', 'delete'));
