/**
 * Where a map draws a stored sighting, pure: shared by the maps' compact copy of the sightings
 * (src/db/mapPoints.ts) and the map feature's points (features/map/sightingFeatures.ts), so both
 * leave out exactly the same sightings.
 */
import type { Observation } from '@contract/observations';

/** The fields of a stored sighting that decide whether and where a map draws it. */
export interface DrawnFields extends Pick<Observation, 'coordinate' | 'coordinate_hidden'> {
  /** A local delete not yet synced (a tombstone row). */
  deleted?: true;
}

const isLongitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;
const isLatitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;

/** Where a map draws a stored sighting, [longitude, latitude]; null when it does not draw it. */
export function drawnPosition(row: DrawnFields): [number, number] | null {
  if (row.deleted === true || row.coordinate_hidden || !row.coordinate) return null;
  // GeoJSON order, as the contract stores it: [longitude, latitude].
  const [lon, lat] = row.coordinate.coordinates;
  return isLongitude(lon) && isLatitude(lat) ? [lon, lat] : null;
}
