/**
 * The species sync as the rest of the app sees it. Only first-route-light entries are exported here
 * (the start-up hook and the lazy popup); pages read the sync state with `useSpeciesSyncStatus`
 * from './hooks' (which brings the slice with it).
 */
export { startSpeciesBackgroundSync, startSpeciesSyncReactions } from './listeners';
export { SpeciesSyncPopup } from './modals';
