/**
 * The two location lookups of SPEC §4/§7 ("Startup location lookup": limit 1, latitude and
 * longitude or the literal word geoip, a flag true; the answer has a locations list) through the
 * one HTTP client. Plain calls rather than RTK Query: they run at start-up, before anything else
 * needs the query cache, and their answer goes into the config, not into a cache.
 */
import type { LocationsResponse } from '@contract/reference';
import { ApiError } from '../../api/ApiError';
import type { ApiClient } from '../../api/client';
import type { AppThunk } from '../../app/thunk';
import type { ConfigLocation } from '../../db/kv';
import {
  browserPositionSource,
  locateNearest,
  toConfigLocation,
  type GeoPoint,
  type PositionSource,
} from './locate';

export async function nearestLocation(
  apiClient: ApiClient,
  point: GeoPoint,
  signal?: AbortSignal,
): Promise<ConfigLocation | undefined> {
  const answer = await apiClient.request<LocationsResponse>(
    'GET',
    'locations',
    { limit: 1, lat: point.lat, lng: point.lng, with_species_only: true },
    { signal },
  );
  const first = answer.locations[0];
  return first && toConfigLocation(first);
}

export async function locationByIp(apiClient: ApiClient): Promise<ConfigLocation | undefined> {
  const answer = await apiClient.request<LocationsResponse>('GET', 'locations', {
    limit: 1,
    lat: 'geoip',
    lng: 'geoip',
  });
  const first = answer.locations[0];
  return first && toConfigLocation(first);
}

/**
 * The config dialog's own lookup (SPEC §4 "Location lookup in the config dialog"): position with
 * retries, then the nearest location, retried while no answer comes, until `signal` aborts.
 */
export function lookUpDialogLocation(
  signal: AbortSignal,
  position: PositionSource = browserPositionSource(
    (globalThis as { navigator?: Navigator }).navigator?.geolocation,
  ),
): AppThunk<Promise<ConfigLocation | undefined>> {
  return (_dispatch, _getState, { apiClient }) =>
    locateNearest({
      position,
      nearest: (point, lookupSignal) => nearestLocation(apiClient, point, lookupSignal),
      // No answer (offline, unreachable) may pass; an answer that refuses will refuse again.
      isRetryable: (error) => error instanceof ApiError && error.isOffline,
      signal,
    });
}
