-- Merchant products and upload slots (issue 19; docs/shop.md). Prices are integer minor units in
-- an ISO 4217 currency; a product's `grants` says what buying it gives (a logbook today).
-- Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.
CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  images text[] NOT NULL DEFAULT '{}',
  price_minor integer NOT NULL CHECK (price_minor >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  kind text NOT NULL CHECK (kind IN ('logbook', 'ebook', 'physical')),
  -- {"logbook": {"location_id": …, "classification": …}}
  grants jsonb NOT NULL DEFAULT '{}'::jsonb,
  hidden boolean NOT NULL DEFAULT false,
  -- Items left (physical products); NULL is unlimited. Reserved atomically at checkout.
  stock integer CHECK (stock IS NULL OR stock >= 0),
  file text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX products_kind_idx ON products (kind, hidden);

-- One-use upload slots handed out by POST upload_request; the bytes arrive with PUT on the slot.
CREATE TABLE upload_slots (
  token text PRIMARY KEY,
  filepath text NOT NULL,
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
