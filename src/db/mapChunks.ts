/**
 * The maps' points packed (FieldmarkDB version 18, table `map_chunks`): a member's drawn sightings
 * spread over at most MAP_CHUNK_BUCKETS rows, each holding its points as parallel arrays — the ids,
 * the longitudes and latitudes as Float64Arrays, the lifer flags as a Uint8Array. The member's map
 * reads them with one `getAll` of at most a few hundred rows: IndexedDB clones a few large values instead of
 * 100k small objects, which made the read of `map_points` alone cost about the clustering itself
 * (bench:map, docs/benchmarks.md).
 *
 * A point's row is fixed by its sighting: the member and a hash of the sighting's id (its bucket),
 * so a write finds the row to change from the sighting alone, without reading anything else first.
 * Like `map_points` the table is derived, never written by app code: the DBCore middleware of
 * mapPoints.ts changes the rows in the same transaction as every sightings write through Dexie,
 * the direct save of a new sighting changes its row itself, and version 18's upgrade builds them
 * from `map_points`. The species maps keep reading `map_points` through its species index.
 *
 * The cost is on the writes: a save reads and rewrites its bucket's row, ≈ N / 256 points for a
 * member with N drawn sightings (≈ 400 at 100k), and a pull's batch touches up to every row of
 * its members. 256 rows keep a row of a 100k member near 22 KB once serialised: Chromium stores a
 * value over 64 KB as a separate blob file, which a save would then write each time (with 64 rows,
 * ≈ 90 KB a row, a save at 100k took ≈ 2× as long, bench:record).
 */
import type { MapPointRow } from './mapPoints';

export const MAP_CHUNKS_TABLE = 'map_chunks';

/** How many rows a member's points spread over. */
export const MAP_CHUNK_BUCKETS = 256;

/** One row of a member's packed points; index i of every array is one point. */
export interface MapChunkRow {
  user_id: string;
  bucket: number;
  ids: string[];
  lon: Float64Array;
  lat: Float64Array;
  /** 1 for a lifer, else 0. */
  lifer: Uint8Array;
}

/** The primary key of a chunk row, `[user_id+bucket]`. */
export type MapChunkKey = [userId: string, bucket: number];

/** The bucket of a sighting's point: FNV-1a of its id, over MAP_CHUNK_BUCKETS. */
export function bucketOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index += 1) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % MAP_CHUNK_BUCKETS;
}

/** The chunk key a point of `userId`'s sighting `id` lives under. */
export function chunkKeyOf(userId: string, id: string): MapChunkKey {
  return [userId, bucketOf(id)];
}

/** What a write changes in one chunk: points put (new or changed) and ids no longer drawn. */
export interface ChunkChange {
  user_id: string;
  bucket: number;
  puts: MapPointRow[];
  removes: string[];
}

/**
 * The point changes of one write, grouped by the chunk each lands in; a sighting written twice in
 * one write counts as its last write, as IndexedDB keeps the last.
 */
export class ChunkChanges {
  private readonly byKey = new Map<
    string,
    { user_id: string; bucket: number; points: Map<string, MapPointRow | null> }
  >();

  private pointsOf(userId: string, id: string): Map<string, MapPointRow | null> {
    const bucket = bucketOf(id);
    const key = `${bucket}:${userId}`;
    let chunk = this.byKey.get(key);
    if (!chunk) {
      chunk = { user_id: userId, bucket, points: new Map() };
      this.byKey.set(key, chunk);
    }
    return chunk.points;
  }

  put(point: MapPointRow): void {
    this.pointsOf(point.user_id, point.id).set(point.id, point);
  }

  remove(userId: string, id: string): void {
    this.pointsOf(userId, id).set(id, null);
  }

  get changes(): ChunkChange[] {
    return [...this.byKey.values()].map(({ user_id, bucket, points }) => {
      const change: ChunkChange = { user_id, bucket, puts: [], removes: [] };
      for (const [id, point] of points) {
        if (point) change.puts.push(point);
        else change.removes.push(id);
      }
      return change;
    });
  }
}

/** Changes in one write above which a chunk's ids are looked up through a Map, not indexOf. */
const SCAN_LIMIT = 8;

/** The chunk after `change`, or null when no point is left in it (the row is then deleted). */
export function applyChunkChange(chunk: MapChunkRow | undefined, change: ChunkChange): MapChunkRow | null {
  const ids = chunk ? chunk.ids.slice() : [];
  const lon = chunk ? Array.from(chunk.lon) : [];
  const lat = chunk ? Array.from(chunk.lat) : [];
  const lifer = chunk ? Array.from(chunk.lifer) : [];
  // A save changes one point: a scan of the chunk's ids; a pull's batch or a build, many: a Map.
  const positions =
    change.puts.length + change.removes.length > SCAN_LIMIT
      ? new Map(ids.map((id, index) => [id, index]))
      : null;
  const find = (id: string) => (positions ? (positions.get(id) ?? -1) : ids.indexOf(id));
  for (const id of change.removes) {
    const at = find(id);
    if (at < 0) continue;
    // The last point takes the removed one's place: order within a chunk means nothing.
    const moved = ids.pop();
    const [movedLon, movedLat, movedLifer] = [lon.pop() ?? 0, lat.pop() ?? 0, lifer.pop() ?? 0];
    positions?.delete(id);
    if (moved === undefined || at === ids.length) continue; // the removed point was the last
    ids[at] = moved;
    lon[at] = movedLon;
    lat[at] = movedLat;
    lifer[at] = movedLifer;
    positions?.set(moved, at);
  }
  for (const point of change.puts) {
    let at = find(point.id);
    if (at < 0) {
      at = ids.push(point.id) - 1;
      positions?.set(point.id, at);
    }
    lon[at] = point.lon;
    lat[at] = point.lat;
    lifer[at] = point.lifer ? 1 : 0;
  }
  if (ids.length === 0) return null;
  return {
    user_id: change.user_id,
    bucket: change.bucket,
    ids,
    lon: Float64Array.from(lon),
    lat: Float64Array.from(lat),
    lifer: Uint8Array.from(lifer),
  };
}

/** The chunks holding `points`, built at once (the upgrade to version 18, tests). */
export function chunksOf(points: Iterable<MapPointRow>): MapChunkRow[] {
  const changes = new ChunkChanges();
  for (const point of points) changes.put(point);
  return changes.changes.flatMap((change) => applyChunkChange(undefined, change) ?? []);
}

/** The points a chunk holds, as `map_points` rows without their species (which chunks omit). */
export function pointsOfChunk(chunk: MapChunkRow): Omit<MapPointRow, 'species_id'>[] {
  const points: Omit<MapPointRow, 'species_id'>[] = [];
  chunk.ids.forEach((id, index) => {
    const [lon, lat] = [chunk.lon[index], chunk.lat[index]];
    // The arrays are written together; a torn row loses its point rather than drawing it at 0, 0.
    if (lon === undefined || lat === undefined) return;
    points.push({ id, user_id: chunk.user_id, lon, lat, lifer: chunk.lifer[index] === 1 });
  });
  return points;
}
