/**
 * POST logout (addition to SPEC, docs/api.md): ends the sign-in of the presented auth token — its
 * auth tokens and refresh credentials — and, if the body names one, the sign-in of that refresh
 * credential. Expired tokens still identify their sign-in, so a client whose token lapsed can end
 * its session too. Always answers success: logging out twice, or with nothing, is not an error.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { LogoutRequestSchema } from '@contract/auth';
import { OkSchema, failedResponses } from '@contract/envelope';
import { bearerToken } from '../../plugins/app/auth/tokens';

const logout: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.post(
    '/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'End this sign-in (auth token and refresh credential)',
        body: LogoutRequestSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      // A bodiless POST is fine here: treat it as `{}`.
      preValidation: (request, _reply, hookDone) => {
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- typed from the schema, which is not checked yet.
        request.body ??= {};
        hookDone();
      },
    },
    async (request) => {
      const presented = [bearerToken(request.headers.authorization), request.body.refresh_token ?? null];
      for (const token of presented) {
        if (token === null) continue;
        const sessionId = await app.tokens.sessionOf(token);
        if (sessionId !== null) await app.tokens.revokeSession(sessionId);
      }
      return { status: 'success' as const };
    },
  );
  done();
};

export default logout;
