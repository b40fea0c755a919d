/**
 * The app's sync engine (src/db/sync), one per store: it syncs with the store's API client, counts
 * as online only when both the browser and the store's network state say so, pushes and pulls the
 * signed-in member's collections (sightings, trips, hotspot likes; src/features/sync drives them)
 * and reports the species collection's progress to the `speciesSync` slice.
 */
import type { Dispatch } from '@reduxjs/toolkit';
import type { ApiClient } from '../../api/client';
import { browserIsOnline } from '../../app/apiDefaults';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import type { RootState } from '../../app/reducer';
import { db } from '../../db/db';
import {
  createSyncEngine,
  MEMBER_COLLECTIONS,
  SPECIES_COLLECTION,
  speciesCollection,
  type SyncEngine,
  type SyncEvent,
} from '../../db/sync';
import { speciesSyncActions } from '../species/sync/speciesSyncSlice';

/** Keyed by the store's API client: every store (the app's, each test's) has its own. */
const engines = new WeakMap<ApiClient, SyncEngine>();

function reportSpecies(dispatch: Dispatch, event: SyncEvent): void {
  if (event.collection !== SPECIES_COLLECTION) return;
  switch (event.type) {
    case 'started':
      dispatch(speciesSyncActions.started());
      break;
    case 'progress':
      dispatch(speciesSyncActions.progressed({ received: event.received, total: event.total }));
      break;
    case 'done':
      dispatch(speciesSyncActions.finished());
      break;
    case 'failed':
      dispatch(speciesSyncActions.failed());
      break;
  }
}

export function syncEngineOf(
  apiClient: ApiClient,
  dispatch: Dispatch,
  getState: () => RootState,
): SyncEngine {
  let engine = engines.get(apiClient);
  if (!engine) {
    engine = createSyncEngine({
      db,
      api: apiClient,
      collections: [speciesCollection, ...MEMBER_COLLECTIONS],
      isOnline: () => browserIsOnline() && selectIsOnline(getState()),
      currentUserId: () => selectUser(getState())?.user_id ?? null,
      onEvent: (event) => reportSpecies(dispatch, event),
      // SPEC §8: "Failed background sync is logged and retried."
      log: (message, error) => console.warn(message, error),
    });
    engines.set(apiClient, engine);
  }
  return engine;
}
