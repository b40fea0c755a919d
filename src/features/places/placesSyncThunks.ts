/**
 * What pulls the region's places (loaded lazily by placesSyncListeners.ts, with the sync code): the
 * `hotspots` and `field_guides` collections filtered by the member's chosen location. A failure is
 * flagged by the engine and retried in the background (1 s, then every 60 s), and going online
 * pulls every marked collection again (syncMarked).
 */
import type { AppThunk } from '../../app/thunk';
import { syncEngineOf } from '../sync/embeds';
import { fieldGuidesCollection, hotspotsCollection, placesFilterOf } from './placesCollection';

/** Pulls the places and guides of the stored config's location, when online. Never rejects. */
export function syncRegionPlaces(): AppThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    const filter = placesFilterOf(getState().config.config);
    if (!filter || !getState().network.isOnline) return;
    const engine = await syncEngineOf(extra, dispatch, getState);
    const pulls = [hotspotsCollection, fieldGuidesCollection].map((collection) =>
      engine.sync(collection.name, { filter }),
    );
    for (const result of await Promise.allSettled(pulls))
      if (result.status === 'rejected')
        console.warn('The places sync failed; it will be retried', result.reason);
  };
}
