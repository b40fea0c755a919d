/**
 * The groups domain as the app sees it (src/app/modules.ts): the groups pages. Everything named
 * here is first-route JavaScript: the pages are lazy (routes.tsx).
 */
import type { FeatureModule } from '../../app/featureModule';
import { groupRoutes } from './routes';

export const groupsModule: FeatureModule = { name: 'groups', routes: groupRoutes };
