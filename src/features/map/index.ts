/** The maps as other parts of the app see them: their routes. */
import type { FeatureModule } from '../../app/featureModule';
import { mapRoutes } from './routes';
export { mapRoutes } from './routes';

export const mapModule: FeatureModule = { name: 'map', routes: mapRoutes };
