/**
 * Sightings as map data, pure: which stored rows become points, the GeoJSON the map's worker
 * clusters, and which sighting a click on a point meant.
 *
 * The worker gets two MultiPoint features, the lifers and the other sightings, each position
 * clustered as a point of its own (MapLibre 6 clusters MultiPoint positions one by one). Every
 * message to MapLibre's worker is first copied by a JavaScript walk over every array and object on
 * the main thread (its actor's serializer): 100k Point features with their properties took
 * 270–690 ms in one task, the same positions as two MultiPoints 55–85 ms (bench:map, headless
 * Chromium). A Blob URL does not help: MapLibre fetches and parses non-http URLs on the main
 * thread. So the points carry no ids at all; the page keeps them, in the same order, and finds the
 * clicked one by position (`sightingAt`).
 */
import type { ObservationRow } from '../../db/rows';

/** Which sightings the maps draw: the member's settings `maps_show_lifer` and `maps_show_sightings`. */
export interface SightingsShown {
  /** Lifers (the first sighting of a species). */
  lifers: boolean;
  /** Every other sighting. */
  others: boolean;
}

export function sightingsShownOf(settings: {
  maps_show_lifer: boolean;
  maps_show_sightings: boolean;
}): SightingsShown {
  return { lifers: settings.maps_show_lifer, others: settings.maps_show_sightings };
}

/** [longitude, latitude], GeoJSON order. */
export type Position = [number, number];

/** One sighting with a place on the map. */
export interface SightingPoint {
  id: string;
  position: Position;
  lifer: boolean;
}

/** The fields of a stored sighting a point is made of. */
export type SightingPlaceFields = Pick<
  ObservationRow,
  'id' | 'coordinate' | 'coordinate_hidden' | 'lifer' | 'deleted'
>;

const isLongitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;
const isLatitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;

/**
 * The point of a stored sighting, or null when it has no place on a map: a local tombstone (a
 * delete not yet synced), no coordinate, or a hidden one. A hidden coordinate is never drawn, not
 * even on the member's own map: maps are what members show each other, and the member chose that
 * nobody sees where it was.
 */
export function sightingPoint(row: SightingPlaceFields): SightingPoint | null {
  if (row.deleted === true || row.coordinate_hidden || row.coordinate === null) return null;
  // GeoJSON order, as the contract stores it: [longitude, latitude].
  const [longitude, latitude] = row.coordinate.coordinates;
  if (!isLongitude(longitude) || !isLatitude(latitude)) return null;
  return { id: row.id, position: [longitude, latitude], lifer: row.lifer };
}

/** One kind of point (lifers, or the others): positions and the ids of their sightings, in step. */
export interface PointSet {
  positions: Position[];
  ids: string[];
}

/** West, south, east, north. */
export type Bounds = [number, number, number, number];

/** The sightings of one map, built chunk by chunk as rows are read. */
export interface SightingsCollection {
  lifers: PointSet;
  others: PointSet;
  /** The box around every point; null when there is none. */
  bounds: Bounds | null;
}

export function emptySightings(): SightingsCollection {
  return { lifers: { positions: [], ids: [] }, others: { positions: [], ids: [] }, bounds: null };
}

export const sightingsCount = (collection: SightingsCollection): number =>
  collection.lifers.ids.length + collection.others.ids.length;

/** Adds the shown points of `rows` to `collection`. */
export function addSightings(
  collection: SightingsCollection,
  rows: readonly SightingPlaceFields[],
  shown: SightingsShown,
): void {
  let bounds = collection.bounds;
  for (const row of rows) {
    const point = sightingPoint(row);
    if (!point || !(point.lifer ? shown.lifers : shown.others)) continue;
    const set = point.lifer ? collection.lifers : collection.others;
    set.positions.push(point.position);
    set.ids.push(point.id);
    const [x, y] = point.position;
    bounds = bounds
      ? [Math.min(bounds[0], x), Math.min(bounds[1], y), Math.max(bounds[2], x), Math.max(bounds[3], y)]
      : [x, y, x, y];
  }
  collection.bounds = bounds;
}

export interface SightingsGeoJson {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    geometry: { type: 'MultiPoint'; coordinates: Position[] };
    properties: { lifer: boolean };
  }[];
}

/** What the map's source loads: one MultiPoint of lifers and one of the others (none when empty). */
export function sightingsGeoJson(collection: SightingsCollection): SightingsGeoJson {
  const kinds = [
    { set: collection.lifers, lifer: true },
    { set: collection.others, lifer: false },
  ];
  return {
    type: 'FeatureCollection',
    features: kinds
      .filter(({ set }) => set.positions.length > 0)
      .map(({ set, lifer }) => ({
        type: 'Feature',
        geometry: { type: 'MultiPoint', coordinates: set.positions },
        properties: { lifer },
      })),
  };
}

/** Web Mercator world pixels (512 per world at zoom 0, MapLibre's tile size) of a position. */
function worldPixels([longitude, latitude]: Position, zoom: number): [number, number] {
  const size = 512 * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.05, Math.min(85.05, latitude)) * Math.PI) / 180);
  return [((longitude + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

/**
 * The id of the sighting of that kind nearest to where a point was clicked, when it is within
 * `radius` pixels at `zoom`; null otherwise. A linear scan: about a millisecond for 100k points,
 * once per click. Sightings at the very same place are one dot; the first read wins.
 */
export function sightingAt(
  collection: SightingsCollection,
  lifer: boolean,
  at: Position,
  zoom: number,
  radius: number,
): string | null {
  const set = lifer ? collection.lifers : collection.others;
  const [x, y] = worldPixels(at, zoom);
  let best: string | null = null;
  let bestDistance = radius * radius;
  set.positions.forEach((position, index) => {
    const [px, py] = worldPixels(position, zoom);
    const distance = (px - x) ** 2 + (py - y) ** 2;
    if (distance <= bestDistance && (best === null || distance < bestDistance)) {
      best = set.ids[index] ?? null;
      bestDistance = distance;
    }
  });
  return best;
}
