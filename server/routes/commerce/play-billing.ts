/**
 * POST commerce/play_billing (issue 20; docs/stores.md "Play Billing"): the Android app's Google Play
 * purchase for a pending order made with `payment.method = 'play_billing'`. The server checks the
 * token with Google (purchases.products.get), marks the order paid and fulfils it once, then
 * acknowledges the purchase. A replay of the same token answers the order and grants nothing more;
 * another product's token, a cancelled or pending purchase, or a token that paid another order is
 * refused. 409 when Play Billing is not configured on this server.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { FailedSchema, failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { OrderResponseSchema, PlayBillingRequestSchema, type OrderResponse } from '@contract/shop';
import { conflict } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';

const playBilling: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.post(
    '/commerce/play_billing',
    {
      schema: {
        tags: ['shop'],
        summary: "Pay a pending order with a Google Play purchase (the Android app's digital goods)",
        body: PlayBillingRequestSchema,
        response: { 200: OrderResponseSchema, ...failedResponses, 502: FailedSchema },
      },
      preHandler: app.authorize(),
    },
    async (request): Promise<OrderResponse> => {
      const member = memberOf(request);
      const play = app.shop.playBilling;
      if (!play) throw conflict(messages.playBillingOff);
      return { status: 'success', order: await play.confirm(member.userId, request.body) };
    },
  );
  done();
};

export default playBilling;
