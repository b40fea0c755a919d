/**
 * POST login?include_profile=true (SPEC §7 "Auth and profile"), three methods:
 * - password (method absent or 'password'): username + password;
 * - social: an OpenID Connect ID token from the provider (see plugins/app/auth/social.ts);
 * - refresh (deviation from SPEC, docs/api.md): `access_token` is the refresh credential from an
 *   earlier login, so the client re-establishes a session without ever storing the password.
 * Wrong password and unknown email give the same 401 after the same work. With
 * REQUIRE_EMAIL_VERIFICATION an unverified member gets 403 with `email_verification_required: true`
 * (and a fresh link if the last one is old).
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { LoginQuerySchema, LoginRequestSchema, LoginResponseSchema } from '@contract/auth';
import { failedResponses } from '@contract/envelope';
import { formatMessage, messages } from '@contract/messages';
import type { UserRow } from '../../plugins/app/users/tables';
import { ApiError, unauthorized } from '../../errors';
import { verifyPassword } from '../../plugins/app/auth/passwords';
import { sessionAnswer } from '../../plugins/app/auth/session-answer';
import { providerLabel } from '../../plugins/app/auth/social';
import { normaliseUsername, rateLimitConfig } from '../../route-hooks';

/** Refuses a session to a member who still has to confirm their address (when that is required). */
export async function assertMaySignIn(app: FastifyInstance, user: UserRow): Promise<void> {
  if (user.disabled_at !== null) throw new ApiError(403, messages.accountDisabled);
  if (!app.config.requireEmailVerification || user.email_verified_at !== null) return;
  try {
    await app.emailVerifications.resendIfStale(user);
  } catch (error) {
    app.log.error({ err: error }, 'could not send the verification mail');
  }
  throw new ApiError(403, messages.emailNotVerified, { email_verification_required: true });
}

const login: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with a password, a social ID token or a refresh credential',
        querystring: LoginQuerySchema,
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...failedResponses },
      },
      config: rateLimitConfig(app.config.rateLimits.login),
      preValidation: normaliseUsername,
    },
    async (request) => {
      const body = request.body;
      const profileIfAsked = async (user: UserRow) =>
        request.query.include_profile === true ? app.users.profileOf(user) : undefined;

      if (body.method === 'refresh') {
        const refresh = await app.tokens.resolve(body.access_token);
        if (refresh?.kind !== 'refresh' || refresh.user === null) throw unauthorized();
        const user = await app.users.findById(refresh.user.id);
        if (!user) throw unauthorized();
        await assertMaySignIn(app, user);
        return sessionAnswer(user, await app.tokens.renewFromRefresh(refresh), await profileIfAsked(user));
      }

      if (body.method === 'social') {
        const identity = await app.social.verify(body.provider, body.access_token);
        const user = await app.socialAccounts.memberFor(identity);
        if (!user) {
          throw new ApiError(
            401,
            formatMessage(messages.socialNoAccount, { provider: providerLabel(body.provider) }),
          );
        }
        await assertMaySignIn(app, user);
        return sessionAnswer(user, await app.tokens.issueSession(user.id), await profileIfAsked(user));
      }

      const user = await app.users.findByEmail(body.username);
      const passwordMatches = await verifyPassword(user?.password_hash ?? null, body.password);
      if (!user || !passwordMatches) throw new ApiError(401, messages.invalidCredentials);
      await assertMaySignIn(app, user);
      return sessionAnswer(user, await app.tokens.issueSession(user.id), await profileIfAsked(user));
    },
  );
  done();
};

export default login;
