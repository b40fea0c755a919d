/**
 * The store's reactions that start species syncs (registered in app/store.ts). Part of the first
 * route, so it holds nothing but the decisions: the sync code loads with the first sync.
 * - `config/proceeded`: sync the chosen groups and location and show the progress popup. The lead
 *   decided this PWA is the spec's "device" both installed and in a browser tab (docs/config.md).
 * - `network/wentOnline`: sync every collection with a mark (SPEC §4 "Network").
 */
import { networkActions } from '../../../app/networkSlice';
import type { AppStartListening } from '../../../app/thunk';
import { configProceeded } from '../../config/events';

const logFailure = (error: unknown) => console.error('The species sync could not start', error);

export function startSpeciesSyncReactions(startListening: AppStartListening): void {
  startListening({
    actionCreator: configProceeded,
    effect: async (action, listenerApi) => {
      try {
        const { syncSpecies } = await import('./speciesSyncThunks');
        await listenerApi.dispatch(syncSpecies({ popup: true, config: action.payload.config }));
      } catch (error) {
        logFailure(error);
      }
    },
  });
  startListening({
    actionCreator: networkActions.wentOnline,
    effect: async (_action, listenerApi) => {
      // Marks exist only once a config was saved: a visitor who never chose one loads nothing.
      if (!listenerApi.getState().config.isStored) return;
      try {
        const { syncMarkedCollections } = await import('./speciesSyncThunks');
        await listenerApi.dispatch(syncMarkedCollections());
      } catch (error) {
        logFailure(error);
      }
    },
  });
}
