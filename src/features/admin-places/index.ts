/**
 * The admin pages of places, field guides and locations as the app sees them: a module with their
 * routes (lazy pages, so nothing else of this folder reaches the first route).
 */
import type { FeatureModule } from '../../app/featureModule';
import { adminPlacesRoutes } from './routes';

export const adminPlacesModule: FeatureModule = { name: 'admin-places', routes: adminPlacesRoutes };
