/**
 * The shop as the app sees it (src/app/modules.ts): its pages (lazy, routes.tsx) and the cart's
 * reactions to sign-in and sign-out (listeners.ts). Everything named here is first-route JavaScript.
 */
import type { FeatureModule } from '../../app/featureModule';
import { startCartReactions } from './listeners';

export const commerceModule: FeatureModule = {
  name: 'commerce',
  routes: async () => (await import('./routes')).commerceRoutes,
  listeners: startCartReactions,
};
