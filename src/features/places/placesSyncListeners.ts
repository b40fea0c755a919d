/**
 * What starts a pull of the region's places, as the first route carries it: the decisions and one
 * lazy import of the sync code (placesSyncThunks.ts). The pull runs
 * - when the chosen location changes (the initial location set-up, the config dialog, a sign-in
 *   bringing the member's region) — not when the stored config is only read back at start;
 * - on going online (a device that started offline has no mark for syncMarked to refresh yet);
 * - at app start, with the stored location.
 * Each waits until the first page is painted and the browser is idle (app/pageShown.ts).
 */
import { configActions } from '../../app/configSlice';
import { networkActions } from '../../app/networkSlice';
import { afterPageShown } from '../../app/pageShown';
import type { RootState } from '../../app/reducer';
import type { AppStartListening } from '../../app/thunk';
import type { StartupStore } from '../../app/featureModule';

const loadSync = () => import('./placesSyncThunks');
const logFailure = (error: unknown) => {
  console.error('The places sync could not start', error);
};
const locationOf = (state: RootState) => state.config.config.location?.location_id ?? null;

export function startPlacesSyncReactions(startListening: AppStartListening): void {
  startListening({
    predicate: (action, state, previous) =>
      networkActions.wentOnline.match(action) ||
      (!configActions.restored.match(action) &&
        locationOf(state) !== null &&
        locationOf(state) !== locationOf(previous)),
    effect: (_action, listenerApi) => {
      afterPageShown(
        () =>
          void loadSync()
            .then(({ syncRegionPlaces }) => listenerApi.dispatch(syncRegionPlaces()))
            .catch(logFailure),
      );
    },
  });
}

/** App start: the stored location's places in the background after the first page. */
export function startPlacesBackgroundSync(store: StartupStore): void {
  if (locationOf(store.getState()) === null) return;
  afterPageShown(
    () =>
      void loadSync()
        .then(({ syncRegionPlaces }) => store.dispatch(syncRegionPlaces()))
        .catch(logFailure),
  );
}
