/**
 * Carts and pricing. `priceLines` is the one place a cart gets prices: from the products table,
 * never from the client. A cart is a member's (its id is their user id) or a guest device's (a
 * random id the device made); a guest's cart is merged into the member's on sign-in (PUT with
 * merge_from).
 */
import type { Kysely } from 'kysely';
import { messages } from '@contract/messages';
import { CART_QUANTITY_MAX, totalOf, type Cart, type CartLineInput, type PricedLine } from '@contract/shop';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { forbidden } from '../../../errors';
import type { ProductRow } from './tables';

/** Adds up repeated products, keeping the first position; quantities stop at the maximum. */
export function mergeLines(lines: readonly CartLineInput[]): CartLineInput[] {
  const merged = new Map<string, number>();
  for (const line of lines) {
    const id = line.product_id.toLowerCase();
    merged.set(id, Math.min(CART_QUANTITY_MAX, (merged.get(id) ?? 0) + line.quantity));
  }
  return [...merged].map(([product_id, quantity]) => ({ product_id, quantity }));
}

export function priceLine(row: ProductRow | undefined, line: CartLineInput): PricedLine {
  if (!row) {
    return {
      product_id: line.product_id,
      name: '',
      kind: '',
      quantity: line.quantity,
      unit_price_minor: 0,
      line_total_minor: 0,
      currency: '',
      available: false,
    };
  }
  const inStock = row.stock === null || row.stock >= line.quantity;
  return {
    product_id: row.id,
    name: row.name,
    kind: row.kind,
    quantity: line.quantity,
    unit_price_minor: row.price_minor,
    line_total_minor: row.price_minor * line.quantity,
    currency: row.currency,
    available: !row.hidden && inStock,
  };
}

/** Prices the lines from the products table (any price in the input is not even read). */
export async function priceLines(db: Kysely<DB>, lines: readonly CartLineInput[]): Promise<PricedLine[]> {
  const merged = mergeLines(lines);
  if (merged.length === 0) return [];
  const rows = await db
    .selectFrom('products')
    .selectAll()
    .where(
      'id',
      'in',
      merged.map((line) => line.product_id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return merged.map((line) => priceLine(byId.get(line.product_id), line));
}

export class Carts {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  /**
   * Who may use cart `id`: a member's cart only that member (403 for anyone else); any other id is a
   * guest device's cart, which its random id protects. Answers the owning member's id or null.
   */
  async access(id: string, viewerId: string | null): Promise<string | null> {
    const owner = await this.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.cast('id', 'text'), '=', id.toLowerCase()))
      .executeTakeFirst();
    if (!owner) return null;
    if (viewerId !== owner.id) throw forbidden(messages.cartNotYours);
    return owner.id;
  }

  async get(id: string): Promise<Cart> {
    const items = await this.db
      .selectFrom('cart_items')
      .select(['product_id', 'quantity'])
      .where('cart_id', '=', id)
      .orderBy('position')
      .execute();
    const lines = await priceLines(this.db, items);
    const { currency, subtotal } = totalOf(lines);
    return { id, items: lines, currency, subtotal_minor: subtotal };
  }

  /** Replaces the cart's lines (unknown products dropped); merge_from adds a guest cart and empties it. */
  async put(
    id: string,
    ownerId: string | null,
    lines: readonly CartLineInput[],
    mergeFrom?: string,
  ): Promise<Cart> {
    await this.db.transaction().execute(async (trx) => {
      let all = [...lines];
      mergeFrom = mergeFrom?.toLowerCase();
      if (mergeFrom !== undefined && mergeFrom !== id) {
        const guest = await trx
          .selectFrom('cart_items')
          .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
          .select(['cart_items.product_id', 'cart_items.quantity'])
          .where('cart_items.cart_id', '=', mergeFrom)
          .where('carts.user_id', 'is', null)
          .orderBy('cart_items.position')
          .execute();
        all = [...all, ...guest];
        await trx.deleteFrom('carts').where('id', '=', mergeFrom).where('user_id', 'is', null).execute();
      }
      const merged = mergeLines(all);
      const known = merged.length
        ? new Set(
            (
              await trx
                .selectFrom('products')
                .select('id')
                .where(
                  'id',
                  'in',
                  merged.map((line) => line.product_id),
                )
                .execute()
            ).map((row) => row.id),
          )
        : new Set<string>();
      await trx
        .insertInto('carts')
        .values({ id, user_id: ownerId, updated_at: new Date(this.clock.now()) })
        .onConflict((oc) => oc.column('id').doUpdateSet({ updated_at: new Date(this.clock.now()) }))
        .execute();
      await trx.deleteFrom('cart_items').where('cart_id', '=', id).execute();
      const rows = merged
        .filter((line) => known.has(line.product_id))
        .map((line, position) => ({
          cart_id: id,
          product_id: line.product_id,
          quantity: line.quantity,
          position,
        }));
      if (rows.length) await trx.insertInto('cart_items').values(rows).execute();
    });
    return this.get(id);
  }
}
