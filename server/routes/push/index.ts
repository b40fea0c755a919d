/**
 * Web push subscriptions (issue 17; docs/api.md "Push notifications"; SPEC names no path):
 * - GET push/key: the VAPID public key a device subscribes with (a client token is enough).
 * - PUT push/subscriptions {endpoint, keys}: this device's subscription, for the signed-in member
 *   (an endpoint another member had moves to this one: one device, one member).
 * - DELETE push/subscriptions {endpoint}: removes it; removing one that is gone answers as done.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { failedResponses, OkSchema, success } from '@contract/envelope';
import { PushKeyResponseSchema, PushSubscriptionSchema, PushUnsubscribeSchema } from '@contract/push';
import { memberOf } from '../../plugins/app/auth/guard';

const UnsubscribeResponseSchema = success({
  removed: Type.Boolean({ description: 'false: there was no such subscription of the member' }),
});

const push: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/push/key',
    {
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key, for PushManager.subscribe",
        response: { 200: PushKeyResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async () => ({ status: 'success' as const, public_key: (await app.push.keys()).publicKey }),
  );

  app.put(
    '/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: "Store this device's push subscription for the member",
        body: PushSubscriptionSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => {
      await app.push.subscribe(memberOf(request).userId, request.body);
      return { status: 'success' as const };
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: "Remove this device's push subscription",
        body: PushUnsubscribeSchema,
        response: { 200: UnsubscribeResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => ({
      status: 'success' as const,
      removed: await app.push.unsubscribe(memberOf(request).userId, request.body.endpoint),
    }),
  );

  done();
};

export default push;
