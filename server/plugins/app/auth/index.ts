/**
 * Auth service plugin. Decorates the instance with the services the account routes use and with
 * `app.authorize(rule)`, the one guard every protected route puts in its preHandler:
 * - `app.tokens`: issue, resolve, rotate and revoke tokens (token-store.ts);
 * - `app.social`, `app.socialAccounts`: OpenID Connect ID-token verification (social.ts) and which
 *   member an identity belongs to (social-accounts.ts);
 * - `app.emailVerifications`, `app.passwordResets`: the two mailed flows;
 * - `request.principal`: who the guard let in (member or client), null on unguarded routes.
 * Expired tokens are purged hourly by an unref'd timer, so it never keeps the process alive.
 */
import fp from 'fastify-plugin';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { ServerConfig } from '../../../config';
import { EmailVerifications } from './email-verification';
import { createGuard, type GuardRule, type RequestPrincipal } from './guard';
import { PasswordResets } from './password-reset';
import { SocialVerifier } from './social';
import { SocialAccounts } from './social-accounts';
import { TokenStore } from './token-store';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenStore;
    social: SocialVerifier;
    socialAccounts: SocialAccounts;
    emailVerifications: EmailVerifications;
    passwordResets: PasswordResets;
    authorize(rule?: GuardRule): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    principal: RequestPrincipal | null;
  }
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export default fp<{ config: ServerConfig }>(
  (app, { config }, done) => {
    const tokens = new TokenStore(app.db, app.clock, config.tokens);
    app.decorate('tokens', tokens);
    app.decorate('social', new SocialVerifier(config.socialProviders, app.clock));
    app.decorate('socialAccounts', new SocialAccounts(app.db, app.clock, app.users));
    app.decorate('emailVerifications', new EmailVerifications(app.db, app.clock, app.mailer, config));
    app.decorate('passwordResets', new PasswordResets(app.db, app.clock, app.mailer, app.users, config));
    // A reset begun just before shutdown is stored and mailed before the database closes.
    app.addHook('onClose', () => app.passwordResets.settled());
    app.decorate('authorize', createGuard(tokens));
    app.decorateRequest('principal', null);

    const purge = setInterval(() => {
      tokens.purgeExpired().catch((error: unknown) => {
        app.log.warn({ err: error }, 'token purge failed');
      });
    }, PURGE_INTERVAL_MS);
    purge.unref();
    app.addHook('onClose', (_instance, hookDone) => {
      clearInterval(purge);
      hookDone();
    });
    done();
  },
  { name: 'auth', dependencies: ['db', 'mail', 'users-repository'], fastify: '5.x' },
);
