/**
 * The species sync as the UI sees it (SPEC §2 "Species sync progress popup"): running or not and
 * how far. Status only: the species themselves live in Dexie (`db.species`), never in Redux.
 *
 * Code-split: the slice injects itself into the store when this module loads (with the sync code
 * or a page that reads it), so the first route never carries it. Its selectors answer the initial
 * state until then.
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Loading } from '@contract/sync';
import { rootReducer } from '../../../app/reducer';

export type SpeciesSyncStatus = 'idle' | 'syncing' | 'done' | 'failed';

export interface SpeciesSyncState {
  status: SpeciesSyncStatus;
  /** Species records (removals included) received by the running or last sync. */
  received: number;
  /** How many the server said the sync brings; null when it did not say. */
  total: number | null;
  /**
   * The last finished sync's server was still loading the lists (species stored of all): the engine
   * pulls again by itself. Kept while that pull runs, so the notice does not flicker.
   */
  serverLoading: Loading | null;
}

const initialState: SpeciesSyncState = { status: 'idle', received: 0, total: null, serverLoading: null };

export const speciesSyncSlice = createSlice({
  name: 'speciesSync',
  initialState,
  reducers: {
    started(state): SpeciesSyncState {
      return { status: 'syncing', received: 0, total: null, serverLoading: state.serverLoading };
    },
    progressed(state, action: PayloadAction<{ received: number; total?: number }>) {
      state.received = action.payload.received;
      if (action.payload.total !== undefined) state.total = action.payload.total;
    },
    finished(state, action: PayloadAction<{ serverLoading?: Loading } | undefined>) {
      state.status = 'done';
      state.serverLoading = action.payload?.serverLoading ?? null;
    },
    failed(state) {
      state.status = 'failed';
    },
  },
  selectors: {
    selectSpeciesSync: (state) => state,
  },
});

declare module '../../../app/reducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface
  export interface LazyLoadedSlices extends WithSlice<typeof speciesSyncSlice> {}
}

const injected = speciesSyncSlice.injectInto(rootReducer);

export const speciesSyncActions = speciesSyncSlice.actions;
export const { selectSpeciesSync } = injected.selectors;

/**
 * Percent complete for the progress bar: 100 once done, null while the total is unknown (an
 * indeterminate bar).
 */
export function speciesSyncPercent({
  status,
  received,
  total,
}: Pick<SpeciesSyncState, 'status' | 'received' | 'total'>): number | null {
  if (status === 'done') return 100;
  if (total === null) return null;
  if (total === 0) return 100;
  return Math.floor((Math.min(received, total) / total) * 100);
}
