/**
 * The places domain as the app sees it (src/app/modules.ts): the member's places pages, and the
 * synced `hotspot_likes` collection (loaded with the sync code, never on the first route).
 * Everything named here is first-route JavaScript: the pages are lazy (routes.tsx).
 */
import type { FeatureModule } from '../../app/featureModule';
import { placeRoutes } from './routes';

export const placesModule: FeatureModule = {
  name: 'places',
  routes: placeRoutes,
  sync: async () => ({
    collections: [(await import('./hotspotLikesCollection')).hotspotLikesCollection],
  }),
};
