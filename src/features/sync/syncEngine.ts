/**
 * The app's sync engine (src/db/sync), one per store: it syncs with the store's API client, counts
 * as online only when both the browser and the store's network state say so, and syncs the
 * collections the feature modules register (`sync` in src/app/featureModule.ts: the species list,
 * sightings, trips, hotspot likes). Each module's `onEvent` hears every engine event (the species
 * domain drives its progress popup with it). Loaded lazily, with the sync code.
 */
import type { Dispatch } from '@reduxjs/toolkit';
import type { ApiClient } from '../../api/client';
import { browserIsOnline } from '../../app/apiDefaults';
import type { SyncContribution } from '../../app/featureModule';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import type { RootState } from '../../app/reducer';
import type { AppThunkExtra } from '../../app/thunk';
import { db } from '../../db/db';
import { createSyncEngine, type SyncableCollection, type SyncEngine } from '../../db/sync';

/** Keyed by the store's API client: every store (the app's, each test's) has its own. */
const engines = new WeakMap<ApiClient, Promise<SyncEngine>>();

/** The modules' collections, each name once: two modules syncing one collection is a wiring error. */
export function collectionsOf(contributions: readonly SyncContribution[]): SyncableCollection[] {
  const byName = new Map<string, SyncableCollection>();
  for (const collection of contributions.flatMap((contribution) => contribution.collections)) {
    if (byName.has(collection.name)) throw new Error(`Two modules sync the collection '${collection.name}'`);
    byName.set(collection.name, collection);
  }
  return [...byName.values()];
}

function build(
  contributions: readonly SyncContribution[],
  apiClient: ApiClient,
  dispatch: Dispatch,
  getState: () => RootState,
): SyncEngine {
  return createSyncEngine({
    db,
    api: apiClient,
    collections: collectionsOf(contributions),
    isOnline: () => browserIsOnline() && selectIsOnline(getState()),
    currentUserId: () => selectUser(getState())?.user_id ?? null,
    onEvent: (event) => {
      for (const contribution of contributions) contribution.onEvent?.(event, dispatch);
    },
    // SPEC §8: "Failed background sync is logged and retried."
    log: (message, error) => {
      console.warn(message, error);
    },
  });
}

export function syncEngineOf(
  extra: AppThunkExtra,
  dispatch: Dispatch,
  getState: () => RootState,
): Promise<SyncEngine> {
  const { apiClient, syncSources } = extra;
  let engine = engines.get(apiClient);
  if (!engine) {
    engine = Promise.all(syncSources.map((load) => load())).then(
      (contributions) => build(contributions, apiClient, dispatch, getState),
      (error: unknown) => {
        // A chunk that failed to load (offline on a first visit) is tried again next time.
        engines.delete(apiClient);
        throw error;
      },
    );
    engines.set(apiClient, engine);
  }
  return engine;
}
