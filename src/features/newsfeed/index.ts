/**
 * The newsfeed domain as the app sees it (src/app/modules.ts): its pages. Everything named here is
 * first-route JavaScript: the pages are lazy (routes.tsx). Posts, likes and comments made offline
 * go through the outbox the member's sync runtime drains; the feed has no synced collection.
 */
import type { FeatureModule } from '../../app/featureModule';

export const newsfeedModule: FeatureModule = {
  name: 'newsfeed',
  routes: async () => (await import('./routes')).newsfeedRoutes,
};
