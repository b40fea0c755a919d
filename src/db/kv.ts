/**
 * The key-value store for the session and the app configuration: IndexedDB database
 * `_ionicstorage`, object store `_ionickv` (SPEC §9 "Local storage defaults"), so a device that ran
 * the original app keeps its layout. Values are plain structured-cloneable data.
 *
 * Only the app's persistence listeners write here; the boot sequence reads it once before render.
 * It must not hold anything the local database `app.db` owns.
 */
import { createStore, del, get, set } from 'idb-keyval';
import type { Profile } from '@contract/auth';
import type { Permissions } from '@contract/permissions';
import { isStoredConfig, isStoredSession } from './kvGuards';

export const KV_DATABASE = '_ionicstorage';
export const KV_STORE = '_ionickv';

const store = createStore(KV_DATABASE, KV_STORE);

/** The signed-in member as the app keeps it (SPEC §3 "Session user"). */
export interface SessionUser {
  /** Server id of the member. */
  user_id: string;
  /** Display nickname, shown in the menu. */
  nickname: string;
  /** The member's email address (the login name), trimmed and lowercased. */
  username: string;
  /** Avatar URL, or null for the default placeholder. */
  avatar: string | null;
  /** Role names granted to the member (`member`, `admin`, …). */
  roles: string[];
  /** Permission areas mapped to their flags, as `canAccess` reads them. */
  permissions: Permissions;
  /** How the member signed in; social sessions re-authenticate through their provider. */
  auth_method: 'basic' | 'social';
  /** The social provider when `auth_method` is `social`. */
  social_provider: string | null;
  /** The full profile when the server sent it (login with include_profile). */
  profile: Profile | null;
}

/** What survives a restart of the app about who is signed in. */
export interface StoredSession {
  /** The signed-in member, or null when signed out. */
  user: SessionUser | null;
  /** Bearer token of the member; replaced whenever the server sends `X-Auth-Token`. */
  authToken: string | null;
  /**
   * Long-lived credential that re-establishes the session after 'Invalid Token'
   * (`POST login {method: 'refresh'}`). Stored instead of the password, which never is.
   */
  refreshToken: string | null;
  /** Bearer token of the app itself for calls made while signed out. */
  clientToken: string | null;
}

/** A place the member chose (SPEC §3 "App config"). */
export interface ConfigLocation {
  location_id: string;
  name: string;
  parent_location?: { location_id: string; name: string }[];
}

/** The member's choices of region, animal groups, language and display settings (SPEC §3). */
export interface StoredConfig {
  /** The chosen region, or null before the initial location set-up ran. */
  location: ConfigLocation | null;
  /** Animal groups as `group` or `group|category` strings. */
  species: string[];
  /** Additional language for species names. */
  language: { language: string };
  settings: {
    stats_visible_to_others: boolean;
    maps_show_lifer: boolean;
    maps_show_sightings: boolean;
    show_config_notice: boolean;
  };
}

/** Every key the store holds and the type stored under it. */
export interface KvValues {
  session: StoredSession;
  config: StoredConfig;
}
export type KvKey = keyof KvValues;

const guards: { [K in KvKey]: (value: unknown) => value is KvValues[K] } = {
  session: isStoredSession,
  config: isStoredConfig,
};

/**
 * Reads a value. What is on disk was written by some earlier version of the app (or damaged), so a
 * value that does not have today's shape reads as absent rather than crashing the boot.
 */
export async function kvGet<K extends KvKey>(key: K): Promise<KvValues[K] | undefined> {
  const value = await get<unknown>(key, store);
  return guards[key](value) ? value : undefined;
}

export async function kvSet<K extends KvKey>(key: K, value: KvValues[K]): Promise<void> {
  await set(key, value, store);
}

export async function kvDel(key: KvKey): Promise<void> {
  await del(key, store);
}
