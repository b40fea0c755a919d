/**
 * What starts a species sync, as thunks (loaded lazily by listeners.ts):
 * - Config Proceed: the sync of the chosen groups and location, with the progress popup;
 * - app start: the same sync in the background (no popup);
 * - going online: every collection that has a mark, with the filter it was pulled with.
 * A failure is flagged by the engine and retried in the background (1 s, then every 60 s).
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { messages } from '@contract/messages';
import { ApiError } from '../../../api/ApiError';
import type { AppThunk } from '../../../app/thunk';
import { uiActions } from '../../../app/uiSlice';
import type { StoredConfig } from '../../../db/kv';
import { SPECIES_COLLECTION, speciesFilterOf } from '../../../db/sync';
import { configProceeded } from '../../config';
import { syncEngineOf } from '../../sync/embeds';

/** The popup stays this long at 100 % before it closes, so the member sees the sync complete. */
export const POPUP_CLOSE_DELAY_MS = 400;

export interface SyncSpeciesOptions {
  /** Show the Species sync progress popup (Config Proceed) or sync silently (app start). */
  popup: boolean;
  /** The config to sync for; the stored one by default. */
  config?: StoredConfig;
}

/** Syncs the species of the member's groups and location. Never rejects. */
export function syncSpecies({ popup, config }: SyncSpeciesOptions): AppThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    const filter = speciesFilterOf(config ?? getState().config.config);
    if (!filter) return;
    const engine = await syncEngineOf(extra, dispatch, getState);
    // Started before the popup opens, so the popup never shows the state of an earlier sync.
    const running = engine.sync(SPECIES_COLLECTION, { filter });
    const modalId = popup
      ? dispatch(uiActions.modalOpened({ name: 'speciesSync', props: {} })).payload.id
      : null;
    try {
      await running;
      if (modalId) {
        await new Promise((resolve) => setTimeout(resolve, POPUP_CLOSE_DELAY_MS));
        dispatch(uiActions.modalClosed(modalId));
      }
    } catch (error) {
      console.warn('The species sync failed; it will be retried', error);
      if (!modalId) return;
      dispatch(uiActions.modalClosed(modalId));
      const offline = error instanceof ApiError && error.isOffline;
      dispatch(
        uiActions.toastShown({
          severity: 'warning',
          message: offline ? messages.speciesSyncOffline : messages.speciesSyncFailed,
        }),
      );
    }
  };
}

/** App start (listeners.ts): the stored config's species, without the popup, when online. */
export function syncInBackground(): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    if (getState().network.isOnline) await dispatch(syncSpecies({ popup: false }));
  };
}

/** Going online (SPEC §4 "Network"): every collection with a mark is synchronised. Never rejects. */
export function syncMarkedCollections(): AppThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    await (await syncEngineOf(extra, dispatch, getState)).syncMarked();
  };
}

/** The listener's trigger (listeners.ts): Config Proceed, or going online with a config stored. */
export function syncTriggered(action: UnknownAction): AppThunk<Promise<void>> {
  return async (dispatch) => {
    if (configProceeded.match(action)) {
      await dispatch(syncSpecies({ popup: true, config: action.payload.config }));
    } else {
      await dispatch(syncMarkedCollections());
    }
  };
}
