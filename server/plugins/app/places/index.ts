/**
 * The places plugin (issue 15; docs/places.md): decorates `app.places` with the reads and writes of
 * places (hotspots), field guides and the admin location writes, and registers the read-only
 * `hotspots` and `field_guides` sync collections (collection-source.ts). The demo places are seeded at start
 * by main.ts (seed.ts), not here, so tests start from an empty table unless they seed.
 */
import fp from 'fastify-plugin';
import { FIELD_GUIDES_COLLECTION, HOTSPOTS_COLLECTION } from '@contract/places';
import { HOTSPOT_LIKES_COLLECTION } from '@contract/trips';
import { FieldGuidesCollectionSource, HotspotsCollectionSource } from './collection-source';
import { FieldGuides } from './field-guides';
import { HotspotReads } from './hotspot-reads';
import { HotspotWrites } from './hotspot-writes';
import { LocationWrites } from './location-writes';

export interface PlacesService {
  hotspots: HotspotReads;
  hotspotWrites: HotspotWrites;
  guides: FieldGuides;
  locationWrites: LocationWrites;
}

declare module 'fastify' {
  interface FastifyInstance {
    places: PlacesService;
  }
}

export default fp(
  (app, _options, done) => {
    const likes = app.collections.get(HOTSPOT_LIKES_COLLECTION);
    if (!likes || likes.readOnly)
      throw new Error(`${HOTSPOT_LIKES_COLLECTION} must be a writable collection`);
    app.decorate('places', {
      hotspots: new HotspotReads(app.db),
      hotspotWrites: new HotspotWrites(app.db, app.clock, likes),
      guides: new FieldGuides(app.db, app.clock),
      locationWrites: new LocationWrites(app.db),
    });
    app.collections.register(HOTSPOTS_COLLECTION, new HotspotsCollectionSource(app.db));
    app.collections.register(FIELD_GUIDES_COLLECTION, new FieldGuidesCollectionSource(app.db));
    done();
  },
  { name: 'places', dependencies: ['db', 'collections'], fastify: '5.x' },
);
