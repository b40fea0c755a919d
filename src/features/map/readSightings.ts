/**
 * The maps' read of the device's sightings: what the sightings' worker (sightingTiles.worker.ts)
 * clusters. It never reads the sightings themselves (with 100k sightings reading whole rows cost
 * ≈ 4× the clustering, bench:map): a member's map reads the packed points (FieldmarkDB v18,
 * db/mapChunks.ts), at most 256 rows of typed arrays; a species map reads that species' rows of the
 * compact points table (v8, db/mapPoints.ts) through its index. No React and no database
 * singleton, so the worker's bundle carries neither.
 */
import { Dexie } from 'dexie';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import {
  addMapChunks,
  addMapPoints,
  emptySightings,
  type SightingsCollection,
  type SightingsShown,
} from './sightingFeatures';

/**
 * The points of `userId`'s sightings to draw (of one species when `speciesId` is given): one
 * IndexedDB `getAll`, of the member's chunks (at most 256 rows, however many sightings) or of the
 * species' points rows (a points row is ~100 bytes).
 */
export async function readSightings(
  database: FieldmarkDB,
  userId: string,
  speciesId: string | null,
  shown: SightingsShown,
): Promise<SightingsCollection> {
  const collection = emptySightings();
  if (!shown.lifers && !shown.others) return collection;
  if (speciesId === null) {
    const chunks = await database.map_chunks
      .where('[user_id+bucket]')
      .between([userId, Dexie.minKey], [userId, Dexie.maxKey], true, true)
      .toArray();
    addMapChunks(collection, chunks, shown);
    return collection;
  }
  const rows = await database.map_points
    .where('[user_id+species_id]')
    .between([userId, speciesId], [userId, speciesId], true, true)
    .toArray();
  addMapPoints(collection, rows, shown);
  return collection;
}
