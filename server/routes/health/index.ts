/** GET health: answers without touching the database, for load balancers and the benchmark. */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { OkSchema } from '@contract/envelope';

const health: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness check', response: { 200: OkSchema } } },
    () => ({ status: 'success' as const }),
  );
  done();
};

export default health;
