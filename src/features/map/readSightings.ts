/**
 * The maps' read of the device's sightings: what the sightings' worker (sightingTiles.worker.ts)
 * clusters. No React and no database singleton, so the worker's bundle carries neither.
 */
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import { sightingsOfSpecies } from '../../db/sync/lifers';
import {
  addSightings,
  emptySightings,
  type SightingsCollection,
  type SightingsShown,
} from './sightingFeatures';

/**
 * Rows per read. It runs in a worker, so a read's task may be long; the chunk bounds the memory a
 * read holds (a few MB of rows) rather than any task's length.
 */
export const READ_CHUNK = 5000;

/**
 * The sightings of `userId` to draw (of one species when `speciesId` is given), read in chunks.
 * Without a species the table is walked in primary-key order with `limit` (IndexedDB `getAll` with
 * a count: one request per chunk, no per-row cursor events) and other members' rows are skipped
 * here: the device normally holds only the member's own, so this reads almost nothing extra, where
 * paging the `user_id` index would need an offset cursor that steps row by row.
 */
export async function readSightings(
  database: FieldmarkDB,
  userId: string,
  speciesId: string | null,
  shown: SightingsShown,
): Promise<SightingsCollection> {
  const collection = emptySightings();
  if (!shown.lifers && !shown.others) return collection;
  if (speciesId !== null) {
    const rows = await sightingsOfSpecies(database, userId, speciesId).toArray();
    addSightings(collection, rows, shown);
    return collection;
  }
  let after = '';
  for (;;) {
    const rows = await database.species_observations.where(':id').above(after).limit(READ_CHUNK).toArray();
    addSightings(
      collection,
      rows.filter((row) => row.user_id === userId),
      shown,
    );
    const last = rows.at(-1);
    if (rows.length < READ_CHUNK || !last) return collection;
    after = last.id;
  }
}
