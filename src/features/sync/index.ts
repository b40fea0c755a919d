/**
 * The member's sync as other parts of the app see it: what starts it (listeners.ts). Only
 * first-route-light entries are named here; the engine (syncEngine.ts) and the thunks load lazily.
 */
export { startMemberBackgroundSync, startMemberSyncReactions } from './listeners';
