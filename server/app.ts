/**
 * The Fastify app as a plugin. `buildApp(config, deps)` is what main.ts, the CLI-free tests and the
 * benchmarks call; nothing here listens on a port (main.ts does).
 *
 * Registration order (fastify/demo's layout): external plugins (database, helmet + CORS,
 * compression, rate limit, OpenAPI), listed here → app plugins, autoloaded from plugins/app/ (each
 * folder's index.ts, a fastify-plugin with a name and its dependencies, which set the order) → route
 * plugins, autoloaded from routes/ under /api/v1.0 (every script in a segment folder) → the built PWA
 * last, so API routes always win over files. A new domain adds its folders and edits nothing here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autoLoad from '@fastify/autoload';
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
import { drainLog, OneLinePerRequest, openLogDestination, redactUrl } from './logging';
import { frameworkErrorOptions } from './plugins/app/envelope/framework-errors';
import type { Mailer } from './plugins/app/mail/mailer';
import compressPlugin from './plugins/external/compress';
import dbPlugin from './plugins/external/db';
import rateLimitPlugin from './plugins/external/rate-limit';
import securityPlugin from './plugins/external/security';
import staticPlugin, { hasBuiltApp } from './plugins/external/static';
import swaggerPlugin from './plugins/external/swagger';
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

/** server/, where the autoloaded plugin folders are (this file's own folder). */
const SERVER_DIR = dirname(fileURLToPath(import.meta.url));

// Autoload imports .ts plugins only when it detects a TypeScript loader, and it cannot see
// `node --import tsx` (how the e2e server starts); this file running as .ts proves a loader is there.
if (import.meta.url.endsWith('.ts')) process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';

/** The options autoload hands every plugin of plugins/app/. */
export interface AppPluginOptions {
  config: ServerConfig;
  /** Unknown GETs outside /api answer the PWA's index.html (only when a built app is there). */
  spaFallback: boolean;
  mailer?: Mailer;
}

export const fieldmark = fp<{ config: ServerConfig } & AppDeps>(
  async (app, { config, database, mailer, clock }) => {
    app.decorate('config', config);
    app.decorate('clock', clock ?? systemClock);

    await app.register(dbPlugin, { config, ...(database ? { database } : {}) });
    await app.register(securityPlugin, { config });
    await app.register(compressPlugin);
    await app.register(rateLimitPlugin);
    await app.register(swaggerPlugin, { config });

    // Every app plugin gets the same options; each takes the fields it needs (mail: `mailer`,
    // envelope: `spaFallback`, auth and media: `config`).
    const pluginOptions: AppPluginOptions = {
      config,
      spaFallback: hasBuiltApp(config),
      ...(mailer ? { mailer } : {}),
    };
    await app.register(autoLoad, {
      dir: join(SERVER_DIR, 'plugins', 'app'),
      // One plugin per folder, its index.ts (the other files are its modules and tests).
      maxDepth: 1,
      matchFilter: /^\/[^/]+\/index\.[cm]?[jt]s$/,
      options: pluginOptions,
    });

    await app.register(autoLoad, {
      dir: join(SERVER_DIR, 'routes'),
      // Route files spell their full path ('/trips/:id'), so folders add no prefix; every script of
      // a segment folder is a route plugin (a file without a default plugin export is skipped).
      // Files directly in routes/ (such as a leftover central index.ts) are not loaded.
      dirNameRoutePrefix: false,
      indexPattern: /^$/,
      matchFilter: /^\/[^/]+\/./,
      ignoreFilter: /\.test\.ts$/,
      options: { prefix: API_PREFIX },
    });

    await app.register(staticPlugin, { config });
  },
  { name: 'fieldmark', fastify: '5.x' },
);

export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<App> {
  // A silent app (the tests) opens nothing; otherwise stdout or LOG_FILE, asynchronously.
  const destination = config.logLevel === 'silent' ? undefined : openLogDestination(config.logFile);
  const app = Fastify({
    // Autoload imports every plugin and route module inside its own plugin, so avvio's 10 s default
    // would count module loading; through tsx on a loaded 2-core machine that can take longer.
    pluginTimeout: 120_000,
    logController: new OneLinePerRequest(),
    logger: {
      level: config.logLevel,
      ...(destination ? { stream: destination } : {}),
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
  if (destination) {
    // The lines of the last requests are on their way when close is called: wait for them. The
    // destination stays open (a shutdown still logs after close; a write to an ended one throws);
    // pino flushes it synchronously at exit.
    app.addHook('onClose', () => drainLog(destination));
  }
  for (const plugin of deps.plugins ?? []) await app.register(plugin);
  await app.register(fieldmark, { config, ...deps });
  return app;
}
