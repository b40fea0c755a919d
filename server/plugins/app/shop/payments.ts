/**
 * Payment providers behind one interface (docs/shop.md "Payment providers"). An order is created
 * by our checkout; a provider only takes the buyer's money and tells us how it went, and every
 * outcome goes through Orders.settle, which is idempotent.
 *
 * - `TestGateway` (PAYMENT_PROVIDER=test, the default): the embedded gateway served by this server
 *   (routes/commerce/test-gateway.ts): a clearly marked TEST page, no money moves. It lets the
 *   whole purchase run on a fresh machine; it must never be the provider of a real shop.
 * - `StripeCheckout` (PAYMENT_PROVIDER=stripe): a Stripe Checkout Session per order, and the
 *   signed webhook (routes/commerce/stripe-webhook.ts) verified with the library's constructEvent;
 *   refunds go back to the session's PaymentIntent.
 */
import Stripe from 'stripe';
import { API_PREFIX } from '@contract/prefix';

export interface PaymentStart {
  orderId: string;
  currency: string;
  totalMinor: number;
  discountMinor: number;
  items: { name: string; quantity: number; unitMinor: number }[];
  email: string;
  /** Absolute URLs of the app's /fulfilment/{transaction_id}/{status} pages. */
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentOutcome {
  orderId: string;
  /** The provider's id of the payment; checked against the order's. */
  reference: string | null;
  outcome: 'paid' | 'failed' | 'cancelled';
  /** Recorded in order_events: what told us (a Stripe event id, the test gateway's card). */
  source: string;
}

export interface RefundRequest {
  orderId: string;
  /** Our refund's id (made by the admin's device): the provider's idempotency key. */
  refundId: string;
  /** The provider's id of the payment (`PaymentProvider.start`'s reference). */
  reference: string | null;
  amountMinor: number;
  currency: string;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe' | 'play';
  /** Starts paying for an order: the provider's reference and where to send the buyer. */
  start(payment: PaymentStart): Promise<{ reference: string | null; redirectUrl: string }>;
  /**
   * Gives `amountMinor` of an order's payment back (all of it or a part); answers the provider's id
   * of the refund. Asking twice with one refund id refunds once (Stripe: its idempotency key).
   */
  refund(refund: RefundRequest): Promise<{ reference: string | null }>;
}

/** The test gateway's cards (the usual test numbers): one pays, one is declined, one needs a second step. */
export const TEST_CARDS = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000002500003155': 'second step',
} as const;

export class TestGateway implements PaymentProvider {
  readonly name = 'test';
  start(payment: PaymentStart) {
    return Promise.resolve({
      reference: null,
      redirectUrl: `${API_PREFIX}/commerce/test_gateway/${payment.orderId}`,
    });
  }
  /** No money moved, so none goes back: the order's refund is only recorded. */
  refund(refund: RefundRequest) {
    return Promise.resolve({ reference: `test-refund:${refund.refundId}` });
  }
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (tests stub Stripe's HTTP API here); unset → Stripe's own. */
  apiUrl?: string | undefined;
}

export class StripeCheckout implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || undefined,
            protocol: api.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
  }

  async start(payment: PaymentStart) {
    // With a discount Stripe would need a coupon of its own; one line with our total keeps our
    // server the only place prices and discounts are computed.
    const lineItems =
      payment.discountMinor > 0
        ? [
            {
              name: `Fieldmark order ${payment.orderId.slice(0, 8)}`,
              quantity: 1,
              unitMinor: payment.totalMinor,
            },
          ]
        : payment.items;
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: payment.orderId,
        metadata: { order_id: payment.orderId },
        customer_email: payment.email,
        success_url: payment.successUrl,
        cancel_url: payment.cancelUrl,
        line_items: lineItems.map((item) => ({
          quantity: item.quantity,
          price_data: {
            currency: payment.currency.toLowerCase(),
            unit_amount: item.unitMinor,
            product_data: { name: item.name },
          },
        })),
      },
      { idempotencyKey: `fieldmark-order-${payment.orderId}` },
    );
    if (!session.url) throw new Error(`Stripe session ${session.id} has no url`);
    return { reference: session.id, redirectUrl: session.url };
  }

  /**
   * Refunds `amountMinor` of the payment of the order's Checkout Session (the whole payment or a
   * part). The session names its PaymentIntent only once paid, so it is read first.
   */
  async refund(refund: RefundRequest) {
    if (!refund.reference) throw new Error(`order ${refund.orderId} has no Stripe session`);
    const session = await this.stripe.checkout.sessions.retrieve(refund.reference);
    const intent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!intent) throw new Error(`Stripe session ${refund.reference} has no payment to refund`);
    const made = await this.stripe.refunds.create(
      {
        payment_intent: intent,
        amount: refund.amountMinor,
        metadata: { order_id: refund.orderId, refund_id: refund.refundId },
      },
      { idempotencyKey: `fieldmark-refund-${refund.refundId}` },
    );
    return { reference: made.id };
  }

  /**
   * The outcome a signed webhook reports, null for events of no interest; throws when the
   * signature does not verify (the route answers 400).
   */
  outcomeOf(rawBody: Buffer, signature: string): PaymentOutcome | null {
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    const outcomes: Record<string, PaymentOutcome['outcome'] | undefined> = {
      'checkout.session.async_payment_succeeded': 'paid',
      'checkout.session.async_payment_failed': 'failed',
      'checkout.session.expired': 'cancelled',
    };
    if (!event.type.startsWith('checkout.session.')) return null;
    const session = event.data.object as Stripe.Checkout.Session;
    let outcome = outcomes[event.type];
    if (event.type === 'checkout.session.completed') {
      // 'unpaid' is a delayed method (a bank debit): async_payment_succeeded/failed follows.
      outcome = session.payment_status === 'unpaid' ? undefined : 'paid';
    }
    const orderId = session.client_reference_id ?? session.metadata?.order_id;
    if (!outcome || !orderId) return null;
    return { orderId, reference: session.id, outcome, source: `stripe:${event.id}` };
  }

  /** For tests: the signature header Stripe would send for this payload (the library's own helper). */
  signatureFor(payload: string): string {
    return this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.settings.webhookSecret });
  }
}
