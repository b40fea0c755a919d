/**
 * The maps' reads of the device's sightings, as live queries: they re-run when a sighting is saved,
 * deleted or pulled, so the map follows the data without any refresh. `undefined` means loading.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import { db } from '../../db/db';
import { sightingsOfSpecies } from '../../db/sync/lifers';
import {
  addSightings,
  emptySightings,
  type SightingsCollection,
  type SightingsShown,
} from './sightingFeatures';

/**
 * Rows per read. IndexedDB hands a read's rows to the page in one task (the structured clone of
 * every row), so 100k sightings read at once would be one long task of several hundred
 * milliseconds. At 2000 per read bench:map saw read tasks of 50–280 ms on a busy 2-core machine,
 * at 500 few passed 50 ms; the extra round trips cost little next to the reading itself.
 */
export const READ_CHUNK = 500;

/**
 * The sightings of `userId` to draw (of one species when `speciesId` is given), read in chunks.
 * Without a species the table is walked in primary-key order with `limit` (IndexedDB `getAll` with
 * a count: one task per chunk, no per-row cursor events) and other members' rows are skipped here:
 * the device normally holds only the member's own, so this reads almost nothing extra, where paging
 * the `user_id` index would need an offset cursor that steps row by row.
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

/** The member's sightings for a map; empty for a guest (null user). */
export function useMapSightings(
  userId: string | null,
  speciesId: string | null,
  shown: SightingsShown,
): SightingsCollection | undefined {
  const { lifers, others } = shown;
  return useLiveQuery(
    () => (userId === null ? emptySightings() : readSightings(db, userId, speciesId, { lifers, others })),
    [userId, speciesId, lifers, others],
  );
}

/** What the panel of a selected sighting shows. */
export interface SightingDetails {
  id: string;
  speciesId: string | null;
  /** The species' name on this device, else the sighting's scientific name; null when unspecified. */
  speciesName: string | null;
  /** Seconds. */
  date: number;
  lifer: boolean;
}

/** One sighting of the member for the map's panel; null when it is gone, undefined while loading. */
export function useSightingDetails(id: string | null): SightingDetails | null | undefined {
  return useLiveQuery(async () => {
    if (id === null) return null;
    const row = await db.species_observations.get(id);
    if (!row || row.deleted === true) return null;
    const species = row.species_id === null ? undefined : await db.species.get(row.species_id);
    return {
      id: row.id,
      speciesId: row.species_id,
      speciesName: species?.name ?? row.taxa?.name ?? null,
      date: row.date,
      lifer: row.lifer,
    };
  }, [id]);
}

/** A species' name on this device; null when it is not here, undefined while loading. */
export function useSpeciesName(speciesId: string | null): string | null | undefined {
  return useLiveQuery(
    async () => (speciesId === null ? null : ((await db.species.get(speciesId))?.name ?? null)),
    [speciesId],
  );
}
