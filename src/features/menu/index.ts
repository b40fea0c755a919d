/** The mobile menu domain as other parts of the app see it. */
import type { FeatureModule } from '../../app/featureModule';

export const menuModule: FeatureModule = {
  name: 'menu',
  routes: async () => (await import('./routes')).menuRoutes,
};
