/**
 * The device position for sightings (SPEC §4 "Quick record", §9 GPS): a fix asked with a short
 * timeout and tried again once, else the last known fix when it is under 120 s old, else none.
 * Every fix this module reads is remembered as the last known one (in memory: a position older
 * than two minutes is worthless anyway, so it need not survive a reload).
 */
export interface Fix {
  lat: number;
  lng: number;
  /** Metres. */
  accuracy: number;
  /** When the fix was taken (ms since the epoch). */
  time: number;
}

export const QUICK_RECORD_TIMEOUT_MS = 1_000;
export const QUICK_RECORD_TRIES = 2;
export const LAST_KNOWN_MAX_AGE_MS = 120_000;

let lastKnown: Fix | null = null;

export function rememberFix(fix: Fix): void {
  if (!lastKnown || fix.time >= lastKnown.time) lastKnown = fix;
}

/** The last fix read, when it is younger than `maxAgeMs` at `now`. */
export function lastKnownFix(now: number, maxAgeMs = LAST_KNOWN_MAX_AGE_MS): Fix | null {
  return lastKnown && now - lastKnown.time <= maxAgeMs ? lastKnown : null;
}

/** Forgets the last fix (tests). */
export function forgetFix(): void {
  lastKnown = null;
}

function fixOf(position: GeolocationPosition): Fix {
  return {
    lat: position.coords.latitude,
    lng: position.coords.longitude,
    accuracy: position.coords.accuracy,
    time: position.timestamp,
  };
}

/** One position request; null on any failure (denied, unavailable, timeout). */
export function requestFix(
  geolocation: Geolocation | undefined,
  options: PositionOptions,
): Promise<Fix | null> {
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      geolocation.getCurrentPosition(
        (position) => {
          const fix = fixOf(position);
          rememberFix(fix);
          resolve(fix);
        },
        () => {
          resolve(null);
        },
        options,
      );
    } catch {
      resolve(null);
    }
  });
}

/**
 * SPEC §4 quick record: the device position (timeout 1000 ms, tried twice), else the last known
 * fix under 120 s old, else null.
 */
export async function quickFix(
  geolocation: Geolocation | undefined,
  now: () => number = Date.now,
): Promise<Fix | null> {
  for (let attempt = 0; attempt < QUICK_RECORD_TRIES; attempt += 1) {
    const fix = await requestFix(geolocation, {
      enableHighAccuracy: true,
      timeout: QUICK_RECORD_TIMEOUT_MS,
      maximumAge: 0,
    });
    if (fix) return fix;
  }
  return lastKnownFix(now());
}

/** How good a fix's accuracy is, for its colour: ≤ 20 m good, ≤ 100 m fair, else poor. */
export function accuracyGrade(accuracy: number): 'good' | 'fair' | 'poor' {
  if (accuracy <= 20) return 'good';
  if (accuracy <= 100) return 'fair';
  return 'poor';
}
