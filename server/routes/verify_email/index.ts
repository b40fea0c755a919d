/**
 * GET verify_email?token=… — the link in the confirmation mail. It is opened in a browser, so it
 * answers with a redirect into the app rather than JSON: `/?action=emailverified` on success,
 * `/?action=emailverified&error=1` when the link is unknown, used or expired.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { VerifyEmailQuerySchema } from '@contract/auth';
import { failedResponses } from '@contract/envelope';

const verifyEmail: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/verify_email',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Confirm an email address (link from the mail); redirects to /?action=emailverified',
        querystring: VerifyEmailQuerySchema,
        response: { 400: failedResponses[400], 500: failedResponses[500] },
      },
    },
    async (request, reply) => {
      const userId = await app.emailVerifications.confirm(request.query.token);
      return reply.redirect(
        userId === null ? '/?action=emailverified&error=1' : '/?action=emailverified',
        302,
      );
    },
  );
  done();
};

export default verifyEmail;
