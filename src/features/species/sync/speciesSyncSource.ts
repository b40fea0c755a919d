/**
 * The species domain's part of the app's sync engine (its module's `sync`): the species
 * collection, pulled in a worker, and the engine's events for it reported to the `speciesSync`
 * slice (the popup).
 */
import type { Dispatch } from '@reduxjs/toolkit';
import type { SyncContribution } from '../../../app/featureModule';
import { SPECIES_COLLECTION, speciesCollection, type SyncEvent } from '../../../db/sync';
import { pullSpeciesInWorker } from './speciesPullInWorker';
import { speciesSyncActions } from './speciesSyncSlice';

function reportSpecies(event: SyncEvent, dispatch: Dispatch): void {
  if (event.collection !== SPECIES_COLLECTION) return;
  switch (event.type) {
    case 'started':
      dispatch(speciesSyncActions.started());
      break;
    case 'progress':
      dispatch(speciesSyncActions.progressed({ received: event.received, total: event.total }));
      break;
    case 'done':
      dispatch(
        speciesSyncActions.finished(event.serverLoading ? { serverLoading: event.serverLoading } : undefined),
      );
      break;
    case 'failed':
      dispatch(speciesSyncActions.failed());
      break;
  }
}

/** The species pull runs in a worker (speciesPullInWorker.ts), off the main thread. */
const speciesInWorker = { ...speciesCollection, pull: pullSpeciesInWorker() };

export const speciesSync: SyncContribution = { collections: [speciesInWorker], onEvent: reportSpecies };
