/** The mobile menu domain as other parts of the app see it. */
import type { FeatureModule } from '../../app/featureModule';
import { menuRoutes } from './routes';
export { menuRoutes } from './routes';

export const menuModule: FeatureModule = { name: 'menu', routes: menuRoutes };
