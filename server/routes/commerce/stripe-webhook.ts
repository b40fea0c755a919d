/**
 * POST commerce/webhook/stripe: Stripe's events about Checkout Sessions (PAYMENT_PROVIDER=stripe;
 * docs/shop.md "Payment providers"). The signature (Stripe-Signature, with STRIPE_WEBHOOK_SECRET)
 * is verified over the raw body by the stripe library before anything is read; a bad one is 400.
 * Events are applied through Orders.settle, so Stripe's retries and duplicates grant once. Events of
 * no interest are acknowledged with 200 so Stripe stops sending them. 404 with another provider.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { failedResponses, OkSchema } from '@contract/envelope';
import { messages } from '@contract/messages';
import { badRequest, notFound } from '../../errors';
import { StripeCheckout, type PaymentOutcome } from '../../plugins/app/shop/payments';

const stripeWebhook: FastifyPluginCallbackTypebox = (app, _options, done) => {
  // Only in this plugin: the signature is over the exact bytes, so JSON is not parsed here.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, parsed) => {
    parsed(null, body);
  });

  app.post(
    '/commerce/webhook/stripe',
    {
      schema: {
        tags: ['shop'],
        summary: "Stripe's signed Checkout Session events (PAYMENT_PROVIDER=stripe)",
        headers: Type.Object({ 'stripe-signature': Type.Optional(Type.String({ maxLength: 2000 })) }),
        response: { 200: OkSchema, ...failedResponses },
      },
    },
    async (request) => {
      const provider = app.shop.provider;
      if (!(provider instanceof StripeCheckout)) throw notFound();
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || !signature) throw badRequest(messages.paymentSignatureInvalid);
      let outcome: PaymentOutcome | null;
      try {
        outcome = provider.outcomeOf(request.body, signature);
      } catch (error) {
        request.log.warn({ err: error }, 'stripe webhook signature refused');
        throw badRequest(messages.paymentSignatureInvalid);
      }
      if (outcome) await app.shop.orders.settle(outcome);
      return { status: 'success' as const };
    },
  );

  done();
};

export default stripeWebhook;
