/**
 * App start (first route, tiny): when a config is stored and the device is online, the species of
 * the member's list are brought up to date in the background, without the popup. It waits until
 * the browser is idle after the first render, so neither the sync code nor Dexie competes with the
 * first route.
 */
import type { AppStore } from '../../../app/store';

/** Longest wait for an idle moment before the sync starts anyway. */
const IDLE_TIMEOUT_MS = 3_000;

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 1_000);
}

export function startSpeciesBackgroundSync(store: Pick<AppStore, 'getState' | 'dispatch'>): void {
  const { config, network } = store.getState();
  if (!config.isStored || !network.isOnline) return;
  whenIdle(() => {
    import('./speciesSyncThunks')
      .then(({ syncSpecies }) => store.dispatch(syncSpecies({ popup: false })))
      .catch((error: unknown) => console.error('The background species sync could not start', error));
  });
}
