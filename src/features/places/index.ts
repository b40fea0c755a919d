/**
 * The places domain as the app sees it (src/app/modules.ts): the member's places pages, what starts
 * a pull of the region's places, and the synced collections — the member's `hotspot_likes` and the
 * read-only `hotspots` and `field_guides` of their region (loaded with the sync code, never on the
 * first route). Everything named here is first-route JavaScript: the pages are lazy (routes.tsx).
 */
import type { FeatureModule } from '../../app/featureModule';
import { startPlacesBackgroundSync, startPlacesSyncReactions } from './placesSyncListeners';

export const placesModule: FeatureModule = {
  name: 'places',
  routes: async () => (await import('./routes')).placeRoutes,
  listeners: startPlacesSyncReactions,
  start: (store) => {
    startPlacesBackgroundSync(store);
  },
  sync: async () => {
    const [{ hotspotLikesCollection }, { hotspotsCollection, fieldGuidesCollection }] = await Promise.all([
      import('./hotspotLikesCollection'),
      import('./placesCollection'),
    ]);
    return { collections: [hotspotLikesCollection, hotspotsCollection, fieldGuidesCollection] };
  },
};
