-- User administration (docs/api.md "User administration"): a disabled member cannot sign in and
-- their tokens stop working; every change an admin makes to an account is kept in an audit table.
-- Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.

ALTER TABLE users ADD COLUMN disabled_at timestamptz;

CREATE TABLE user_admin_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The account changed; its entries go with it when it is deleted.
  target_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('roles', 'permissions', 'disable', 'enable')),
  -- {"before": …, "after": …}
  detail jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX user_admin_audit_target_idx ON user_admin_audit (target_id, id DESC);
