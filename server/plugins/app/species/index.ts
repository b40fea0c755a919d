/**
 * The species plugin: decorates `app.species` (SpeciesRepository, for the species routes) and
 * registers the read-only `species` collection with the collection registry. See README.md.
 * `app.speciesSeed` is where the start-up seed reports its progress (main.ts starts the seed).
 */
import fp from 'fastify-plugin';
import { SpeciesSeedStatus } from '../../../db/species/background';
import { SpeciesCollectionSource } from './collection-source';
import { SpeciesRepository } from './species-repository';

declare module 'fastify' {
  interface FastifyInstance {
    species: SpeciesRepository;
    /** The start-up seed's progress (db/species/background.ts): the species calls answer it. */
    speciesSeed: SpeciesSeedStatus;
  }
}

export default fp(
  (app, _options, done) => {
    const seed = new SpeciesSeedStatus();
    app.decorate('species', new SpeciesRepository(app.db, app.clock));
    app.decorate('speciesSeed', seed);
    app.collections.register('species', new SpeciesCollectionSource(app.db, seed));
    done();
  },
  { name: 'species', dependencies: ['db', 'collections'], fastify: '5.x' },
);
