-- Logbooks (issue 19; docs/shop.md "Logbooks"): a member owns a logbook product by buying it or by
-- redeeming an activation code printed in a paper logbook. SPEC §3 Logbook: user_logbook_id,
-- user_id, activation_code. Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.
CREATE TABLE activation_codes (
  code text PRIMARY KEY,
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  batch text NOT NULL,
  created_at timestamptz NOT NULL,
  -- Set once, by a conditional UPDATE (… WHERE redeemed_by IS NULL): two redemptions, one winner.
  redeemed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  redeemed_at timestamptz
);
CREATE INDEX activation_codes_product_idx ON activation_codes (product_id, batch);

CREATE TABLE user_logbooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('purchase', 'code')),
  order_id uuid REFERENCES orders (id) ON DELETE SET NULL,
  activation_code text REFERENCES activation_codes (code) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, product_id)
);
