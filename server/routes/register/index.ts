/**
 * POST register (SPEC §7), password or social variant. The server re-checks what the client checks
 * (SPEC §5, in that order: terms, required fields, medium password rule), stores the email trimmed
 * and lowercased, and subscribes to the newsletter unless told otherwise.
 * Answers 200 with a session (as login) — or, when REQUIRE_EMAIL_VERIFICATION is on and the
 * address is not yet verified, 202 without a session after mailing the confirmation link.
 * A taken email (or an already linked social identity) is 409.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { RegisterPendingResponseSchema, RegisterRequestSchema, RegisterResponseSchema } from '@contract/auth';
import { failedResponses } from '@contract/envelope';
import { formatMessage, messages } from '@contract/messages';
import { meetsMediumRule } from '@contract/password';
import type { UserRow } from '../../plugins/app/users/tables';
import { badRequest, conflict } from '../../errors';
import { hashPassword } from '../../plugins/app/auth/passwords';
import { sessionAnswer } from '../../plugins/app/auth/session-answer';
import { providerLabel } from '../../plugins/app/auth/social';
import { normaliseUsername, rateLimitConfig } from '../../route-hooks';

/** Validation reasons in SPEC §5 order: the first field in this list with an error decides. */
const fieldMessages = {
  terms_accepted: messages.registerTermsRequired,
  firstname: messages.registerFieldsRequired,
  nickname: messages.registerFieldsRequired,
  username: messages.registerFieldsRequired,
  password: messages.registerFieldsRequired,
};

/** A display nickname from the ID token when the social variant did not send one. */
function nicknameFrom(name: string | null, email: string): string {
  const base = (name ?? email.split('@')[0] ?? 'member').trim();
  return (base || 'member').slice(0, 50);
}

const register: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.post(
    '/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create an account (password or social)',
        body: RegisterRequestSchema,
        response: { 200: RegisterResponseSchema, 202: RegisterPendingResponseSchema, ...failedResponses },
      },
      config: { ...rateLimitConfig(app.config.rateLimits.register), fieldMessages },
      preValidation: normaliseUsername,
    },
    async (request, reply) => {
      const body = request.body;
      if (body.location_id !== undefined && !(await app.users.findLocation(body.location_id))) {
        throw badRequest(messages.configLocationRequired);
      }
      let user: UserRow | undefined;

      if (body.method === 'social') {
        const identity = await app.social.verify(body.provider, body.access_token);
        const label = providerLabel(body.provider);
        if (identity.email === null)
          throw badRequest(formatMessage(messages.socialEmailMissing, { provider: label }));
        if (await app.socialAccounts.isLinked(identity)) throw conflict(messages.emailTaken);
        user = await app.users.create({
          email: identity.email,
          passwordHash: null,
          firstname: (identity.givenName ?? identity.name ?? '').slice(0, 100),
          nickname: body.nickname ?? nicknameFrom(identity.name, identity.email),
          newsletterSubscribed: body.newsletter_subscribed ?? true,
          locationId: body.location_id ?? null,
          emailVerified: identity.emailVerified,
        });
        if (!user) throw conflict(messages.emailTaken);
        await app.socialAccounts.link(user.id, identity);
      } else {
        if (!body.firstname.trim() || !body.nickname.trim())
          throw badRequest(messages.registerFieldsRequired);
        if (!meetsMediumRule(body.password)) throw badRequest(messages.passwordTooWeak);
        // Hash before looking at the email so a taken address does not answer measurably faster.
        const passwordHash = await hashPassword(body.password);
        user = await app.users.create({
          email: body.username,
          passwordHash,
          firstname: body.firstname.trim(),
          nickname: body.nickname.trim(),
          newsletterSubscribed: body.newsletter_subscribed ?? body.accept_newsletter ?? true,
          locationId: body.location_id ?? null,
        });
        if (!user) throw conflict(messages.emailTaken);
      }

      if (app.config.requireEmailVerification && user.email_verified_at === null) {
        try {
          await app.emailVerifications.send(user);
        } catch (error) {
          // The account exists; signing in later mails a new link (login's resendIfStale).
          request.log.error({ err: error }, 'could not send the verification mail');
        }
        return reply.code(202).send({
          status: 'success' as const,
          email_verification_required: true as const,
          user_id: user.id,
          nickname: user.nickname,
        });
      }
      return reply
        .code(200)
        .send(sessionAnswer(user, await app.tokens.issueSession(user.id), await app.users.profileOf(user)));
    },
  );
  done();
};

export default register;
