/**
 * The logbooks domain as other parts of the app see it: its routes and the /logbooks guard's
 * question (whether the member has a logbook on the device). The router imports this file, and
 * everything it names ends up in the first route: keep it to route objects and that one hook.
 */
import type { FeatureModule } from '../../app/featureModule';
import { useHasLogbook } from './hasLogbook';
import { logbookRoutes } from './routes';
export { logbookRoutes } from './routes';

export const logbooksModule: FeatureModule = {
  name: 'logbooks',
  routes: logbookRoutes,
  guards: { useHasLogbook },
};
