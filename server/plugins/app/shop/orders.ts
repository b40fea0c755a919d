/**
 * Orders: checkout (PUT commerce/payment), settlement (a provider's outcome), the lists (a member's
 * history, the admin's list) and refunds. Orders move pending → paid → fulfilled, or pending →
 * failed / cancelled; an admin's refund moves a paid or fulfilled order to refunded and takes back
 * what it granted. Every change is a row of order_events.
 *
 * Checkout runs in one transaction: prices from the products table, physical stock reserved with a
 * conditional UPDATE (never below zero), the discount code taken under its row lock, the order and
 * its lines written. Settlement locks the order row and acts only on a pending order, so a provider
 * that reports twice (or two webhooks racing) grants once; a failed or cancelled order gives its
 * stock and its discount use back.
 */
import type { Kysely, Transaction } from 'kysely';
import { formatMessage, messages } from '@contract/messages';
import {
  discountOf,
  REFUNDABLE_STATUSES,
  totalOf,
  type MerchantOrder,
  type MerchantOrdersQuery,
  type Order,
  type OrderStatus,
  type PaymentRequest,
} from '@contract/shop';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../errors';
import { priceLines } from './carts';
import type { Discounts } from './discounts';
import type { PaymentOutcome, PaymentProvider } from './payments';
import type { OrderRow, ProductRow } from './tables';

/** What a product grants on fulfilment, and takes back on a refund, per grant type (logbooks: plugins/app/logbooks). */
export interface Granter {
  grant(trx: Transaction<DB>, grant: { userId: string; orderId: string; product: ProductRow }): Promise<void>;
  /** Takes back what this order granted (and nothing another order or a code granted). */
  revoke(trx: Transaction<DB>, order: { userId: string; orderId: string }): Promise<void>;
}

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
        await granter.grant(trx, { userId: order.user_id, orderId: order.id, product });
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
    return order ? (await this.withItems([order]))[0] : undefined;
  }

  /** The orders of these rows, in their order, each with its lines (one query for all lines). */
  private async withItems(rows: readonly OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const items = await this.db
      .selectFrom('order_items')
      .selectAll()
      .where(
        'order_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('name')
      .execute();
    return rows.map((order) => ({
      transaction_id: order.id,
      user_id: order.user_id,
      status: order.status as OrderStatus,
      items: items
        .filter((item) => item.order_id === order.id)
        .map((item) => ({
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
    }));
  }

  /** A member's orders, newest first (their order history). */
  async ofMember(userId: string, limit = 200): Promise<Order[]> {
    const rows = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return this.withItems(rows);
  }

  /** Every order for the admin's list, newest first, with the buyer's contact and the history. */
  async list(query: MerchantOrdersQuery): Promise<{ orders: MerchantOrder[]; total: number }> {
    let base = this.db.selectFrom('orders');
    if (query.status) base = base.where('status', '=', query.status);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(query.limit ?? 50)
        .offset(query.offset ?? 0)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { orders: await this.forMerchant(rows), total: Number(count.n) };
  }

  async merchantById(id: string): Promise<MerchantOrder | undefined> {
    const row = await this.row(id);
    return row ? (await this.forMerchant([row]))[0] : undefined;
  }

  private async forMerchant(rows: readonly OrderRow[]): Promise<MerchantOrder[]> {
    const orders = await this.withItems(rows);
    const events =
      rows.length === 0
        ? []
        : await this.db
            .selectFrom('order_events')
            .selectAll()
            .where(
              'order_id',
              'in',
              rows.map((row) => row.id),
            )
            .orderBy('id')
            .execute();
    return orders.map((order, i) => {
      // Written from a checked PaymentRequest (name and email required), never changed after.
      const contact = rows[i]!.contact as PaymentRequest['contact'];
      return {
        ...order,
        contact: { name: contact.name, email: contact.email },
        events: events
          .filter((event) => event.order_id === order.transaction_id)
          .map((event) => ({
            from_status: event.from_status,
            to_status: event.to_status,
            source: event.source,
            created_at: event.created_at.toISOString(),
          })),
      };
    });
  }

  /**
   * Refunds a paid or fulfilled order in full (an admin's call): the provider gives the money back
   * first, then in one transaction under the order's lock the order moves to refunded and what it
   * granted is taken back. Stock and the discount use are not given back: the goods may have left
   * and the code was used. Two refunds at once: the provider refunds once (its idempotency key), and
   * the lock lets only one of them move the order.
   */
  async refund(id: string, adminId: string, provider: PaymentProvider): Promise<MerchantOrder> {
    const order = await this.row(id);
    if (!order) throw notFound(messages.orderNotFound);
    if (!REFUNDABLE_STATUSES.includes(order.status as OrderStatus))
      throw conflict(formatMessage(messages.orderNotRefundable, { status: order.status }));
    // Money moved only with a real provider; a free order or a TEST payment has nothing to give back
    // but is still recorded through the provider when it is the one configured.
    const viaProvider = order.total_minor > 0 && order.provider !== 'test';
    if (viaProvider && order.provider !== provider.name)
      throw conflict(formatMessage(messages.refundOtherProvider, { provider: order.provider }));
    let reference: string | null = null;
    if (order.total_minor > 0 && order.provider === provider.name) {
      // A provider's failure is thrown as it is (the route logs it and answers 502): nothing changed.
      reference = (
        await provider.refund({
          orderId: id,
          reference: order.provider_ref,
          amountMinor: order.total_minor,
          currency: order.currency,
        })
      ).reference;
    }
    await this.db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (!REFUNDABLE_STATUSES.includes(locked.status as OrderStatus)) return;
      for (const granter of this.granters) await granter.revoke(trx, { userId: locked.user_id, orderId: id });
      await this.move(trx, locked, 'refunded', `refund:${adminId}${reference ? ` ${reference}` : ''}`);
    });
    return (await this.merchantById(id))!;
  }

  /** The history of an order, oldest first (admins and the tests read it). */
  async events(id: string) {
    return this.db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('id').execute();
  }
}
