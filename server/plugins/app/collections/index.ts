/**
 * The collection registry plugin: decorates `app.collections` (a CollectionRegistry) and registers
 * the member-owned collections, each an OwnedRecordsSource over `collection_records`. Another plugin
 * adds its own source (the species engineer's read-only `species`) with
 * `app.collections.register(name, source)`, declaring `dependencies: ['collections']`.
 * See README.md beside this file.
 */
import fp from 'fastify-plugin';
import { MEMBER_COLLECTION_NAMES } from '@contract/memberCollections';
import { OwnedRecordsSource } from './owned-records';
import { RECORD_CHECKS } from './record-checks';
import { CollectionRegistry } from './source';

declare module 'fastify' {
  interface FastifyInstance {
    collections: CollectionRegistry;
  }
}

export default fp(
  (app, _options, done) => {
    const registry = new CollectionRegistry();
    // Collections whose records belong to one member, who alone reads and writes them.
    for (const name of MEMBER_COLLECTION_NAMES)
      registry.register(name, new OwnedRecordsSource(app.db, app.clock, name, RECORD_CHECKS[name]));
    app.decorate('collections', registry);
    done();
  },
  { name: 'collections', dependencies: ['db'], fastify: '5.x' },
);
