/**
 * The member's own sightings as the lists read them: a page at a time through the indexes, so a
 * list opens as fast with 100,000 sightings as with 100 (issue 25, 4b). A filter by species (with
 * or without dates) reads the `[user_id+species_id+date]` range, one by dates only the
 * `[user_id+date]` range, one by trip the trip's ranges (tripSightingReads.ts); "unspecified"
 * (no index holds a null species) reads the member's sightings newest first until a page matches.
 * Counts are index counts where the filter is a range.
 *
 * Local tombstones (deleted here, waiting for the push) are in the indexes too. Every one of them
 * has a dirty mark (the push removes the row with its mark, a pulled deletion removes the row), so
 * the marks of the member, a few rows, say which to leave out.
 */
import { Dexie, type Collection, type InsertType } from 'dexie';
import { OBSERVATIONS_COLLECTION } from '@contract/observations';
import type { FieldmarkDB } from '../../../db/FieldmarkDB';
import type { DirtyRow, ObservationRow } from '../../../db/rows';
import { earliestSighting } from '../../../db/sync/lifers';
import { tripSightingsCount, tripSightingsPage } from './tripSightingReads';
import { matchesFilter, UNSPECIFIED_SPECIES, type SightingFilter } from './sightingItems';

/** How many sightings a list shows first, and how many more each time it is scrolled to its end. */
export const OWN_PAGE_SIZE = 100;

/** The member's dirty marks (unsynced saves) and, among their rows, the local tombstones. */
export async function unsyncedOf(
  db: FieldmarkDB,
  userId: string,
): Promise<{ marks: DirtyRow[]; tombstones: ObservationRow[] }> {
  const marks = await db.dirty
    .where('[collection+user_id]')
    .equals([OBSERVATIONS_COLLECTION, userId])
    .toArray();
  const rows = await db.species_observations.bulkGet(marks.map((mark) => mark.id));
  return { marks, tombstones: rows.filter((row): row is ObservationRow => row?.deleted === true) };
}

/** Whether the filter needs rows read one by one (no index range answers it exactly). */
function walks(filter: SightingFilter): boolean {
  return filter.species === UNSPECIFIED_SPECIES;
}

/** The index range that holds every sighting the filter can match, oldest first. */
function rangeOf(
  db: FieldmarkDB,
  userId: string,
  filter: SightingFilter,
): Collection<ObservationRow, string, InsertType<ObservationRow, 'id'>> {
  const from = filter.from ?? Dexie.minKey;
  const to = filter.to ?? Dexie.maxKey;
  if (filter.species !== undefined && filter.species !== UNSPECIFIED_SPECIES) {
    return db.species_observations
      .where('[user_id+species_id+date]')
      .between([userId, filter.species, from], [userId, filter.species, to], true, true);
  }
  return db.species_observations.where('[user_id+date]').between([userId, from], [userId, to], true, true);
}

/**
 * The newest `limit` live sightings matching `filter`, and whether more match. Reads `limit` + 1
 * rows (plus the tombstones among them) for a range filter, or walks newest first until it has
 * them for unspecified ones; a trip's through its ranges (tripSightingsPage).
 */
export async function ownSightingsPage(
  db: FieldmarkDB,
  userId: string,
  filter: SightingFilter,
  limit: number,
  tombstones: readonly ObservationRow[],
): Promise<{ rows: ObservationRow[]; more: boolean }> {
  if (filter.trip) return tripSightingsPage(db, userId, { ...filter, trip: filter.trip }, limit, tombstones);
  const newestFirst = rangeOf(db, userId, filter).reverse();
  const read = walks(filter)
    ? await newestFirst
        .filter((row) => !row.deleted && matchesFilter(row, filter))
        .limit(limit + 1)
        .toArray()
    : (await newestFirst.limit(limit + 1 + tombstones.length).toArray()).filter((row) => !row.deleted);
  return { rows: read.slice(0, limit), more: read.length > limit };
}

/** How many live sightings match `filter` (all the member's with an empty one). */
export async function ownSightingsCount(
  db: FieldmarkDB,
  userId: string,
  filter: SightingFilter,
  tombstones: readonly ObservationRow[],
): Promise<number> {
  if (filter.trip) return tripSightingsCount(db, userId, { ...filter, trip: filter.trip }, tombstones);
  const range = rangeOf(db, userId, filter);
  if (walks(filter)) return range.filter((row) => !row.deleted && matchesFilter(row, filter)).count();
  const deleted = tombstones.filter((row) => row.user_id === userId && matchesFilter(row, filter)).length;
  return (await range.count()) - deleted;
}

/** Sightings of one species stepped through before the cursor jumps to the next species. */
const STEPS_BEFORE_JUMP = 16;

/**
 * The species the member has sightings of, by one IndexedDB key cursor over the
 * `[user_id+species_id+date]` index, with no row read. It steps entry by entry and jumps past a
 * species (`continue` to `[user, species, []]`, an array sorting after every date) only after a long
 * run of it, so the cost stays near one step per species. Outside Dexie's API: the caller's Dexie
 * reads of the same range keep a live query watching it.
 */
function speciesIdsOf(db: FieldmarkDB, userId: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const store = db
      .backendDB()
      .transaction('species_observations', 'readonly')
      .objectStore('species_observations');
    const request = store
      .index('[user_id+species_id+date]')
      .openKeyCursor(IDBKeyRange.bound([userId], [userId, []]));
    const ids: string[] = [];
    let sameInARow = 0;
    request.onerror = () => {
      reject(request.error ?? new Error('IndexedDB request failed'));
    };
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) {
        resolve(ids);
        return;
      }
      const speciesId = (cursor.key as [string, string, number])[1];
      if (speciesId !== ids[ids.length - 1]) {
        ids.push(speciesId);
        sameInARow = 0;
      } else sameInARow += 1;
      // A plain continue() is prefetched by the browser in batches; a continue(key) is one round
      // trip each (13 s for 6,836 species at load 17, bench:scale). So step plainly, and jump past
      // a species only once it shows a long run of sightings.
      if (sameInARow < STEPS_BEFORE_JUMP) cursor.continue();
      else cursor.continue([userId, speciesId, []]);
    };
  });
}

/**
 * The species the member recorded (for the species filter's choices), read through the index one
 * species at a time (speciesIdsOf), not one sighting at a time; a species whose only sightings are
 * local tombstones is left out. `unspecified`: whether they have a live sighting without a species
 * (the index leaves those out, so they are the difference of two index counts).
 */
export async function ownSpeciesIds(
  db: FieldmarkDB,
  userId: string,
  tombstones: readonly ObservationRow[],
): Promise<{ speciesIds: string[]; unspecified: boolean }> {
  const [all, withSpecies] = await Promise.all([
    db.species_observations.where('user_id').equals(userId).count(),
    db.species_observations
      .where('[user_id+species_id+date]')
      .between([userId, Dexie.minKey], [userId, Dexie.maxKey], true, true)
      .count(),
  ]);
  const ids = await speciesIdsOf(db, userId);
  const deleted = new Set(tombstones.map((row) => row.species_id));
  const speciesIds: string[] = [];
  for (const id of ids) {
    if (!deleted.has(id) || (await earliestSighting(db, userId, id))) speciesIds.push(id);
  }
  const deletedUnspecified = tombstones.filter((row) => row.species_id === null).length;
  return { speciesIds, unspecified: all - withSpecies - deletedUnspecified > 0 };
}
