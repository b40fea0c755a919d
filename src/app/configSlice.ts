/**
 * The member's app configuration (SPEC §3 "App config"): region, animal groups, language, display
 * settings. Persisted to the key-value store by a listener when saved.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StoredConfig } from '../db/kv';

export const DEFAULT_SPECIES = ['Birds|IOC', 'Mammals|Large'];

export const defaultConfig: StoredConfig = {
  location: null,
  species: DEFAULT_SPECIES,
  language: { language: 'English' },
  settings: {
    stats_visible_to_others: true,
    maps_show_lifer: true,
    maps_show_sightings: true,
    show_config_notice: true,
  },
};

export interface ConfigState {
  config: StoredConfig;
  /** Whether a config was ever stored; the initial location set-up runs only when it was not. */
  isStored: boolean;
  isRestored: boolean;
}

const initialState: ConfigState = { config: defaultConfig, isStored: false, isRestored: false };

export const configSlice = createSlice({
  name: 'config',
  initialState,
  reducers: {
    restored(state, action: PayloadAction<StoredConfig | null>) {
      if (action.payload) {
        state.config = action.payload;
        state.isStored = true;
      }
      state.isRestored = true;
    },
    saved(state, action: PayloadAction<StoredConfig>) {
      state.config = action.payload;
      state.isStored = true;
    },
  },
  selectors: {
    selectConfig: (state) => state.config,
    selectHasStoredConfig: (state) => state.isStored,
  },
});

export const configActions = configSlice.actions;
export const { selectConfig, selectHasStoredConfig } = configSlice.selectors;
