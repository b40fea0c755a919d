/** The About / Data sources page as other parts of the app see it: its route. */
import type { FeatureModule } from '../../app/featureModule';
import { aboutRoutes } from './routes';
export { aboutRoutes } from './routes';

export const aboutModule: FeatureModule = { name: 'about', routes: aboutRoutes };
