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
  refundAmount,
  totalOf,
  type MerchantOrder,
  type MerchantOrdersQuery,
  type Order,
  type OrderStatus,
  type PaymentRequest,
  type RefundRequest,
  type Refund,
  type MerchantRefund,
} from '@contract/shop';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../errors';
import { priceLines } from './carts';
import type { Discounts } from './discounts';
import type { PaymentOutcome, PaymentProvider } from './payments';
import type { OrderRow, ProductRow } from './tables';
import { present } from '../../../present';

/** What a product grants on fulfilment, and takes back on a refund, per grant type (logbooks: plugins/app/logbooks). */
export interface Granter {
  grant(trx: Transaction<DB>, grant: { userId: string; orderId: string; product: ProductRow }): Promise<void>;
  /**
   * Takes back what these lines of this order granted (a line is passed once all its units are
   * refunded), and nothing another order or a code granted.
   */
  revoke(
    trx: Transaction<DB>,
    order: { userId: string; orderId: string; productIds: string[] },
  ): Promise<void>;
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
    return present(await this.byId(id), `order ${id}`);
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

  /**
   * The orders of these rows, in their order, each with its lines (one query for all lines) and
   * refunds (`refunds` when the caller has read them already, as the merchant's view does).
   */
  private async withItems(
    rows: readonly OrderRow[],
    refunds?: readonly (MerchantRefund & { order_id: string })[],
  ): Promise<Order[]> {
    if (rows.length === 0) return [];
    const [items, allRefunds] = await Promise.all([
      this.db
        .selectFrom('order_items')
        .selectAll()
        .where(
          'order_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('name')
        .execute(),
      refunds ?? this.refundsOf(rows.map((row) => row.id)),
    ]);
    return rows.map((order) => {
      const made = allRefunds
        .filter((refund) => refund.order_id === order.id && refund.state === 'succeeded')
        .map((refund): Refund => ({
          refund_id: refund.refund_id,
          amount_minor: refund.amount_minor,
          lines: refund.lines,
          created_at: refund.created_at,
        }));
      return {
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
        refunded_minor: made.reduce((sum, refund) => sum + refund.amount_minor, 0),
        refunds: made,
      };
    });
  }

  /** The refunds of these orders (pending ones too), oldest first, with their lines and who made them. */
  private async refundsOf(orderIds: readonly string[]): Promise<(MerchantRefund & { order_id: string })[]> {
    const [refunds, lines] = await Promise.all([
      this.db
        .selectFrom('order_refunds')
        .leftJoin('users', 'users.id', 'order_refunds.admin_id')
        .selectAll('order_refunds')
        .select('users.nickname')
        .where('order_refunds.order_id', 'in', orderIds)
        .orderBy('order_refunds.created_at')
        .orderBy('order_refunds.id')
        .execute(),
      this.db
        .selectFrom('order_refund_items')
        .innerJoin('order_items', (join) =>
          join
            .onRef('order_items.order_id', '=', 'order_refund_items.order_id')
            .onRef('order_items.product_id', '=', 'order_refund_items.product_id'),
        )
        .select([
          'order_refund_items.refund_id',
          'order_refund_items.product_id',
          'order_items.name',
          'order_refund_items.quantity',
          'order_refund_items.amount_minor',
        ])
        .where('order_refund_items.order_id', 'in', orderIds)
        .orderBy('order_items.name')
        .execute(),
    ]);
    return refunds.map((refund) => ({
      order_id: refund.order_id,
      refund_id: refund.id,
      amount_minor: refund.amount_minor,
      lines: lines
        .filter((line) => line.refund_id === refund.id)
        .map(({ product_id, name, quantity, amount_minor }) => ({
          product_id,
          name,
          quantity,
          amount_minor,
        })),
      created_at: refund.created_at.toISOString(),
      admin_id: refund.admin_id,
      admin_name: refund.nickname ?? null,
      reference: refund.reference,
      state: refund.state,
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
    const refunds = rows.length === 0 ? [] : await this.refundsOf(rows.map((row) => row.id));
    const orders = await this.withItems(rows, refunds);
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
      const contact = present(rows[i], `the row of order ${order.transaction_id}`)
        .contact as PaymentRequest['contact'];
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
        refunds: refunds
          .filter((refund) => refund.order_id === order.transaction_id)
          .map(({ order_id: _order, ...refund }) => refund),
      };
    });
  }

  /**
   * Refunds chosen lines and quantities of a paid order, or (no `lines`) all that is left (an
   * admin's call). The amount is computed here from the order's own lines (`refundAmount`: the total
   * shared over the units, the discount with it); a client never sends one.
   *
   * Three steps. (1) Under the order's lock the refund is reserved as a `pending` row with its lines,
   * after checking that no line gives back more than is left (pending refunds count), so two refunds
   * at once cannot pass the total. (2) The provider gives the money back, with the refund's id as its
   * idempotency key. (3) Under the lock again the refund is `succeeded`, the lines it completed take
   * back what they granted, and the order becomes `partially_refunded`, or `refunded` once every line
   * is. A provider that refuses deletes the reservation (nothing changed; the route answers 502).
   *
   * The refund id is made by the admin's device: the same id again answers the order as it is (a
   * refund already made) or finishes a pending one (a crash between the steps), never refunding
   * twice. Stock and the discount use are not given back: the goods may have left, the code was used.
   */
  async refund(
    id: string,
    adminId: string,
    request: RefundRequest,
    provider: PaymentProvider,
  ): Promise<MerchantOrder> {
    const { order, refund } = await this.db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!order) throw notFound(messages.orderNotFound);
      const existing = await trx
        .selectFrom('order_refunds')
        .selectAll()
        .where('id', '=', request.refund_id)
        .executeTakeFirst();
      if (existing) {
        if (existing.order_id !== id) throw conflict(messages.refundIdOtherRefund);
        if (request.lines) {
          const made = await trx
            .selectFrom('order_refund_items')
            .select(['product_id', 'quantity'])
            .where('refund_id', '=', existing.id)
            .execute();
          const key = (lines: readonly { product_id: string; quantity: number }[]) =>
            lines
              .map((line) => `${line.product_id}:${line.quantity}`)
              .sort()
              .join(',');
          if (key(made) !== key(request.lines)) throw conflict(messages.refundIdOtherRefund);
        }
        this.checkProvider(order, provider);
        return { order, refund: existing };
      }
      if (!REFUNDABLE_STATUSES.includes(order.status as OrderStatus))
        throw conflict(formatMessage(messages.orderNotRefundable, { status: order.status }));
      this.checkProvider(order, provider);
      const lines = await this.refundLines(trx, order, request.lines);
      if (lines.length === 0)
        throw conflict(formatMessage(messages.orderNotRefundable, { status: order.status }));
      const now = new Date(this.clock.now());
      const refund = await trx
        .insertInto('order_refunds')
        .values({
          id: request.refund_id,
          order_id: id,
          admin_id: adminId,
          amount_minor: lines.reduce((sum, line) => sum + line.amount_minor, 0),
          state: 'pending',
          reference: null,
          created_at: now,
          completed_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('order_refund_items')
        .values(
          lines.map((line) => ({
            refund_id: refund.id,
            order_id: id,
            product_id: line.product_id,
            quantity: line.quantity,
            amount_minor: line.amount_minor,
          })),
        )
        .execute();
      return { order, refund };
    });
    if (refund.state === 'succeeded') return present(await this.merchantById(id), `order ${id}`);

    let reference: string | null = null;
    if (refund.amount_minor > 0 && order.provider === provider.name) {
      try {
        reference = (
          await provider.refund({
            orderId: id,
            refundId: refund.id,
            reference: order.provider_ref,
            amountMinor: refund.amount_minor,
            currency: order.currency,
          })
        ).reference;
      } catch (error) {
        // Thrown as it is (the route logs it and answers 502): the reservation goes, nothing changed.
        await this.db
          .deleteFrom('order_refunds')
          .where('id', '=', refund.id)
          .where('state', '=', 'pending')
          .execute();
        throw error;
      }
    }

    await this.db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const done = await trx
        .updateTable('order_refunds')
        .set({ state: 'succeeded', reference, completed_at: new Date(this.clock.now()) })
        .where('id', '=', refund.id)
        .where('state', '=', 'pending')
        .returning('id')
        .executeTakeFirst();
      if (!done) return; // a retry racing this one finished it
      const left = await this.leftToRefund(trx, id, 'succeeded');
      const touched = await trx
        .selectFrom('order_refund_items')
        .select('product_id')
        .where('refund_id', '=', refund.id)
        .execute();
      const completed = touched
        .map((line) => line.product_id)
        .filter((productId) => left.find((line) => line.product_id === productId)?.left === 0);
      if (completed.length > 0)
        for (const granter of this.granters)
          await granter.revoke(trx, { userId: locked.user_id, orderId: id, productIds: completed });
      const to: OrderStatus = left.every((line) => line.left === 0) ? 'refunded' : 'partially_refunded';
      await this.move(
        trx,
        locked,
        to,
        `refund:${refund.admin_id ?? adminId}${reference ? ` ${reference}` : ''}`,
      );
    });
    return present(await this.merchantById(id), `order ${id}`);
  }

  /** Money moved only with a real provider: one other than the configured one → 409 (refund it there). */
  private checkProvider(order: OrderRow, provider: PaymentProvider): void {
    if (order.total_minor > 0 && order.provider !== 'test' && order.provider !== provider.name)
      throw conflict(formatMessage(messages.refundOtherProvider, { provider: order.provider }));
  }

  /** Each line of the order with its quantity, unit price and what is left to refund. */
  private async leftToRefund(trx: Transaction<DB>, orderId: string, counting: 'succeeded' | 'all') {
    let refunded = trx
      .selectFrom('order_refund_items')
      .innerJoin('order_refunds', 'order_refunds.id', 'order_refund_items.refund_id')
      .select((eb) => [
        'order_refund_items.product_id',
        eb.fn.sum<string>('order_refund_items.quantity').as('n'),
      ])
      .where('order_refund_items.order_id', '=', orderId)
      .groupBy('order_refund_items.product_id');
    if (counting === 'succeeded') refunded = refunded.where('order_refunds.state', '=', 'succeeded');
    const [items, done] = await Promise.all([
      trx
        .selectFrom('order_items')
        .select(['product_id', 'name', 'quantity', 'unit_price_minor'])
        .where('order_id', '=', orderId)
        .orderBy('name')
        .execute(),
      refunded.execute(),
    ]);
    return items.map((item) => {
      const refundedQuantity = Number(done.find((row) => row.product_id === item.product_id)?.n ?? 0);
      return { ...item, refunded: refundedQuantity, left: item.quantity - refundedQuantity };
    });
  }

  /**
   * The lines of a new refund with their amounts: the chosen ones (each an order line, named once,
   * no more than is left), or every line with something left. Reserved refunds count as refunded.
   */
  private async refundLines(
    trx: Transaction<DB>,
    order: OrderRow,
    chosen: RefundRequest['lines'],
  ): Promise<{ product_id: string; quantity: number; amount_minor: number }[]> {
    const items = await this.leftToRefund(trx, order.id, 'all');
    const wanted =
      chosen ??
      items
        .filter((item) => item.left > 0)
        .map((item) => ({ product_id: item.product_id, quantity: item.left }));
    if (new Set(wanted.map((line) => line.product_id)).size !== wanted.length)
      throw badRequest(messages.refundLineTwice);
    let atPrice = items.reduce((sum, item) => sum + item.refunded * item.unit_price_minor, 0);
    return wanted.map((line) => {
      const item = items.find((candidate) => candidate.product_id === line.product_id);
      if (!item) throw badRequest(formatMessage(messages.refundNotALine, { product_id: line.product_id }));
      if (line.quantity > item.left)
        throw conflict(
          formatMessage(messages.refundMoreThanLeft, {
            left: item.left,
            quantity: item.quantity,
            name: item.name,
            refunded: item.refunded,
          }),
        );
      const lineAtPrice = line.quantity * item.unit_price_minor;
      const amount = refundAmount(order, atPrice, lineAtPrice);
      atPrice += lineAtPrice;
      return { product_id: line.product_id, quantity: line.quantity, amount_minor: amount };
    });
  }

  /** The history of an order, oldest first (admins and the tests read it). */
  async events(id: string) {
    return this.db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('id').execute();
  }
}
