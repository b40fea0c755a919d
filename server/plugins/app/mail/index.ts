/**
 * Mail service plugin: decorates `app.mailer` with the SMTP adapter when SMTP_URL is set and the
 * .eml file adapter otherwise (see mailer.ts). Tests may pass their own `mailer`.
 */
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../../config';
import { createFileMailer, createSmtpMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailPluginOptions {
  config: ServerConfig;
  mailer?: Mailer;
}

export default fp<MailPluginOptions>(
  (app, { config, mailer }, done) => {
    const chosen =
      mailer ??
      (config.smtpUrl
        ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
        : createFileMailer({ dir: join(config.dataDir, 'mail'), from: config.mailFrom, log: app.log }));
    app.decorate('mailer', chosen);
    app.addHook('onClose', (_instance, hookDone) => {
      chosen.close();
      hookDone();
    });
    done();
  },
  { name: 'mail', fastify: '5.x' },
);
