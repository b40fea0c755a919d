/**
 * A trip's sightings as the trips pages and the trip filter read them: through the indexes, so a
 * trip's page and the trips list cost what the trips hold, not the member's whole history (issue
 * 25, 4b). A sighting belongs to a trip when it is dated within it or linked to it (the contract's
 * `sightingInTrip`): the dated ones are a `[user_id+date]` range (or `[user_id+species_id+date]`
 * with a species), the linked ones the multi-entry `trips` index (version 9). Saves link a sighting
 * to the trips covering its date, so the linked ones outside the dates are the few exceptions (a
 * trip moved on another device); only those rows are read besides the page.
 *
 * Local tombstones are in the indexes too; the caller passes the member's (ownSightingReads'
 * `unsyncedOf`), as for the other own-sighting reads.
 */
import type { Collection, InsertType } from 'dexie';
import { tripCovers, type Trip } from '@contract/trips';
import type { FieldmarkDB } from '../../../db/FieldmarkDB';
import type { ObservationRow } from '../../../db/rows';
import { matchesFilter, UNSPECIFIED_SPECIES, type SightingFilter } from './sightingItems';

export type TripDates = Pick<Trip, 'trip_id' | 'date_start' | 'date_end'>;

/** A sightings filter that names a trip. */
export type TripFilter = SightingFilter & { trip: TripDates };

/** Whether the index range of `datedRange` holds exactly the filter's dated sightings. */
function exact(filter: TripFilter): boolean {
  return filter.species !== UNSPECIFIED_SPECIES;
}

/**
 * The sightings dated within the trip (and the filter's dates), of its species if it has one; an
 * empty range when the dates do not meet (Dexie answers a reversed `between` with nothing).
 */
function datedRange(
  db: FieldmarkDB,
  userId: string,
  filter: TripFilter,
): Collection<ObservationRow, string, InsertType<ObservationRow, 'id'>> {
  const from = Math.max(filter.trip.date_start, filter.from ?? -Infinity);
  const to = Math.min(filter.trip.date_end, filter.to ?? Infinity);
  if (filter.species !== undefined && filter.species !== UNSPECIFIED_SPECIES) {
    return db.species_observations
      .where('[user_id+species_id+date]')
      .between([userId, filter.species, from], [userId, filter.species, to], true, true);
  }
  return db.species_observations.where('[user_id+date]').between([userId, from], [userId, to], true, true);
}

/**
 * The member's live sightings linked to the trip but dated outside it, that match the filter. Reads
 * the keys of the trip's two index ranges (no rows) and then only the rows in the second alone.
 */
async function linkedOutside(db: FieldmarkDB, userId: string, filter: TripFilter): Promise<ObservationRow[]> {
  const { trip } = filter;
  const [linked, dated] = await Promise.all([
    db.species_observations.where('trips').equals(trip.trip_id).primaryKeys(),
    db.species_observations
      .where('[user_id+date]')
      .between([userId, trip.date_start], [userId, trip.date_end], true, true)
      .primaryKeys(),
  ]);
  const inDates = new Set(dated);
  const outside = linked.filter((id) => !inDates.has(id));
  if (outside.length === 0) return [];
  const rows = await db.species_observations.bulkGet(outside);
  return rows.filter(
    (row): row is ObservationRow =>
      row !== undefined && row.user_id === userId && !row.deleted && matchesFilter(row, filter),
  );
}

/** Newest first; equal dates by id, descending, as a reversed index range gives them. */
function newestFirst(a: ObservationRow, b: ObservationRow): number {
  return b.date - a.date || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * The newest `limit` live sightings of the trip that match `filter`, and whether more match: the
 * first `limit` + 1 of the dated range (plus the tombstones among them), merged with the linked
 * ones outside the dates.
 */
export async function tripSightingsPage(
  db: FieldmarkDB,
  userId: string,
  filter: TripFilter,
  limit: number,
  tombstones: readonly ObservationRow[],
): Promise<{ rows: ObservationRow[]; more: boolean }> {
  const range = datedRange(db, userId, filter).reverse();
  const [dated, outside] = await Promise.all([
    exact(filter)
      ? range
          .limit(limit + 1 + tombstones.length)
          .toArray()
          .then((rows) => rows.filter((row) => !row.deleted))
      : range
          .filter((row) => !row.deleted && matchesFilter(row, filter))
          .limit(limit + 1)
          .toArray(),
    linkedOutside(db, userId, filter),
  ]);
  const rows = [...dated, ...outside].sort(newestFirst);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** How many live sightings of the trip match `filter`: an index count of the dated range, less its
 * tombstones, plus the linked ones outside the dates. */
export async function tripSightingsCount(
  db: FieldmarkDB,
  userId: string,
  filter: TripFilter,
  tombstones: readonly ObservationRow[],
): Promise<number> {
  const range = datedRange(db, userId, filter);
  const [dated, outside] = await Promise.all([
    exact(filter)
      ? range
          .count()
          .then(
            (count) =>
              count -
              tombstones.filter(
                (row) =>
                  row.user_id === userId && tripCovers(filter.trip, row.date) && matchesFilter(row, filter),
              ).length,
          )
      : range.filter((row) => !row.deleted && matchesFilter(row, filter)).count(),
    linkedOutside(db, userId, filter),
  ]);
  return dated + outside.length;
}

/** How many live sightings each trip holds, by trip id (the trips list). */
export async function tripSightingCounts(
  db: FieldmarkDB,
  userId: string,
  trips: readonly TripDates[],
  tombstones: readonly ObservationRow[],
): Promise<Map<string, number>> {
  const counts = await Promise.all(
    trips.map(
      async (trip) => [trip.trip_id, await tripSightingsCount(db, userId, { trip }, tombstones)] as const,
    ),
  );
  return new Map(counts);
}
