/**
 * The trips domain as other parts of the app see it: its routes. The router imports this file, and
 * everything it names ends up in the first route: keep it to loaders.
 */
import type { FeatureModule } from '../../app/featureModule';

export const tripsModule: FeatureModule = {
  name: 'trips',
  routes: async () => (await import('./routes')).tripRoutes,
  sync: async () => ({ collections: [(await import('./tripsCollection')).tripsCollection] }),
};
