/**
 * The push plugin (issue 17; docs/api.md "Push notifications"): decorates `app.push` with the
 * subscriptions, the job queue and its runner (push-service.ts), started when the app is ready and
 * stopped before it closes. VAPID keys come from the environment or DATA_DIR/vapid.json, made on
 * the first start that needs them.
 */
import fp from 'fastify-plugin';
import type { AppPluginOptions } from '../../../app';
import { loadVapidKeys, PushService, vapidSubjectOf } from './push-service';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

export default fp<AppPluginOptions>(
  (app, { config }, done) => {
    const subject = vapidSubjectOf(config.publicUrl, config.mailFrom);
    const push = new PushService(app.db, app.clock, () => loadVapidKeys(config.dataDir, subject), app.log);
    app.decorate('push', push);
    app.addHook('onReady', async () => {
      push.start();
      await push.keys();
    });
    app.addHook('preClose', () => push.stop());
    done();
  },
  { name: 'push', dependencies: ['db'], fastify: '5.x' },
);
