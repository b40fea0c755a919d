/**
 * The maps' read of the device's sightings: what the sightings' worker (sightingTiles.worker.ts)
 * clusters. It reads the compact points table (FieldmarkDB v8, db/mapPoints.ts), a few numbers per
 * sighting, never the sightings themselves: with 100k sightings reading whole rows cost ≈ 4× the
 * clustering (bench:map). No React and no database singleton, so the worker's bundle carries neither.
 */
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import {
  addMapPoints,
  emptySightings,
  type SightingsCollection,
  type SightingsShown,
} from './sightingFeatures';

/**
 * The points of `userId`'s sightings to draw (of one species when `speciesId` is given): one
 * index read (IndexedDB `getAll`, no per-row cursor events). A points row is ~100 bytes, so even
 * 100k of them are a few MB held for the moment it takes to cluster them.
 */
export async function readSightings(
  database: FieldmarkDB,
  userId: string,
  speciesId: string | null,
  shown: SightingsShown,
): Promise<SightingsCollection> {
  const collection = emptySightings();
  if (!shown.lifers && !shown.others) return collection;
  const rows =
    speciesId === null
      ? await database.map_points.where('user_id').equals(userId).toArray()
      : await database.map_points
          .where('[user_id+species_id]')
          .between([userId, speciesId], [userId, speciesId], true, true)
          .toArray();
  addMapPoints(collection, rows, shown);
  return collection;
}
