/**
 * Sightings as map data, pure: which stored rows become points, and the collection of them with its
 * totals and bounds. The sightings' worker (sightingTiles.worker.ts) builds it from the rows it
 * reads and clusters it into vector tiles (sightingTiles.ts).
 */
import type { MapChunkRow } from '../../db/mapChunks';
import type { MapPointRow } from '../../db/mapPoints';
import { drawnPosition } from '../../lib/drawnPosition';
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

/**
 * The point of a stored sighting, or null when it has no place on a map: a local tombstone (a
 * delete not yet synced), no coordinate, or a hidden one. A hidden coordinate is never drawn, not
 * even on the member's own map: maps are what members show each other, and the member chose that
 * nobody sees where it was.
 */
export function sightingPoint(row: SightingPlaceFields): SightingPoint | null {
  const position = drawnPosition(row);
  return position ? { id: row.id, position, lifer: row.lifer } : null;
}

/** West, south, east, north. */
export type Bounds = [number, number, number, number];

/** The sightings of one map, built chunk by chunk as rows are read. */
export interface SightingsCollection {
  points: SightingPoint[];
  /** How many of the points are lifers. */
  lifers: number;
  /** The box around every point; null when there is none. */
  bounds: Bounds | null;
}

export function emptySightings(): SightingsCollection {
  return { points: [], lifers: 0, bounds: null };
}

/** Adds the shown points of `rows` (stored sightings) to `collection`. */
export function addSightings(
  collection: SightingsCollection,
  rows: readonly SightingPlaceFields[],
  shown: SightingsShown,
): void {
  addPoints(
    collection,
    rows.flatMap((row) => {
      const point = sightingPoint(row);
      return point ? [point] : [];
    }),
    shown,
  );
}

/** Adds the shown ones of `rows` (the maps' points table, FieldmarkDB v8) to `collection`. */
export function addMapPoints(
  collection: SightingsCollection,
  rows: readonly MapPointRow[],
  shown: SightingsShown,
): void {
  addPoints(
    collection,
    rows.map((row) => ({ id: row.id, position: [row.lon, row.lat], lifer: row.lifer })),
    shown,
  );
}

/** Adds the shown points of `chunks` (the maps' packed points, FieldmarkDB v18) to `collection`. */
export function addMapChunks(
  collection: SightingsCollection,
  chunks: readonly MapChunkRow[],
  shown: SightingsShown,
): void {
  const { points } = collection;
  let [west, south, east, north] = collection.bounds ?? [Infinity, Infinity, -Infinity, -Infinity];
  for (const chunk of chunks) {
    const { ids, lon, lat, lifer: lifers } = chunk;
    for (let index = 0; index < ids.length; index += 1) {
      const lifer = lifers[index] === 1;
      if (!(lifer ? shown.lifers : shown.others)) continue;
      const id = ids[index];
      const x = lon[index];
      const y = lat[index];
      if (id === undefined || x === undefined || y === undefined) continue;
      points.push({ id, position: [x, y], lifer });
      if (lifer) collection.lifers += 1;
      if (x < west) west = x;
      if (x > east) east = x;
      if (y < south) south = y;
      if (y > north) north = y;
    }
  }
  if (points.length > 0) collection.bounds = [west, south, east, north];
}

function addPoints(collection: SightingsCollection, points: readonly SightingPoint[], shown: SightingsShown) {
  let bounds = collection.bounds;
  for (const point of points) {
    if (!(point.lifer ? shown.lifers : shown.others)) continue;
    collection.points.push(point);
    if (point.lifer) collection.lifers += 1;
    const [x, y] = point.position;
    bounds = bounds
      ? [Math.min(bounds[0], x), Math.min(bounds[1], y), Math.max(bounds[2], x), Math.max(bounds[3], y)]
      : [x, y, x, y];
  }
  collection.bounds = bounds;
}
