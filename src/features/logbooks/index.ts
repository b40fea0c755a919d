/**
 * The logbooks domain as other parts of the app see it: its routes and the /logbooks guard's
 * question (whether the member has a logbook on the device). The router imports this file, and
 * everything it names ends up in the first route: keep it to loaders (routes and the guard hook load lazily).
 */
import type { FeatureModule } from '../../app/featureModule';

export const logbooksModule: FeatureModule = {
  name: 'logbooks',
  routes: async () => (await import('./routes')).logbookRoutes,
  // Loaded with the route table: the hook reads Dexie, which the first route never loads.
  guards: async () => ({ useHasLogbook: (await import('./useHasLogbook')).useHasLogbook }),
};
