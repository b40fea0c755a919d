/**
 * A member's order history (a call SPEC does not name; docs/shop.md "Orders"):
 * - GET commerce/orders: the signed-in member's own orders, newest first, every status. There is no
 *   way to ask for another member's: the member comes from the token.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { OrdersResponseSchema, type OrdersResponse } from '@contract/shop';
import { memberOf } from '../../plugins/app/auth/guard';

const orders: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/commerce/orders',
    {
      schema: {
        tags: ['shop'],
        summary: "The signed-in member's orders, newest first",
        response: { 200: OrdersResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request): Promise<OrdersResponse> => ({
      status: 'success',
      orders: await app.shop.orders.ofMember(memberOf(request).userId),
    }),
  );
  done();
};

export default orders;
