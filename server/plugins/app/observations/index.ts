/**
 * The observations plugin: decorates `app.observations` with the reads, the REST writes and the
 * figures (sighting groups) of sightings, both over the `species_observations` collection (see README.md beside this file).
 * Writes go through that collection's source in `app.collections`, so it must be registered after
 * the collections plugin.
 */
import fp from 'fastify-plugin';
import { OBSERVATIONS_COLLECTION } from '@contract/observations';
import { nowSeconds } from '../../../clock';
import { ObservationReads } from './observation-reads';
import { ObservationWrites, type Locate } from './observation-writes';
import { SightingGroups } from './sighting-groups';

export interface ObservationsService {
  reads: ObservationReads;
  writes: ObservationWrites;
  /** Figures over a member's sightings from the sighting_groups summary. */
  groups: SightingGroups;
}

declare module 'fastify' {
  interface FastifyInstance {
    observations: ObservationsService;
  }
}

export default fp(
  (app, _options, done) => {
    const source = app.collections.get(OBSERVATIONS_COLLECTION);
    if (!source || source.readOnly)
      throw new Error(`${OBSERVATIONS_COLLECTION} must be a writable collection`);
    // The location lookup of GET locations?lat&lng: the nearest region (or country) and its country.
    const locate: Locate = async (point) => {
      const [lng, lat] = point.coordinates;
      const [hit] = await app.reference.nearest({ lat, lng }, {}, { limit: 1, skip: 0 });
      if (!hit) return null;
      const names: Record<string, string> = { [hit.id]: hit.name };
      if (hit.parent_id !== null && hit.parent_name !== null) names[hit.parent_id] = hit.parent_name;
      return { last_mod: nowSeconds(app.clock), names };
    };
    const reads = new ObservationReads(app.db);
    app.decorate('observations', {
      reads,
      writes: new ObservationWrites(reads, source, app.clock, locate),
      groups: new SightingGroups(app.db),
    });
    done();
  },
  { name: 'observations', dependencies: ['db', 'collections', 'reference-repository'], fastify: '5.x' },
);
