/**
 * The species guide as the app sees it: its module (routes, the sync popup, what starts a species
 * sync, the species collection). Other domains' pages that embed the species chooser import
 * ./SpeciesChooser directly, so it loads with their page, not the first route.
 */
import type { FeatureModule } from '../../app/featureModule';
import { SpeciesSyncPopup } from './sync/modals';
import { startSpeciesBackgroundSync, startSpeciesSyncReactions } from './sync/listeners';

export const speciesModule: FeatureModule = {
  name: 'species',
  routes: async () => (await import('./routes')).speciesRoutes,
  modals: { speciesSync: SpeciesSyncPopup },
  listeners: startSpeciesSyncReactions,
  // The stored list's species, brought up to date in the background once the page is idle.
  start: (store) => {
    startSpeciesBackgroundSync(store);
  },
  sync: async () => (await import('./sync/speciesSyncSource')).speciesSync,
};
