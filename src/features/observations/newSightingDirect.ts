/**
 * recordObservation's fast path for a new sighting without photos — a quick record, or the form's
 * first save — in one IndexedDB transaction without Dexie (src/db/direct.ts; bench:record, P5).
 * Its requests and its outcome are those of the Dexie transaction it stands in for: one round of
 * the trips not ended before the sighting's date, the species' first sightings (the lifer rule), the
 * maps' chunk its point goes into (when a map draws it), the row and its dirty mark; then its map
 * point and that chunk, and the row once more when the reads give it a trip or the lifer flag.
 *
 * It takes the common cases only. When the flags on the device were not right before this save (a
 * pull half-applied), when the new sighting takes the lifer flag from an earlier-entered one, or
 * when the species' first index entries are all tombstones, it aborts — nothing written — and
 * answers undefined, and recordObservation's general path does the whole save.
 */
import { Dexie } from 'dexie';
import { OBSERVATIONS_COLLECTION } from '@contract/observations';
import { seenBefore } from '@contract/stats';
import { tripCovers } from '@contract/trips';
import { announcePuts, committed, directTransaction, settled, settledRows } from '../../db/direct';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import { applyChunkChange, chunkKeyOf, MAP_CHUNKS_TABLE, type MapChunkRow } from '../../db/mapChunks';
import { MAP_POINTS_TABLE, mapPointOf } from '../../db/mapPoints';
import type { DirtyRow, ObservationRow, TripRow } from '../../db/rows';
import { earliestAmong, FIRST_SIGHTINGS_READ } from '../../db/sync/lifers';

/** The Dexie indexes the save reads (FieldmarkDB v5 and v6), by their IndexedDB names. */
const SIGHTINGS_BY_SPECIES = '[user_id+species_id+date]';
const TRIPS_BY_END = '[user_id+date_end]';

/** The stores the direct save's transaction spans. */
export const NEW_SIGHTING_STORES = [
  'species_observations',
  'dirty',
  'trips',
  MAP_POINTS_TABLE,
  MAP_CHUNKS_TABLE,
] as const;

/** Ids of the trips among `trips` (the member's, not ended before `date`) whose dates cover it. */
export function coveringTripIds(trips: readonly TripRow[], date: number): string[] {
  return trips.filter((trip) => !trip.deleted && tripCovers(trip, date)).map((trip) => trip.id);
}

/**
 * Saves `row` (a new sighting with its first revision, no trips and no lifer flag yet) and its
 * dirty mark; answers the row as stored, or undefined when the general path must save it.
 */
export async function saveNewSightingDirectly(
  db: FieldmarkDB,
  row: ObservationRow,
  now: number,
): Promise<ObservationRow | undefined> {
  const transaction = directTransaction(db, NEW_SIGHTING_STORES);
  if (!transaction) return undefined;
  const done = committed(transaction);
  // Awaited below, or settled by the abort this function makes itself.
  done.catch(() => undefined);
  const userId = row.user_id;
  const speciesId = row.species_id;
  const sightings = transaction.objectStore('species_observations');
  const mark: DirtyRow = {
    collection: OBSERVATIONS_COLLECTION,
    id: row.id,
    user_id: userId,
    rev: row.rev,
    since: now,
  };
  // Whether a map draws it does not hang on the lifer flag: its point's chunk is read in this round.
  const chunkKey = mapPointOf(row) ? chunkKeyOf(userId, row.id) : null;
  const chunks = transaction.objectStore(MAP_CHUNKS_TABLE);
  const [trips, first, chunk] = await Promise.all([
    settledRows<TripRow>(
      transaction
        .objectStore('trips')
        .index(TRIPS_BY_END)
        .getAll(IDBKeyRange.bound([userId, row.date], [userId, Dexie.maxKey])),
    ),
    speciesId === null
      ? []
      : settledRows<ObservationRow>(
          sightings
            .index(SIGHTINGS_BY_SPECIES)
            .getAll(
              IDBKeyRange.bound([userId, speciesId, Dexie.minKey], [userId, speciesId, Dexie.maxKey]),
              FIRST_SIGHTINGS_READ,
            ),
        ),
    chunkKey ? (settled(chunks.get(chunkKey)) as Promise<MapChunkRow | undefined>) : undefined,
    settled(sightings.put(row)),
    settled(transaction.objectStore('dirty').put(mark)),
  ]);
  const found = speciesId === null ? { earliest: undefined } : earliestAmong(first, row.id);
  const earliest = found?.earliest;
  const lifer =
    speciesId !== null &&
    (earliest === undefined || seenBefore({ date: row.date, observation_id: row.id }, earliest));
  if (found === null || (earliest !== undefined && (!earliest.lifer || lifer))) {
    transaction.abort();
    await done.catch(() => undefined);
    return undefined;
  }
  const tripIds = coveringTripIds(trips, row.date);
  const saved = lifer || tripIds.length > 0 ? { ...row, lifer, trips: tripIds } : row;
  // The maps' copies (db/mapPoints.ts, db/mapChunks.ts), which Dexie's middleware keeps on every
  // other write path.
  const point = mapPointOf(saved);
  const packed =
    point && chunkKey
      ? applyChunkChange(chunk, { user_id: userId, bucket: chunkKey[1], puts: [point], removes: [] })
      : null;
  await Promise.all([
    saved !== row ? settled(sightings.put(saved)) : undefined,
    point ? settled(transaction.objectStore(MAP_POINTS_TABLE).put(point)) : undefined,
    packed ? settled(chunks.put(packed)) : undefined,
  ]);
  await done;
  announcePuts(db, [
    { table: 'species_observations', rows: [saved] },
    { table: 'dirty', rows: [mark] },
    ...(point ? [{ table: MAP_POINTS_TABLE, rows: [point] }] : []),
    ...(packed ? [{ table: MAP_CHUNKS_TABLE, rows: [packed] }] : []),
  ]);
  return saved;
}
