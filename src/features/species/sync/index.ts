/**
 * The species sync as the rest of the app sees it. Only first-route-light entries are exported here
 * (registration, start-up, the lazy popup); pages read the sync state with `useSpeciesSyncStatus`
 * from './hooks' (which brings the slice with it).
 */
export { startSpeciesSyncReactions } from './listeners';
export { startSpeciesBackgroundSync } from './startup';
export { SpeciesSyncPopup } from './modals';
