/**
 * Shape checks for values read back from the key-value store. They check what the app relies on,
 * not every detail: a stored profile from an older server is kept as it is.
 */
import type { SessionUser, StoredConfig, StoredSession } from './kv';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function isSessionUser(value: unknown): value is SessionUser {
  return (
    isRecord(value) &&
    typeof value.user_id === 'string' &&
    typeof value.nickname === 'string' &&
    typeof value.username === 'string' &&
    isStringOrNull(value.avatar) &&
    isStringArray(value.roles) &&
    isRecord(value.permissions) &&
    Object.values(value.permissions).every(isStringArray) &&
    (value.auth_method === 'basic' || value.auth_method === 'social') &&
    isStringOrNull(value.social_provider) &&
    (value.profile === null || isRecord(value.profile))
  );
}

export function isStoredSession(value: unknown): value is StoredSession {
  return (
    isRecord(value) &&
    (value.user === null || isSessionUser(value.user)) &&
    isStringOrNull(value.authToken) &&
    isStringOrNull(value.refreshToken) &&
    isStringOrNull(value.clientToken)
  );
}

export function isStoredConfig(value: unknown): value is StoredConfig {
  if (!isRecord(value)) return false;
  const { location, language, settings } = value;
  const isLocation =
    location === null ||
    (isRecord(location) && typeof location.location_id === 'string' && typeof location.name === 'string');
  return (
    isLocation &&
    isStringArray(value.species) &&
    isRecord(language) &&
    typeof language.language === 'string' &&
    isRecord(settings) &&
    ['stats_visible_to_others', 'maps_show_lifer', 'maps_show_sightings', 'show_config_notice'].every(
      (key) => typeof settings[key] === 'boolean',
    )
  );
}
