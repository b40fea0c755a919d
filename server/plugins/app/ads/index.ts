/** The ads plugin: decorates `app.ads` (AdsRepository) for `routes/ads`. */
import fp from 'fastify-plugin';
import { AdsRepository } from './ads-repository';

declare module 'fastify' {
  interface FastifyInstance {
    ads: AdsRepository;
  }
}

export default fp(
  (app, _options, done) => {
    app.decorate('ads', new AdsRepository(app.db, app.clock));
    done();
  },
  { name: 'ads', dependencies: ['db'], fastify: '5.x' },
);
