/**
 * The groups domain as the app sees it (src/app/modules.ts): the groups pages. Everything named
 * here is first-route JavaScript: the pages are lazy (routes.tsx).
 */
import type { FeatureModule } from '../../app/featureModule';

export const groupsModule: FeatureModule = {
  name: 'groups',
  routes: async () => (await import('./routes')).groupRoutes,
};
