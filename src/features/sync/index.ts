/**
 * The member's sync as the app sees it: its module, with what starts it (listeners.ts). Only
 * first-route-light code is named here; the engine (syncEngine.ts) and the thunks load lazily.
 */
import type { FeatureModule } from '../../app/featureModule';
import { startMemberBackgroundSync, startMemberSyncReactions } from './listeners';

export const syncModule: FeatureModule = {
  name: 'sync',
  listeners: startMemberSyncReactions,
  // The member's unsynced sightings, photos and requests, and their sync while signed in.
  start: (store) => {
    startMemberBackgroundSync(store);
  },
};
