/**
 * Ads as the app sees them (src/app/modules.ts; issue 18): the admin pages and the ad's own page
 * (lazy, routes.tsx), and sending ad views kept on the device when it comes back online
 * (listeners.ts). The newsfeed shows ads through embeds.ts. Everything named here is first-route
 * JavaScript, so it stays this small.
 */
import type { FeatureModule } from '../../app/featureModule';
import { startAdViewReactions } from './listeners';

export const adsModule: FeatureModule = {
  name: 'ads',
  routes: async () => (await import('./routes')).adsRoutes,
  listeners: startAdViewReactions,
};
