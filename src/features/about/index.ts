/** The About / Data sources page as other parts of the app see it: its route. */
import type { FeatureModule } from '../../app/featureModule';

export const aboutModule: FeatureModule = {
  name: 'about',
  routes: async () => (await import('./routes')).aboutRoutes,
};
