/**
 * Carts (SPEC §7 "GET commerce/{id}/cart"; docs/shop.md "Carts"):
 * - GET commerce/{id}/cart: the cart priced at today's server prices (what is not for sale any more
 *   is marked unavailable and left out of the subtotal);
 * - PUT commerce/{id}/cart: replaces its lines; merge_from adds a guest device's cart and empties it
 *   (the device sends it when a guest signs in). Prices in the body are never read.
 * {id} is a member's user id (only that member) or a guest device's random cart id (a client token
 * is enough; the random id is the key).
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { CartParamsSchema, CartPutSchema, CartResponseSchema, type CartResponse } from '@contract/shop';
import { viewerOf } from '../../plugins/app/auth/guard';

const cart: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const anyone = app.authorize({ allowClient: true });

  app.get(
    '/commerce/:id/cart',
    {
      schema: {
        tags: ['shop'],
        summary: "A member's or a guest device's cart, at the server's prices",
        params: CartParamsSchema,
        response: { 200: CartResponseSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request): Promise<CartResponse> => {
      await app.shop.carts.access(request.params.id, viewerOf(request));
      return { status: 'success', cart: await app.shop.carts.get(request.params.id.toLowerCase()) };
    },
  );

  app.put(
    '/commerce/:id/cart',
    {
      schema: {
        tags: ['shop'],
        summary: 'Replace the lines of a cart; merge_from adds a guest cart on sign-in',
        params: CartParamsSchema,
        body: CartPutSchema,
        response: { 200: CartResponseSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request): Promise<CartResponse> => {
      const owner = await app.shop.carts.access(request.params.id, viewerOf(request));
      const cart = await app.shop.carts.put(
        request.params.id.toLowerCase(),
        owner,
        request.body.items,
        request.body.merge_from,
      );
      return { status: 'success', cart };
    },
  );

  done();
};

export default cart;
