/**
 * Google Play Billing for digital goods bought inside the Android app (issue 20; docs/stores.md
 * "Play Billing"). A second payment provider beside the configured one (TEST or Stripe), used only
 * when the app asks for it (`payment.method = 'play_billing'`) and only for one logbook or e-book:
 * Play sells one in-app product per purchase, at the price set in the Play Console, so no discount
 * code applies and no physical item may go through it (Play's policy, and ours).
 *
 * The app pays with the Digital Goods API and Payment Request, then sends the purchase token
 * (POST commerce/play_billing). The server asks Google (GooglePlayClient, the only part stubbed in
 * tests): a purchased state settles the order through Orders.settle (idempotent, so a replay grants
 * nothing more) and is then acknowledged. The token is the order's provider_ref, unique per
 * provider in the database, so one purchase pays one order only.
 */
import type { Kysely } from 'kysely';
import { formatMessage, messages } from '@contract/messages';
import { PLAY_BILLING_KINDS, playProductId, type Order, type PlayBillingRequest } from '@contract/shop';
import type { DB } from '../../../db/schema';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../../errors';
import type { GooglePlayClient } from './googlePlay';
import type { Orders } from './orders';
import type { PaymentProvider, PaymentStart, RefundRequest } from './payments';

export const PLAY_PROVIDER = 'play';

/** Whether a priced cart may be paid through Play: one digital product, quantity one. */
export function playBillingRefusal(items: readonly { kind: string; quantity: number }[]): string | null {
  const [only, ...more] = items;
  if (!only || more.length > 0 || only.quantity !== 1) return messages.playBillingDigitalOnly;
  return PLAY_BILLING_KINDS.includes(only.kind) ? null : messages.playBillingDigitalOnly;
}

export class PlayBilling implements PaymentProvider {
  readonly name = PLAY_PROVIDER;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly orders: Orders,
    private readonly google: GooglePlayClient,
    private readonly log: { error: (details: object, message: string) => void },
  ) {}

  /** Nothing to redirect to: the app opens Play's sheet and then posts the token. */
  start(payment: PaymentStart) {
    return Promise.resolve({ reference: null, redirectUrl: `/fulfilment/${payment.orderId}/pending` });
  }

  /** Play purchases are refunded in the Play Console (orders.refund), not from our merchant page. */
  refund(refund: RefundRequest): Promise<{ reference: string | null }> {
    return Promise.reject(new Error(`order ${refund.orderId} was paid through Google Play: refund it there`));
  }

  /** Verifies the member's Play purchase for their pending order; answers the order as it is now. */
  async confirm(userId: string, request: PlayBillingRequest): Promise<Order> {
    const { transaction_id: orderId, product_id: productId, purchase_token: token } = request;
    const order = await this.orders.byId(orderId);
    if (!order) throw notFound(messages.orderNotFound);
    if (order.user_id !== userId) throw forbidden();
    if (order.provider !== PLAY_PROVIDER) throw conflict(messages.playBillingNotThisOrder);
    const item = order.items[0];
    if (!item || playProductId(item.product_id) !== productId)
      throw badRequest(messages.playBillingWrongProduct);
    const row = await this.orders.row(orderId);
    if (order.status !== 'pending') {
      // A replay of the purchase that paid it: nothing more is granted, the acknowledgement retried.
      if (row?.provider_ref === token && (order.status === 'paid' || order.status === 'fulfilled')) {
        await this.acknowledge(orderId, productId, token);
        return order;
      }
      throw conflict(formatMessage(messages.playBillingOrderClosed, { status: order.status }));
    }
    const other = await this.db
      .selectFrom('orders')
      .select('id')
      .where('provider', '=', PLAY_PROVIDER)
      .where('provider_ref', '=', token)
      .where('id', '<>', orderId)
      .executeTakeFirst();
    if (other) throw conflict(messages.playBillingTokenUsed);

    let purchase;
    try {
      purchase = await this.google.purchase(productId, token);
    } catch (error) {
      this.log.error({ err: error, order: orderId }, 'Google Play purchase check failed');
      throw new ApiError(502, messages.paymentProviderFailed);
    }
    if (!purchase) throw badRequest(messages.playBillingUnknown);
    if (purchase.productId !== undefined && purchase.productId !== productId)
      throw badRequest(messages.playBillingWrongProduct);
    if (purchase.purchaseState === 1) throw badRequest(messages.playBillingCancelled);
    if (purchase.purchaseState !== 0) throw conflict(messages.playBillingPending);

    // The token becomes the order's reference, unless the order already holds another purchase;
    // UNIQUE (provider, provider_ref) refuses a token another order took meanwhile.
    let claimed;
    try {
      claimed = await this.db
        .updateTable('orders')
        .set({ provider_ref: token })
        .where('id', '=', orderId)
        .where((eb) => eb.or([eb('provider_ref', 'is', null), eb('provider_ref', '=', token)]))
        .returning('id')
        .executeTakeFirst();
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw conflict(messages.playBillingTokenUsed);
      throw error;
    }
    if (!claimed) throw conflict(formatMessage(messages.playBillingOrderClosed, { status: 'being paid' }));
    const settled = await this.orders.settle({
      orderId,
      reference: token,
      outcome: 'paid',
      source: `play:${purchase.orderId ?? 'purchase'}`,
    });
    if (purchase.acknowledgementState !== 1) await this.acknowledge(orderId, productId, token);
    return settled ?? order;
  }

  /** Best effort: a failure is logged and retried by the app's next confirmation of the same token. */
  private async acknowledge(orderId: string, productId: string, token: string): Promise<void> {
    try {
      await this.google.acknowledge(productId, token);
    } catch (error) {
      this.log.error({ err: error, order: orderId }, 'Google Play acknowledgement failed');
    }
  }
}
