/**
 * The shop's tables (migrations/2026112800*_shop_*.sql), merged into the app's `DB` type
 * (db/schema.ts). Keep in step with the SQL by hand: a column added there is added here in the same
 * commit.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ProductGrants } from '@contract/shop';
import type { NullableTimestamp, Timestamp } from '../../../db/schema';

export interface ProductsTable {
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  images: ColumnType<string[], string[] | undefined, string[]>;
  price_minor: number;
  currency: string;
  kind: string;
  /** jsonb: written as JSON text, read as the parsed object. */
  grants: ColumnType<ProductGrants, string | undefined, string>;
  hidden: Generated<boolean>;
  stock: number | null;
  file: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UploadSlotsTable {
  token: string;
  filepath: string;
  created_by: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

declare module '../../../db/schema' {
  interface DB {
    products: ProductsTable;
    upload_slots: UploadSlotsTable;
  }
}

export type ProductRow = Selectable<ProductsTable>;

export interface CartsTable {
  id: string;
  user_id: string | null;
  updated_at: Timestamp;
}

export interface CartItemsTable {
  cart_id: string;
  product_id: string;
  quantity: number;
  position: number;
}

export interface DiscountCodesTable {
  code: string;
  type: string;
  value: number;
  currency: string | null;
  valid_from: NullableTimestamp;
  valid_until: NullableTimestamp;
  max_uses: number | null;
  per_member_limit: number | null;
  uses: Generated<number>;
  created_at: Timestamp;
}

type Json<T> = ColumnType<T, string, string>;

export interface OrdersTable {
  id: Generated<string>;
  user_id: string;
  status: string;
  currency: string;
  subtotal_minor: number;
  discount_code: string | null;
  discount_minor: number;
  total_minor: number;
  contact: Json<Record<string, unknown>>;
  billing: Json<Record<string, unknown>>;
  provider: string;
  provider_ref: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderItemsTable {
  order_id: string;
  product_id: string;
  name: string;
  kind: string;
  quantity: number;
  unit_price_minor: number;
  line_total_minor: number;
}

export interface OrderEventsTable {
  id: Generated<string>;
  order_id: string;
  from_status: string | null;
  to_status: string;
  source: string;
  created_at: Timestamp;
}

/** migrations/202611290655_order_refunds.sql */
export interface OrderRefundsTable {
  id: string;
  order_id: string;
  admin_id: string | null;
  amount_minor: number;
  state: 'pending' | 'succeeded';
  reference: string | null;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface OrderRefundItemsTable {
  refund_id: string;
  order_id: string;
  product_id: string;
  quantity: number;
  amount_minor: number;
}

declare module '../../../db/schema' {
  interface DB {
    order_refunds: OrderRefundsTable;
    order_refund_items: OrderRefundItemsTable;
    carts: CartsTable;
    cart_items: CartItemsTable;
    discount_codes: DiscountCodesTable;
    orders: OrdersTable;
    order_items: OrderItemsTable;
    order_events: OrderEventsTable;
  }
}

export type DiscountRow = Selectable<DiscountCodesTable>;
export type OrderRow = Selectable<OrdersTable>;
