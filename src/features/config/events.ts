/**
 * `config/proceeded`: the member pressed Proceed in the config dialog and the new config is saved.
 * This is the integration point for work that follows a config change: the species domain listens
 * for it to sync the species of the chosen groups and location and to show its progress popup
 * (SPEC §4 "Config Proceed"; src/features/species/sync/listeners.ts, docs/config.md).
 */
import { createAction } from '@reduxjs/toolkit';
import type { StoredConfig } from '../../db/kv';

export interface ConfigProceededPayload {
  /** The config as saved. */
  config: StoredConfig;
  /** The config before, to tell what changed (location, groups). */
  previous: StoredConfig;
}

/**
 * The payload carries no platform flag: the species sync runs installed and in a browser tab alike
 * (docs/config.md). (Importing app/boot into the lazily loaded config code split the first route
 * into more chunks: +1.3 KB gzip.)
 */
export const configProceeded = /* @__PURE__ */ createAction<ConfigProceededPayload>('config/proceeded');
