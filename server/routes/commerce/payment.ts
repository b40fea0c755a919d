/**
 * Payment (SPEC §7 "PUT commerce/payment (cart, contact, billing, payment, discount)"; docs/shop.md):
 * - PUT commerce/payment: creates a pending order at the server's prices (reserving stock, taking the
 *   discount use) and starts the payment with the configured provider; answers the order and where
 *   to send the buyer. An order that costs nothing (free products, a 100 % code) is fulfilled at
 *   once and needs no provider. With `payment.method = 'play_billing'` (the Android app) the order is
 *   Google Play's to pay: one logbook or e-book, no discount code; the app then posts the purchase. The member's cart on the server is emptied when the order is fulfilled
 *   (a declined card leaves it as it was).
 * - GET commerce/orders/{id}: an order and its status (its member or an admin; 403 for others), what
 *   /fulfilment/{transaction_id}/{status} reads.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { FailedSchema, failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { canAccess } from '@contract/permissions';
import {
  OrderParamsSchema,
  OrderResponseSchema,
  PaymentRequestSchema,
  PaymentResponseSchema,
  type OrderResponse,
  type PaymentResponse,
} from '@contract/shop';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { priceLines } from '../../plugins/app/shop/carts';
import type { PaymentProvider } from '../../plugins/app/shop/payments';
import { playBillingRefusal } from '../../plugins/app/shop/playBilling';
import { memberOf } from '../../plugins/app/auth/guard';
import { present } from '../../present';

const payment: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const pageUrl = (path: string) => `${app.config.publicUrl}${path}`;

  app.put(
    '/commerce/payment',
    {
      schema: {
        tags: ['shop'],
        summary: 'Create an order from the cart at server prices and start paying for it',
        body: PaymentRequestSchema,
        response: { 200: PaymentResponseSchema, ...failedResponses, 502: FailedSchema },
      },
      preHandler: app.authorize(),
    },
    async (request): Promise<PaymentResponse> => {
      const member = memberOf(request);
      const { orders, playBilling } = app.shop;
      let provider: PaymentProvider = app.shop.provider;
      if (request.body.payment.method === 'play_billing') {
        // Play sells one digital product at its own price: checked before any order or stock moves.
        if (!playBilling) throw conflict(messages.playBillingOff);
        if (request.body.discount) throw badRequest(messages.playBillingDiscount);
        const refusal = playBillingRefusal(await priceLines(app.db, request.body.cart));
        if (refusal) throw badRequest(refusal);
        provider = playBilling;
      }
      const created = await orders.create(member.userId, request.body, provider.name);
      const id = created.transaction_id;
      let redirectUrl = `/fulfilment/${id}/success`;
      if (created.total_minor === 0) {
        await orders.settle({ orderId: id, reference: null, outcome: 'paid', source: 'free' });
      } else {
        try {
          const started = await provider.start({
            orderId: id,
            currency: created.currency,
            totalMinor: created.total_minor,
            discountMinor: created.discount_minor,
            items: created.items.map((item) => ({
              name: item.name,
              quantity: item.quantity,
              unitMinor: item.unit_price_minor,
            })),
            email: request.body.contact.email,
            successUrl: pageUrl(`/fulfilment/${id}/success`),
            cancelUrl: pageUrl(`/fulfilment/${id}/cancelled`),
          });
          await orders.setReference(id, started.reference);
          redirectUrl = started.redirectUrl;
        } catch (error) {
          request.log.error({ err: error, order: id }, 'payment provider refused to start a payment');
          await orders.settle({ orderId: id, reference: null, outcome: 'failed', source: 'provider-error' });
          throw new ApiError(502, messages.paymentProviderFailed);
        }
      }
      return {
        status: 'success',
        order: present(await orders.byId(id), `order ${id}`),
        redirect_url: redirectUrl,
      };
    },
  );

  app.get(
    '/commerce/orders/:id',
    {
      schema: {
        tags: ['shop'],
        summary: 'An order and its status (its member or an admin)',
        params: OrderParamsSchema,
        response: { 200: OrderResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request): Promise<OrderResponse> => {
      const member = memberOf(request);
      const order = await app.shop.orders.byId(request.params.id);
      if (!order) throw notFound(messages.orderNotFound);
      if (order.user_id !== member.userId && !canAccess(member, { role: 'admin' })) throw forbidden();
      return { status: 'success', order };
    },
  );

  done();
};

export default payment;
