/**
 * POST oauth/token (SPEC §7): client credentials → a client token, the bearer for calls made before
 * anyone signs in. The credentials identify the first-party app (a browser cannot keep a secret),
 * so this is a gate against casual scripts, not an authentication of the member.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { ClientTokenRequestSchema, ClientTokenResponseSchema } from '@contract/auth';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { ApiError } from '../../errors';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const oauth: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Client token from client credentials',
        body: ClientTokenRequestSchema,
        response: { 200: ClientTokenResponseSchema, ...failedResponses },
      },
    },
    async (request) => {
      const { client_id, client_secret } = request.body;
      const config = app.config;
      if (!sameSecret(client_id, config.clientId) || !sameSecret(client_secret, config.clientSecret)) {
        throw new ApiError(401, messages.invalidClient);
      }
      const { token, expiresIn } = await app.tokens.issueClientToken(client_id);
      return {
        status: 'success' as const,
        access_token: token,
        token_type: 'Bearer' as const,
        expires_in: expiresIn,
      };
    },
  );
  done();
};

export default oauth;
