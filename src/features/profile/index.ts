/** The profile domain as other parts of the app see it. */
import type { FeatureModule } from '../../app/featureModule';
import { profileRoutes } from './routes';
export { profileRoutes } from './routes';

export const profileModule: FeatureModule = { name: 'profile', routes: profileRoutes };
