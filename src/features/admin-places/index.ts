/**
 * The admin pages of places, field guides and locations as the app sees them: a module with their
 * routes (lazy pages, so nothing else of this folder reaches the first route).
 */
import type { FeatureModule } from '../../app/featureModule';

export const adminPlacesModule: FeatureModule = {
  name: 'admin-places',
  routes: async () => (await import('./routes')).adminPlacesRoutes,
};
