/**
 * The trips plugin: decorates `app.trips` with the REST writes of trips (trip-writes.ts), which go
 * through the `trips` collection's source in `app.collections` (registered after the collections
 * plugin). Devices keep trips in the collection itself; the REST calls are for what SPEC §7 names.
 */
import fp from 'fastify-plugin';
import { TRIPS, TripWrites } from './trip-writes';

export interface TripsService {
  writes: TripWrites;
}

declare module 'fastify' {
  interface FastifyInstance {
    trips: TripsService;
  }
}

export default fp(
  (app, _options, done) => {
    const source = app.collections.get(TRIPS);
    if (!source || source.readOnly) throw new Error(`${TRIPS} must be a writable collection`);
    app.decorate('trips', { writes: new TripWrites(app.db, source) });
    done();
  },
  { name: 'trips', dependencies: ['db', 'collections'], fastify: '5.x' },
);
