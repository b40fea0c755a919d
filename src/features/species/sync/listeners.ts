/**
 * What starts species syncs, as the first route carries it: the decisions and ONE lazy import of
 * the sync code (speciesSyncThunks.ts, with the engine and Dexie), nothing more — every byte here
 * is first-route JavaScript (check `npm run bench:bundle`).
 * - `config/proceeded`: the chosen groups and location, with the progress popup. The lead decided
 *   this PWA is the spec's "device" both installed and in a browser tab (docs/config.md);
 * - `network/wentOnline`: every collection with a mark (SPEC §4 "Network"). Marks exist only once
 *   a config was saved, so a visitor who never chose one loads nothing;
 * - the first config ever saved (the initial location set up at start, SPEC §4 "Initial config"):
 *   its list in the background, so a new member who never opens the config dialog still finds
 *   their species (a Proceed right after joins the same pull);
 * - app start (main.tsx): the stored list in the background.
 * Background pulls wait until the first page is painted and the browser is idle (app/pageShown.ts).
 */
import { configActions } from '../../../app/configSlice';
import { networkActions } from '../../../app/networkSlice';
import type { AppStore } from '../../../app/store';
import { afterPageShown } from '../../../app/pageShown';
import type { AppStartListening } from '../../../app/thunk';
import { configProceeded } from '../../config';

const loadSync = () => import('./speciesSyncThunks');
const logFailure = (error: unknown) => {
  console.error('Species sync could not start', error);
};

export function startSpeciesSyncReactions(startListening: AppStartListening): void {
  startListening({
    predicate: (action, state) =>
      configProceeded.match(action) || (networkActions.wentOnline.match(action) && state.config.isStored),
    effect: (action, listenerApi) =>
      loadSync()
        .then(({ syncTriggered }) => listenerApi.dispatch(syncTriggered(action)))
        .catch(logFailure),
  });
  startListening({
    predicate: (action, _state, previous) => configActions.saved.match(action) && !previous.config.isStored,
    effect: (_action, listenerApi) => {
      afterPageShown(
        () =>
          void loadSync()
            .then(({ syncInBackground }) => listenerApi.dispatch(syncInBackground()))
            .catch(logFailure),
      );
    },
  });
}

/** App start: with a config stored, its species sync in the background after the first page. */
export function startSpeciesBackgroundSync(store: Pick<AppStore, 'getState' | 'dispatch'>): void {
  if (!store.getState().config.isStored) return;
  afterPageShown(
    () =>
      void loadSync()
        .then(({ syncInBackground }) => store.dispatch(syncInBackground()))
        .catch(logFailure),
  );
}
