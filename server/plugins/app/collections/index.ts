/**
 * The collection registry plugin: decorates `app.collections` (a CollectionRegistry) and registers
 * the member-owned collections, each an OwnedRecordsSource over `collection_records`. Another plugin
 * adds its own source (the species engineer's read-only `species`) with
 * `app.collections.register(name, source)`, declaring `dependencies: ['collections']`.
 * See README.md beside this file.
 */
import fp from 'fastify-plugin';
import { OwnedRecordsSource } from './owned-records';
import { RECORD_CHECKS } from './record-checks';
import { CollectionRegistry } from './source';

declare module 'fastify' {
  interface FastifyInstance {
    collections: CollectionRegistry;
  }
}

/** Collections whose records belong to one member, who alone reads and writes them. */
export const MEMBER_COLLECTIONS = ['species_observations', 'trips', 'hotspot_likes'] as const;

export default fp(
  (app, _options, done) => {
    const registry = new CollectionRegistry();
    for (const name of MEMBER_COLLECTIONS)
      registry.register(name, new OwnedRecordsSource(app.db, app.clock, name, RECORD_CHECKS[name]));
    app.decorate('collections', registry);
    done();
  },
  { name: 'collections', dependencies: ['db'], fastify: '5.x' },
);
