/** GET auth/providers: the social sign-in providers configured here, so the UI can hide the buttons when none. */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { SocialProvidersResponseSchema } from '@contract/auth';
import { failedResponses } from '@contract/envelope';

const auth: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Configured social sign-in providers and their client ids',
        response: { 200: SocialProvidersResponseSchema, ...failedResponses },
      },
    },
    () => ({ status: 'success' as const, providers: app.social.list() }),
  );
  done();
};

export default auth;
