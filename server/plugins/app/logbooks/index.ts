/**
 * The logbooks plugin (issue 19; docs/shop.md "Logbooks"): decorates `app.logbooks` and registers
 * with the shop's orders what a logbook product grants on fulfilment.
 */
import fp from 'fastify-plugin';
import { Logbooks } from './logbooks';

declare module 'fastify' {
  interface FastifyInstance {
    logbooks: Logbooks;
  }
}

export default fp(
  (app, _options, done) => {
    const logbooks = new Logbooks(app.db, app.clock);
    app.shop.orders.registerGranter({
      grant: (trx, grant) => logbooks.grant(trx, grant),
      revoke: (trx, order) => logbooks.revoke(trx, order),
    });
    app.decorate('logbooks', logbooks);
    done();
  },
  { name: 'logbooks', dependencies: ['db', 'shop'], fastify: '5.x' },
);
