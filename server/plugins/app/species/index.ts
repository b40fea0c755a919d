/**
 * The species plugin: decorates `app.species` (SpeciesRepository, for the species routes) and
 * registers the read-only `species` collection with the collection registry. See README.md.
 */
import fp from 'fastify-plugin';
import { SpeciesCollectionSource } from './collection-source';
import { SpeciesRepository } from './species-repository';

declare module 'fastify' {
  interface FastifyInstance {
    species: SpeciesRepository;
  }
}

export default fp(
  (app, _options, done) => {
    app.decorate('species', new SpeciesRepository(app.db, app.clock));
    app.collections.register('species', new SpeciesCollectionSource(app.db));
    done();
  },
  { name: 'species', dependencies: ['db', 'collections'], fastify: '5.x' },
);
