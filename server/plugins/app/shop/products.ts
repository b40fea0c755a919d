/**
 * Merchant products: the admin writes and the reads the shop and the cart price from. Rows map to
 * the contract's `Product`; prices stay integers in minor units from the table to the answer.
 */
import type { Kysely } from 'kysely';
import { messages } from '@contract/messages';
import type { Product, ProductInput, ProductKind } from '@contract/shop';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { badRequest } from '../../../errors';
import type { ProductRow } from './tables';

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    images: row.images,
    price_minor: row.price_minor,
    currency: row.currency,
    kind: row.kind as ProductKind,
    grants: row.grants,
    hidden: row.hidden,
    stock: row.stock,
    file: row.file,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export class Products {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async list(filter: { showHidden: boolean; kind?: ProductKind }): Promise<Product[]> {
    let query = this.db.selectFrom('products').selectAll().orderBy('name').orderBy('id');
    if (!filter.showHidden) query = query.where('hidden', '=', false);
    if (filter.kind) query = query.where('kind', '=', filter.kind);
    return (await query.execute()).map(toProduct);
  }

  async byId(id: string): Promise<ProductRow | undefined> {
    return this.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async byIds(ids: readonly string[]): Promise<ProductRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
  }

  async create(input: ProductInput): Promise<Product> {
    await this.check(input);
    const now = new Date(this.clock.now());
    const row = await this.db
      .insertInto('products')
      .values({ ...this.columns(input), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toProduct(row);
  }

  /** Replaces the product; undefined when there is none. */
  async update(id: string, input: ProductInput): Promise<Product | undefined> {
    await this.check(input);
    const row = await this.db
      .updateTable('products')
      .set({ ...this.columns(input), updated_at: new Date(this.clock.now()) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? toProduct(row) : undefined;
  }

  private columns(input: ProductInput) {
    return {
      name: input.name.trim(),
      description: input.description,
      images: input.images,
      price_minor: input.price_minor,
      currency: input.currency,
      kind: input.kind,
      grants: JSON.stringify(input.grants),
      hidden: input.hidden,
      stock: input.stock,
      file: input.file,
    };
  }

  /** The rules the schema cannot say: a logbook names an existing region; only items have stock. */
  private async check(input: ProductInput): Promise<void> {
    if (input.kind === 'logbook') {
      const logbook = input.grants.logbook;
      if (!logbook) throw badRequest(messages.productLogbookGrant);
      const location = await this.db
        .selectFrom('locations')
        .select('id')
        .where('id', '=', logbook.location_id)
        .executeTakeFirst();
      if (!location) throw badRequest(messages.productLocationUnknown);
    } else if (input.grants.logbook) {
      throw badRequest(messages.productLogbookGrant);
    }
    if (input.kind !== 'physical' && input.stock !== null) throw badRequest(messages.productStockPhysical);
  }
}
