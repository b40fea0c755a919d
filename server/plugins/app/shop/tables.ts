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
