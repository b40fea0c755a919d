/**
 * The Fastify app as a plugin. `buildApp(config, deps)` is what main.ts, the CLI-free tests and the
 * benchmarks call; nothing here listens on a port (main.ts does).
 *
 * Registration order (fastify/demo's layout): external plugins (database, helmet + CORS, rate
 * limit, OpenAPI) → app plugins (envelope, mail, users, auth, collections) → routes under
 * /api/v1.0 → the built PWA last, so API routes always win over files.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginCallback,
  type RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@contract/index';
import { systemClock, type Clock } from './clock';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import authPlugin from './plugins/app/auth/index';
import collectionsPlugin from './plugins/app/collections/index';
import contentPlugin from './plugins/app/content/index';
import { frameworkErrorOptions } from './plugins/app/envelope/framework-errors';
import envelopePlugin from './plugins/app/envelope/index';
import mailPlugin from './plugins/app/mail/index';
import type { Mailer } from './plugins/app/mail/mailer';
import mediaPlugin from './plugins/app/media/index';
import observationsPlugin from './plugins/app/observations/index';
import referenceRepositoryPlugin from './plugins/app/reference/reference-repository';
import speciesPlugin from './plugins/app/species/index';
import tripsPlugin from './plugins/app/trips/index';
import usersRepositoryPlugin from './plugins/app/users/users-repository';
import dbPlugin from './plugins/external/db';
import rateLimitPlugin from './plugins/external/rate-limit';
import securityPlugin from './plugins/external/security';
import staticPlugin, { hasBuiltApp } from './plugins/external/static';
import swaggerPlugin from './plugins/external/swagger';
import routes from './routes/index';
import { validationOptions } from './validation';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    clock: Clock;
  }
}

/** What the caller may provide instead of letting the app create it from the config. */
export interface AppDeps {
  /** Opened (and migrated) by the caller, who also closes it. Without it the app opens its own. */
  database?: Database;
  mailer?: Mailer;
  clock?: Clock;
  /**
   * Plugins registered before everything else (their hooks then see every request). Only tests
   * pass any: the fault injector of tests/faults.
   */
  plugins?: readonly FastifyPluginCallback[];
}

/** Keeps one-time secrets in links (verify_email?token=…) out of the request log. */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|rid)=)[^&]*/g, '$1[redacted]');
}

export const fieldmark = fp<{ config: ServerConfig } & AppDeps>(
  async (app, { config, database, mailer, clock }) => {
    app.decorate('config', config);
    app.decorate('clock', clock ?? systemClock);

    await app.register(dbPlugin, { config, ...(database ? { database } : {}) });
    await app.register(securityPlugin, { config });
    await app.register(rateLimitPlugin);
    await app.register(swaggerPlugin, { config });

    await app.register(envelopePlugin, { spaFallback: hasBuiltApp(config) });
    await app.register(mailPlugin, { config, ...(mailer ? { mailer } : {}) });
    await app.register(usersRepositoryPlugin);
    await app.register(referenceRepositoryPlugin);
    await app.register(contentPlugin);
    await app.register(authPlugin, { config });
    await app.register(collectionsPlugin);
    await app.register(speciesPlugin);
    await app.register(observationsPlugin);
    await app.register(mediaPlugin, { config });
    await app.register(tripsPlugin);

    await app.register(routes, { prefix: API_PREFIX });

    await app.register(staticPlugin, { config });
  },
  { name: 'fieldmark', fastify: '5.x' },
);

export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    ...validationOptions,
    ...frameworkErrorOptions,
  }).withTypeProvider<TypeBoxTypeProvider>();
  for (const plugin of deps.plugins ?? []) await app.register(plugin);
  await app.register(fieldmark, { config, ...deps });
  return app;
}
