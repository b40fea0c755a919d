/**
 * Ad views kept on the device go out when the device comes back online (viewQueue.ts). The first
 * route carries only this reaction; the queue and its calls load when it first runs.
 */
import { networkActions } from '../../app/networkSlice';
import type { AppStartListening } from '../../app/thunk';

const loadThunks = () => import('./adViewThunks');

export function startAdViewReactions(startListening: AppStartListening): void {
  startListening({
    actionCreator: networkActions.wentOnline,
    effect: async (_action, api) => {
      const { flushAdViews } = await loadThunks();
      await api.dispatch(flushAdViews());
    },
  });
}
