/**
 * The chat domain as the app sees it (src/app/modules.ts; issue 17): the conversations pages, and
 * the member's chat runtime — the live channel, the unread badge's 60 s poll — started on sign-in
 * and at start with a session (listeners.ts, one lazy import). The pages are lazy (routes.tsx).
 */
import type { FeatureModule } from '../../app/featureModule';
import { startChatOnBoot, startChatReactions } from './listeners';

export const chatModule: FeatureModule = {
  name: 'chat',
  routes: async () => (await import('./routes')).chatRoutes,
  listeners: startChatReactions,
  start: (store) => {
    startChatOnBoot(store);
  },
};
