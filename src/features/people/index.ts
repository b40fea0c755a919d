/**
 * The people domain as the app sees it (src/app/modules.ts): the Friends page. Everything named
 * here is first-route JavaScript: the page is lazy (routes.tsx).
 */
import type { FeatureModule } from '../../app/featureModule';

export const peopleModule: FeatureModule = {
  name: 'people',
  routes: async () => (await import('./routes')).peopleRoutes,
};
