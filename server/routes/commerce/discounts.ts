/**
 * Discount codes (SPEC §7 "POST commerce/discount_code"; docs/shop.md "Discount codes"):
 * - POST commerce/discount_code: whether a code can be used now (by this member, on these items),
 *   and how much it takes off them; a refusal is a 400 whose reason says why (unknown, not yet
 *   valid, expired, used up, already used by this member, another currency). Checking takes nothing:
 *   the order takes the use, atomically, at PUT commerce/payment.
 * - POST commerce/discount_codes: create a code (admin);
 * - GET commerce/discount_codes: every code with its uses, newest first (admin);
 * - POST commerce/discount_codes/{code}/end: ends a code now (valid_until = now; admin). Codes are
 *   never deleted: orders name them.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import {
  DiscountCheckResponseSchema,
  DiscountCheckSchema,
  DiscountInputSchema,
  DiscountParamsSchema,
  DiscountResponseSchema,
  DiscountsResponseSchema,
  discountOf,
  totalOf,
} from '@contract/shop';
import { viewerOf } from '../../plugins/app/auth/guard';
import { priceLines } from '../../plugins/app/shop/carts';
import { toDiscount } from '../../plugins/app/shop/discounts';

const discounts: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.post(
    '/commerce/discount_code',
    {
      schema: {
        tags: ['shop'],
        summary: 'Check a discount code (and what it takes off the given items); nothing is taken',
        body: DiscountCheckSchema,
        response: { 200: DiscountCheckResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const lines = request.body.items ? await priceLines(app.db, request.body.items) : null;
      const total = lines ? totalOf(lines) : null;
      const row = await app.shop.discounts.check(
        app.db,
        request.body.discount_code,
        viewerOf(request),
        total?.currency ?? null,
      );
      const discount = toDiscount(row);
      return {
        status: 'success' as const,
        discount,
        discount_minor: total ? discountOf(discount, total.subtotal, total.currency) : null,
      };
    },
  );

  app.post(
    '/commerce/discount_codes',
    {
      schema: {
        tags: ['shop'],
        summary: 'Create a discount code (admin): percent or amount, validity window, limits',
        body: DiscountInputSchema,
        response: { 200: DiscountResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ role: 'admin' }),
    },
    async (request) => ({
      status: 'success' as const,
      discount: await app.shop.discounts.create(request.body),
    }),
  );

  app.get(
    '/commerce/discount_codes',
    {
      schema: {
        tags: ['shop'],
        summary: 'Every discount code with its uses, newest first (admin)',
        response: { 200: DiscountsResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ role: 'admin' }),
    },
    async () => ({ status: 'success' as const, discounts: await app.shop.discounts.list() }),
  );

  app.post(
    '/commerce/discount_codes/:code/end',
    {
      schema: {
        tags: ['shop'],
        summary: 'End a discount code now (admin); orders that used it keep it',
        params: DiscountParamsSchema,
        response: { 200: DiscountResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ role: 'admin' }),
    },
    async (request) => ({
      status: 'success' as const,
      discount: await app.shop.discounts.end(request.params.code),
    }),
  );

  done();
};

export default discounts;
