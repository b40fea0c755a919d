/**
 * The initial config (SPEC §4): when no config is stored, choose a location (device position →
 * nearest; else IP; else the United States, see locate.ts) and store it with the default animal
 * groups, language and settings. Loaded on demand by startup.ts, after the first render.
 */
import { configActions, defaultConfig } from '../../app/configSlice';
import type { AppThunk } from '../../app/thunk';
import {
  browserPositionSource,
  chooseInitialLocation,
  type InitialLocation,
  type PositionSource,
} from './locate';
import { locationByIp, nearestLocation } from './lookups';

export interface InitialConfigOptions {
  /** The device position; the browser's Geolocation API by default. */
  position?: PositionSource;
  log?: (message: string, error: unknown) => void;
}

/** The initial config's location chain (never fails: the United States at worst), not stored. */
export function findInitialLocation(options: InitialConfigOptions = {}): AppThunk<Promise<InitialLocation>> {
  return (_dispatch, _getState, { apiClient }) =>
    chooseInitialLocation({
      position:
        options.position ??
        browserPositionSource((globalThis as { navigator?: Navigator }).navigator?.geolocation),
      nearest: (point) => nearestLocation(apiClient, point),
      byIp: () => locationByIp(apiClient),
      log:
        options.log ??
        ((message, error) => {
          console.warn(message, error);
        }),
    });
}

/**
 * Resolves with what was chosen, or null when nothing was stored: a config existed already, or
 * the member chose a location themselves while the lookup ran (theirs wins).
 */
export function setUpInitialConfig(
  options: InitialConfigOptions = {},
): AppThunk<Promise<InitialLocation | null>> {
  return async (dispatch, getState) => {
    if (getState().config.isStored) return null;
    const chosen = await dispatch(findInitialLocation(options));
    // A setting saved meanwhile keeps its value: only the location is filled in.
    const { config, isStored } = getState().config;
    if (config.location !== null) return null;
    dispatch(configActions.saved({ ...(isStored ? config : defaultConfig), location: chosen.location }));
    return chosen;
  };
}
