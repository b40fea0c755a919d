-- Carts, discount codes, orders and their history (issue 19; docs/shop.md). Totals are computed
-- by the server from `products` and kept on the order; a client's prices are never stored.
-- Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.

-- A cart is a member's (id = their user id) or a guest device's (a random id the device made).
CREATE TABLE carts (
  id text PRIMARY KEY,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  updated_at timestamptz NOT NULL
);
CREATE TABLE cart_items (
  cart_id text NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  position integer NOT NULL,
  PRIMARY KEY (cart_id, product_id)
);

CREATE TABLE discount_codes (
  code text PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('percent', 'amount')),
  value integer NOT NULL CHECK (value > 0),
  currency text CHECK (currency IS NULL OR currency ~ '^[A-Z]{3}$'),
  valid_from timestamptz,
  valid_until timestamptz,
  max_uses integer CHECK (max_uses IS NULL OR max_uses > 0),
  per_member_limit integer CHECK (per_member_limit IS NULL OR per_member_limit > 0),
  -- Counted under the row's lock when an order takes the code, so two processes cannot pass the limit;
  -- given back when the order fails or is cancelled.
  uses integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  CHECK (type <> 'percent' OR value <= 100),
  CHECK (max_uses IS NULL OR uses <= max_uses)
);

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'fulfilled', 'failed', 'cancelled', 'refunded')),
  currency text NOT NULL,
  subtotal_minor integer NOT NULL CHECK (subtotal_minor >= 0),
  discount_code text REFERENCES discount_codes (code),
  discount_minor integer NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
  total_minor integer NOT NULL CHECK (total_minor >= 0),
  contact jsonb NOT NULL,
  billing jsonb NOT NULL,
  provider text NOT NULL,
  -- The provider's id for the payment (a Stripe Checkout Session id); unique per provider.
  provider_ref text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (provider, provider_ref)
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at);
CREATE INDEX orders_discount_idx ON orders (discount_code, user_id) WHERE discount_code IS NOT NULL;

CREATE TABLE order_items (
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products (id),
  name text NOT NULL,
  kind text NOT NULL,
  quantity integer NOT NULL,
  unit_price_minor integer NOT NULL,
  line_total_minor integer NOT NULL,
  PRIMARY KEY (order_id, product_id)
);

-- Every status change, with what caused it (checkout, the test gateway, a Stripe event id, …).
CREATE TABLE order_events (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  source text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id);
