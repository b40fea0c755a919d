/**
 * Where the member is, as plain functions over their boundaries (the device position and the
 * server lookups are passed in, so tests replace exactly those):
 *
 * - `chooseInitialLocation`, the start-up chain of SPEC §4 "Initial config": device position
 *   (high accuracy, 5000 ms timeout, maximum age 0) → nearest location from the server; else the
 *   IP-based lookup (`lat=geoip`); else the default United States location. Every failure is
 *   logged and swallowed: the chain always answers a location.
 * - `locateNearest`, the config dialog's lookup (SPEC §4, §9): up to 10 position attempts of
 *   2000 ms each, then the nearest-location lookup, retried every 100 ms while it gets no answer,
 *   until the dialog goes away (its AbortSignal).
 */
// Types only: a value import of the contract would bring TypeBox (~13 KB gzip) into this chunk,
// which loads on every first start.
import type { Location } from '@contract/reference';
import type { ConfigLocation } from '../../db/kv';

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** Asks the device for its position once; rejects like the Geolocation API does. */
export type PositionSource = (options: PositionOptions) => Promise<GeoPoint>;

/** SPEC §9: the start-up position request. */
export const STARTUP_POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 5_000,
  maximumAge: 0,
};

/**
 * Browsers start the position timeout only once the member has answered the permission prompt,
 * so a prompt nobody answers would hold the start-up chain forever. After this long the chain
 * moves on to the IP lookup (the member can still pick a region in the config dialog).
 */
export const STARTUP_POSITION_DEADLINE_MS = 30_000;

/** SPEC §9: the config dialog's position request and its retries. */
export const DIALOG_POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 2_000 };
export const DIALOG_POSITION_ATTEMPTS = 10;
export const DIALOG_LOOKUP_RETRY_MS = 100;

/**
 * SPEC §3 "Default location": United States of America. Its id is the contract's
 * DEFAULT_LOCATION_ID, written out for the reason above (locate.test.ts checks they agree).
 */
export const DEFAULT_LOCATION: ConfigLocation = {
  location_id: 'USA',
  name: 'United States of America',
  parent_location: [],
};

/** The app config's shape of a location from the server's. */
export function toConfigLocation(location: Location): ConfigLocation {
  return {
    location_id: location.id,
    name: location.name,
    parent_location: (location.parent_location ?? []).map((parent) => ({
      location_id: parent.id,
      name: parent.name,
    })),
  };
}

/** The browser's Geolocation API as a PositionSource; rejects when the browser has none. */
export function browserPositionSource(geolocation: Geolocation | undefined): PositionSource {
  return (options) =>
    new Promise((resolve, reject) => {
      if (!geolocation) {
        reject(new Error('This browser has no geolocation'));
        return;
      }
      geolocation.getCurrentPosition(
        (position) => {
          resolve({ lat: position.coords.latitude, lng: position.coords.longitude });
        },
        reject,
        options,
      );
    });
}

/** Rejects when `promise` has not settled after `ms`. */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${what}: no answer after ${ms} ms`));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface InitialLocationDeps {
  position: PositionSource;
  /** The nearest location to a point (`GET locations?limit=1&lat&lng&with_species_only=true`). */
  nearest: (point: GeoPoint) => Promise<ConfigLocation | undefined>;
  /** The caller's country by IP address (`GET locations?limit=1&lat=geoip&lng=geoip`). */
  byIp: () => Promise<ConfigLocation | undefined>;
  /** Where failures go (console.warn in the app). */
  log: (message: string, error: unknown) => void;
  positionDeadlineMs?: number;
}

export type InitialLocationSource = 'position' | 'geoip' | 'default';

export interface InitialLocation {
  location: ConfigLocation;
  source: InitialLocationSource;
}

export async function chooseInitialLocation(deps: InitialLocationDeps): Promise<InitialLocation> {
  let point: GeoPoint | null = null;
  try {
    point = await withDeadline(
      deps.position(STARTUP_POSITION_OPTIONS),
      deps.positionDeadlineMs ?? STARTUP_POSITION_DEADLINE_MS,
      'Device position',
    );
  } catch (error) {
    deps.log('Initial config: no device position', error);
  }
  if (point) {
    try {
      const location = await deps.nearest(point);
      if (location) return { location, source: 'position' };
      deps.log('Initial config: no location near the device position', point);
    } catch (error) {
      deps.log('Initial config: nearest-location lookup failed', error);
    }
  }
  try {
    const location = await deps.byIp();
    if (location) return { location, source: 'geoip' };
    deps.log('Initial config: the IP lookup found no location', null);
  } catch (error) {
    deps.log('Initial config: IP lookup failed', error);
  }
  return { location: DEFAULT_LOCATION, source: 'default' };
}

export interface LocateNearestDeps {
  position: PositionSource;
  nearest: (point: GeoPoint, signal: AbortSignal) => Promise<ConfigLocation | undefined>;
  /** Whether a lookup failure may pass with a retry (no answer) or is final (the server refused). */
  isRetryable: (error: unknown) => boolean;
  signal: AbortSignal;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** A GeolocationPositionError for a refused permission: asking again cannot help. */
function isPermissionDenied(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 1;
}

/** Resolves after `ms`, or at once when the signal aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The config dialog's lookup: undefined when the position never came (denied, or 10 timeouts),
 * when the server answered no location or refused, or when the dialog went away.
 */
export async function locateNearest(deps: LocateNearestDeps): Promise<ConfigLocation | undefined> {
  const { signal } = deps;
  const sleep = deps.sleep ?? abortableSleep;
  let point: GeoPoint | null = null;
  for (let attempt = 0; attempt < DIALOG_POSITION_ATTEMPTS && !signal.aborted && !point; attempt += 1) {
    try {
      point = await deps.position(DIALOG_POSITION_OPTIONS);
    } catch (error) {
      if (isPermissionDenied(error)) return undefined;
    }
  }
  if (!point) return undefined;
  while (!signal.aborted) {
    try {
      return await deps.nearest(point, signal);
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- aborted while awaiting
      if (signal.aborted || !deps.isRetryable(error)) return undefined;
      await sleep(DIALOG_LOOKUP_RETRY_MS, signal);
    }
  }
  return undefined;
}
