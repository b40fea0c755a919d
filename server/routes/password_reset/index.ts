/**
 * Password reset (SPEC §7):
 * - POST password_reset {username} → always `{status: 'success', rid}`; a registered address gets
 *   the link and pin by mail, an unknown one nothing (no user enumeration).
 * - PUT password_reset, either with the mailed pin: {use_rid: true, rid (or, as SPEC words it, the
 *   rid in password_current), reset_pin, password_new}; or signed in: {password_current,
 *   password_new}. Success ends every other sign-in of the member (all of them for the pin variant).
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  PasswordChangeRequestSchema,
  PasswordResetRequestSchema,
  PasswordResetStartedSchema,
  type PasswordChangeRequest,
} from '@contract/auth';
import { OkSchema, failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { meetsMediumRule } from '@contract/password';
import { badRequest } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';
import { hashPassword, verifyPassword } from '../../plugins/app/auth/passwords';
import { normaliseUsername, rateLimitConfig } from '../../route-hooks';

function isPinReset(body: PasswordChangeRequest): boolean {
  return body.use_rid === true || body.rid !== undefined;
}

const passwordReset: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const limit = rateLimitConfig(app.config.rateLimits.passwordReset);

  app.post(
    '/password_reset',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Mail a reset link and pin; answers the request id (rid)',
        body: PasswordResetRequestSchema,
        response: { 200: PasswordResetStartedSchema, ...failedResponses },
      },
      config: { ...limit, fieldMessages: { username: messages.forgotEmailRequired } },
      preValidation: normaliseUsername,
    },
    (request) => {
      // The same answer, at the same moment, for every address: the work that depends on it
      // (lookup, row, mail) runs after the answer; a failure there is logged, never told.
      const rid = app.passwordResets.begin(request.body.username, (error) => {
        request.log.error({ err: error }, 'password reset could not be started');
      });
      return { status: 'success' as const, rid };
    },
  );

  app.put(
    '/password_reset',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the mailed pin, or with the current password when signed in',
        body: PasswordChangeRequestSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      config: limit,
      // Only the current-password variant needs a signed-in member.
      preHandler: app.authorize({
        when: (request: FastifyRequest) => !isPinReset(request.body as PasswordChangeRequest),
      }),
    },
    async (request) => {
      const body = request.body;
      if (isPinReset(body)) {
        const rid = body.rid ?? body.password_current;
        if (!rid || !body.reset_pin) throw badRequest(messages.resetPinRequired);
        if (!meetsMediumRule(body.password_new)) throw badRequest(messages.passwordTooWeak);
        const userId = await app.passwordResets.complete(rid, body.reset_pin.trim(), body.password_new);
        await app.tokens.revokeUserTokens(userId);
        return { status: 'success' as const };
      }
      const member = memberOf(request);
      if (!body.password_current) throw badRequest(messages.resetCurrentRequired);
      if (!meetsMediumRule(body.password_new)) throw badRequest(messages.passwordTooWeak);
      const user = await app.users.findById(member.userId);
      if (!user || !(await verifyPassword(user.password_hash, body.password_current))) {
        throw badRequest(messages.currentPasswordWrong);
      }
      await app.users.setPasswordHash(user.id, await hashPassword(body.password_new));
      await app.tokens.revokeUserTokens(user.id, member.sessionId ?? undefined);
      return { status: 'success' as const };
    },
  );
  done();
};

export default passwordReset;
