/**
 * Orders: checkout (PUT commerce/payment) and settlement (a provider's outcome). Orders move
 * pending → paid → fulfilled, or pending → failed / cancelled; refunded is set by an operator.
 * Every change is a row of order_events.
 *
 * Checkout runs in one transaction: prices from the products table, physical stock reserved with a
 * conditional UPDATE (never below zero), the discount code taken under its row lock, the order and
 * its lines written. Settlement locks the order row and acts only on a pending order, so a provider
 * that reports twice (or two webhooks racing) grants once; a failed or cancelled order gives its
 * stock and its discount use back.
 */
import type { Kysely, Transaction } from 'kysely';
import { formatMessage, messages } from '@contract/messages';
import { discountOf, totalOf, type Order, type OrderStatus, type PaymentRequest } from '@contract/shop';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { badRequest } from '../../../errors';
import { priceLines } from './carts';
import type { Discounts } from './discounts';
import type { PaymentOutcome } from './payments';
import type { OrderRow, ProductRow } from './tables';

/** What a product grants on fulfilment, registered per grant type (logbooks: plugins/app/logbooks). */
export type Granter = (
  trx: Transaction<DB>,
  grant: { userId: string; orderId: string; product: ProductRow },
) => Promise<void>;

export class Orders {
  private readonly granters: Granter[] = [];

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly discounts: Discounts,
  ) {}

  registerGranter(granter: Granter): void {
    this.granters.push(granter);
  }

  /** Creates a pending order from the request, at the server's prices. */
  async create(userId: string, request: PaymentRequest, provider: string): Promise<Order> {
    const id = await this.db.transaction().execute(async (trx) => {
      const lines = await priceLines(trx, request.cart);
      for (const line of lines) {
        if (line.name === '' || !line.available) {
          const stock = await trx
            .selectFrom('products')
            .select(['stock', 'hidden'])
            .where('id', '=', line.product_id)
            .executeTakeFirst();
          if (stock && !stock.hidden && stock.stock !== null && stock.stock < line.quantity)
            throw badRequest(formatMessage(messages.cartOutOfStock, { stock: stock.stock, name: line.name }));
          throw badRequest(formatMessage(messages.cartUnavailable, { name: line.name || line.product_id }));
        }
      }
      if (lines.length === 0) throw badRequest(messages.cartEmpty);
      const { currency, subtotal } = totalOf(lines);
      if (currency === null) throw badRequest(messages.cartMixedCurrencies);
      // Reserve stock; the WHERE makes it atomic across processes.
      for (const line of lines) {
        const taken = await trx
          .updateTable('products')
          .set((eb) => ({ stock: eb('stock', '-', line.quantity) }))
          .where('id', '=', line.product_id)
          .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', line.quantity)]))
          .returning('stock')
          .executeTakeFirst();
        if (!taken) throw badRequest(formatMessage(messages.cartOutOfStock, { stock: 0, name: line.name }));
      }
      const discount = request.discount
        ? await this.discounts.take(trx, request.discount, userId, currency)
        : null;
      const discountMinor = discount
        ? discountOf({ ...discount, type: discount.type as 'percent' | 'amount' }, subtotal, currency)
        : 0;
      const now = new Date(this.clock.now());
      const order = await trx
        .insertInto('orders')
        .values({
          user_id: userId,
          status: 'pending',
          currency,
          subtotal_minor: subtotal,
          discount_code: discount?.code ?? null,
          discount_minor: discountMinor,
          total_minor: subtotal - discountMinor,
          contact: JSON.stringify(request.contact),
          billing: JSON.stringify(request.billing),
          provider,
          provider_ref: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('order_items')
        .values(
          lines.map((line) => ({
            order_id: order.id,
            product_id: line.product_id,
            name: line.name,
            kind: line.kind,
            quantity: line.quantity,
            unit_price_minor: line.unit_price_minor,
            line_total_minor: line.line_total_minor,
          })),
        )
        .execute();
      await this.record(trx, order.id, null, 'pending', 'checkout');
      return order.id;
    });
    return (await this.byId(id))!;
  }

  async setReference(orderId: string, reference: string | null): Promise<void> {
    await this.db.updateTable('orders').set({ provider_ref: reference }).where('id', '=', orderId).execute();
  }

  /**
   * Applies a provider's outcome once. Only a pending order changes; anything else is answered as
   * it is, so a replayed webhook or a second confirmation grants nothing more.
   */
  async settle(outcome: PaymentOutcome): Promise<Order | undefined> {
    const found = await this.db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', outcome.orderId)
        .forUpdate()
        .executeTakeFirst();
      if (!order) return false;
      if (order.status !== 'pending') return true;
      if (
        order.provider_ref !== null &&
        outcome.reference !== null &&
        order.provider_ref !== outcome.reference
      )
        return true;
      if (outcome.outcome === 'paid') {
        await this.move(trx, order, 'paid', outcome.source);
        await this.fulfil(trx, order);
        await this.move(trx, { ...order, status: 'paid' }, 'fulfilled', 'fulfilment');
        await trx.deleteFrom('carts').where('id', '=', order.user_id).execute();
      } else {
        await this.giveBack(trx, order);
        await this.move(trx, order, outcome.outcome, outcome.source);
      }
      return true;
    });
    return found ? this.byId(outcome.orderId) : undefined;
  }

  private async fulfil(trx: Transaction<DB>, order: OrderRow): Promise<void> {
    const items = await trx
      .selectFrom('order_items')
      .innerJoin('products', 'products.id', 'order_items.product_id')
      .selectAll('products')
      .where('order_items.order_id', '=', order.id)
      .execute();
    for (const product of items) {
      for (const granter of this.granters)
        await granter(trx, { userId: order.user_id, orderId: order.id, product });
    }
  }

  private async giveBack(trx: Transaction<DB>, order: OrderRow): Promise<void> {
    const items = await trx
      .selectFrom('order_items')
      .select(['product_id', 'quantity'])
      .where('order_id', '=', order.id)
      .execute();
    for (const item of items) {
      await trx
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '+', item.quantity) }))
        .where('id', '=', item.product_id)
        .where('stock', 'is not', null)
        .execute();
    }
    if (order.discount_code) await this.discounts.release(trx, order.discount_code);
  }

  private async move(trx: Transaction<DB>, order: OrderRow, to: OrderStatus, source: string): Promise<void> {
    const now = new Date(this.clock.now());
    await trx.updateTable('orders').set({ status: to, updated_at: now }).where('id', '=', order.id).execute();
    await this.record(trx, order.id, order.status, to, source);
  }

  private async record(
    trx: Transaction<DB>,
    orderId: string,
    from: string | null,
    to: string,
    source: string,
  ) {
    await trx
      .insertInto('order_events')
      .values({
        order_id: orderId,
        from_status: from,
        to_status: to,
        source,
        created_at: new Date(this.clock.now()),
      })
      .execute();
  }

  async row(id: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async byId(id: string): Promise<Order | undefined> {
    const order = await this.row(id);
    if (!order) return undefined;
    const items = await this.db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', id)
      .orderBy('name')
      .execute();
    return {
      transaction_id: order.id,
      user_id: order.user_id,
      status: order.status as OrderStatus,
      items: items.map((item) => ({
        product_id: item.product_id,
        name: item.name,
        kind: item.kind,
        quantity: item.quantity,
        unit_price_minor: item.unit_price_minor,
        line_total_minor: item.line_total_minor,
        currency: order.currency,
        available: true,
      })),
      currency: order.currency,
      subtotal_minor: order.subtotal_minor,
      discount_code: order.discount_code,
      discount_minor: order.discount_minor,
      total_minor: order.total_minor,
      provider: order.provider,
      created_at: order.created_at.toISOString(),
      updated_at: order.updated_at.toISOString(),
    };
  }

  /** The history of an order, oldest first (admins and the tests read it). */
  async events(id: string) {
    return this.db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('id').execute();
  }
}
