/**
 * The sightings the recording screens read from the device, as live queries: `undefined` while
 * loading, then the current rows, re-read when a save, a sync or the photo queue changes them.
 * Tombstones (`deleted: true`, waiting for the push) are never shown.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db';
import type { ObservationRow, PhotoUploadRow } from '../../db/rows';
import { sightingsOfSpecies } from '../../db/sync/lifers';

/** One sighting by id; null when it is not on the device (or deleted). */
export function useObservation(id: string | undefined): ObservationRow | null | undefined {
  const result = useLiveQuery(async () => {
    const row = id ? await db.species_observations.get(id) : undefined;
    return { id, row: row && !row.deleted ? row : null };
  }, [id]);
  return ofCurrentId(result, id);
}

/**
 * A live query keeps answering its previous result until the one for new dependencies arrives;
 * for another id that would be another row. Answers carry their id, and a stale one is "loading".
 */
function ofCurrentId<Row>(result: { id: string | undefined; row: Row } | undefined, id: string | undefined) {
  return result && result.id === id ? result.row : undefined;
}

/** The member's sightings of one species, newest first. */
export function useSpeciesSightings(userId: string | null, speciesId: string): ObservationRow[] | undefined {
  return useLiveQuery(async () => {
    if (userId === null) return [];
    const rows = await sightingsOfSpecies(db, userId, speciesId).toArray();
    return rows.filter((row) => !row.deleted).sort((a, b) => b.date - a.date || (a.id < b.id ? 1 : -1));
  }, [userId, speciesId]);
}

/** A photo still waiting for upload; null once uploaded (or never queued here). */
export function useQueuedPhoto(mediaId: string): PhotoUploadRow | null | undefined {
  return useLiveQuery(async () => (await db.photo_uploads.get(mediaId)) ?? null, [mediaId]);
}
