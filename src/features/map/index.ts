/** The maps as other parts of the app see them: their routes. */
import type { FeatureModule } from '../../app/featureModule';

export const mapModule: FeatureModule = {
  name: 'map',
  routes: async () => (await import('./routes')).mapRoutes,
};
