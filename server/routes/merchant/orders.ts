/**
 * The admin's orders and refunds (calls SPEC does not name; docs/shop.md "Orders"):
 * - GET merchant/orders: every order, newest first, filtered by status, paged; with the buyer's
 *   contact and every status change;
 * - GET merchant/orders/{id}: one of them;
 * - POST merchant/orders/{id}/refund {refund_id, lines?}: gives chosen lines (or all that is left)
 *   of a paid order back through the provider it was paid with, the amount computed from the
 *   order's lines, and takes back what the refunded lines granted; the same refund_id again makes no
 *   second refund (409 for other statuses or more than is left, 502 when the provider refuses:
 *   nothing changes then).
 * Admins only (403 for members).
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { FailedSchema, failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import {
  MerchantOrderResponseSchema,
  MerchantOrdersQuerySchema,
  MerchantOrdersResponseSchema,
  OrderParamsSchema,
  RefundRequestSchema,
  type MerchantOrderResponse,
  type MerchantOrdersResponse,
} from '@contract/shop';
import { ApiError, notFound } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';

const merchantOrders: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const admin = app.authorize({ role: 'admin' });

  app.get(
    '/merchant/orders',
    {
      schema: {
        tags: ['shop'],
        summary: 'Every order, newest first, with its history (admin)',
        querystring: MerchantOrdersQuerySchema,
        response: { 200: MerchantOrdersResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<MerchantOrdersResponse> => ({
      status: 'success',
      ...(await app.shop.orders.list(request.query)),
    }),
  );

  app.get(
    '/merchant/orders/:id',
    {
      schema: {
        tags: ['shop'],
        summary: 'One order with its history (admin)',
        params: OrderParamsSchema,
        response: { 200: MerchantOrderResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<MerchantOrderResponse> => {
      const order = await app.shop.orders.merchantById(request.params.id);
      if (!order) throw notFound(messages.orderNotFound);
      return { status: 'success', order };
    },
  );

  app.post(
    '/merchant/orders/:id/refund',
    {
      schema: {
        tags: ['shop'],
        summary:
          'Refund chosen lines of a paid order, or all that is left, and take back what they granted (admin; idempotent per refund_id)',
        params: OrderParamsSchema,
        body: RefundRequestSchema,
        response: { 200: MerchantOrderResponseSchema, ...failedResponses, 502: FailedSchema },
      },
      preHandler: admin,
    },
    async (request): Promise<MerchantOrderResponse> => {
      try {
        const order = await app.shop.orders.refund(
          request.params.id,
          memberOf(request).userId,
          request.body,
          app.shop.provider,
        );
        return { status: 'success', order };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        request.log.error({ err: error, order: request.params.id }, 'payment provider refused a refund');
        throw new ApiError(502, messages.refundFailed);
      }
    },
  );

  done();
};

export default merchantOrders;
