-- Partial refunds (issue 19; docs/shop.md "Refunds"): an admin refunds chosen order lines and
-- quantities, or all that is left. Every refund is a row with its lines; the amount is computed by
-- the server from order_items. The id is made by the admin's device, so a retried request is the
-- same refund. A row is 'pending' from when it is reserved (under the order's lock, so two refunds
-- cannot pass the total) until the provider has answered, then 'succeeded'; a provider that
-- refuses deletes it. Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.

ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (
  status IN ('pending', 'paid', 'fulfilled', 'failed', 'cancelled', 'partially_refunded', 'refunded')
);

CREATE TABLE order_refunds (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  admin_id uuid REFERENCES users (id) ON DELETE SET NULL,
  amount_minor integer NOT NULL CHECK (amount_minor >= 0),
  state text NOT NULL CHECK (state IN ('pending', 'succeeded')),
  -- The provider's id of the refund (a Stripe re_…, test-refund:…); null while pending or when none was asked.
  reference text,
  created_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX order_refunds_order_idx ON order_refunds (order_id, created_at);

CREATE TABLE order_refund_items (
  refund_id uuid NOT NULL REFERENCES order_refunds (id) ON DELETE CASCADE,
  order_id uuid NOT NULL,
  product_id uuid NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  amount_minor integer NOT NULL CHECK (amount_minor >= 0),
  PRIMARY KEY (refund_id, product_id),
  FOREIGN KEY (order_id, product_id) REFERENCES order_items (order_id, product_id) ON DELETE CASCADE
);
CREATE INDEX order_refund_items_line_idx ON order_refund_items (order_id, product_id);
