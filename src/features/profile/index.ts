/** The profile domain as other parts of the app see it. */
import type { FeatureModule } from '../../app/featureModule';

export const profileModule: FeatureModule = {
  name: 'profile',
  routes: async () => (await import('./routes')).profileRoutes,
};
