/**
 * The config domain as other parts of the app see it: the settings route, the config dialog, the
 * start-up initial config, and the `config/proceeded` event the species sync will listen to.
 */
import type { FeatureModule } from '../../app/featureModule';
import { ConfigDialog } from './modals';
import { startInitialConfig } from './startup';
export { ConfigDialog } from './modals';
export { skipsInitialLocation, startInitialConfig } from './startup';
export { configProceeded, type ConfigProceededPayload } from './events';

export const configModule: FeatureModule = {
  name: 'config',
  routes: async () => (await import('./routes')).configRoutes,
  modals: { config: ConfigDialog },
  // SPEC §4 "Initial config", after the first render: it may wait on the permission prompt and
  // the network (startup.ts).
  start: (store, { startPath, isInstalledApp }) => {
    startInitialConfig(store, startPath, isInstalledApp);
  },
};
