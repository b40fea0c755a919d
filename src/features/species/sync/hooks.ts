/** The species sync state for components (the popup, the species pages). */
import { useAppSelector } from '../../../app/hooks';
import { selectSpeciesSync, speciesSyncPercent, type SpeciesSyncState } from './speciesSyncSlice';

export interface SpeciesSyncView extends SpeciesSyncState {
  /** 0–100, or null while the total is unknown. */
  percent: number | null;
}

/**
 * Whether species are syncing and how far: `status` is 'idle' before any sync of this session,
 * 'syncing', 'done' or 'failed' (it will be retried). What is already on the device is in
 * `db.species` whatever the status.
 */
export function useSpeciesSyncStatus(): SpeciesSyncView {
  const state = useAppSelector(selectSpeciesSync);
  return { ...state, percent: speciesSyncPercent(state) };
}
