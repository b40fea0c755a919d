/**
 * What saving the config does (SPEC §4 "Config Proceed"), and the settings page's saves:
 * - the config is saved (the persistence listener writes it to the key-value store);
 * - `config/proceeded` announces it (events.ts: where the species sync will hook in);
 * - a signed-in member's profile location is updated on the server (PUT users/{id});
 * - where the dialog opened by itself after a sign-in (the config notice), saving or dismissing it
 *   turns settings.show_config_notice off, so it opens once.
 * The dialog does not wait for the server: the config is the member's on this device at once, and
 * a profile update that fails (offline) is logged; the next Proceed sends it again.
 */
import type { UpdateUserRequest, UpdateUserResponse } from '@contract/users';
import { configActions } from '../../app/configSlice';
import { sessionActions } from '../../app/sessionSlice';
import type { AppThunk } from '../../app/thunk';
import type { ConfigLocation, StoredConfig } from '../../db/kv';
import { configProceeded } from './events';
import { findInitialLocation } from './initialConfig';

type Settings = StoredConfig['settings'];

function updateProfile(patch: UpdateUserRequest): AppThunk<Promise<void>> {
  return async (dispatch, getState, { apiClient }) => {
    const user = getState().session.user;
    if (!user) return;
    try {
      const answer = await apiClient.request<UpdateUserResponse>(
        'PUT',
        `users/${encodeURIComponent(user.user_id)}`,
        patch,
      );
      dispatch(sessionActions.profileUpdated(answer.profile));
    } catch (error) {
      console.warn('The profile could not be updated', patch, error);
    }
  };
}

/** Proceed: save, announce, and update the signed-in member's profile location. */
export function proceedConfig(next: StoredConfig): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const previous = getState().config.config;
    dispatch(configActions.saved(next));
    dispatch(configProceeded({ config: next, previous }));
    if (next.location) await dispatch(updateProfile({ location_id: next.location.location_id }));
  };
}

/**
 * The member dismissed Customize Your Experience where it opened by itself after their sign-in
 * ("Not now", Escape): the notice is done (settings.show_config_notice off), the rest of the config
 * stays as it was. A config without a region yet (joined on the welcome page, which looks none up
 * at start) gets one in the same save — the region in the dialog, else the initial config's chain
 * (position, IP, the United States) — so the species of a region still reach the device.
 */
export function dismissConfigNotice(draftLocation: ConfigLocation | null): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    let location = getState().config.config.location ?? draftLocation;
    if (location === null) location = (await dispatch(findInitialLocation())).location;
    // Read again: a region or setting saved while the lookup ran wins.
    const { config } = getState().config;
    dispatch(
      configActions.saved({
        ...config,
        location: config.location ?? location,
        settings: { ...config.settings, show_config_notice: false },
      }),
    );
  };
}

/**
 * One display setting changed. 'Stats visible to others' is also a profile field the server
 * enforces, so a signed-in member's profile follows it.
 */
export function changeSetting<K extends keyof Settings>(key: K, value: Settings[K]): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const config = getState().config.config;
    dispatch(configActions.saved({ ...config, settings: { ...config.settings, [key]: value } }));
    if (key === 'stats_visible_to_others') await dispatch(updateProfile({ stats_visible_to_others: value }));
  };
}
