/**
 * Writes of trips (SPEC §3 "Trip"): one transaction each that saves the trip with its revision and
 * dirty mark and keeps the member's sightings' `trips` lists true — a sighting belongs to every
 * trip whose dates cover it, so creating, moving or deleting a trip re-links the sightings in the
 * old and new date ranges (each changed sighting is an edit, pushed like any other).
 */
import { sightingTexts } from '../observations/texts';
import { OBSERVATIONS_COLLECTION } from '@contract/observations';
import { TRIPS_COLLECTION, tripCovers, type Trip } from '@contract/trips';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { ObservationRow, TripRow } from '../../db/rows';
import { deleteRecord, deviceSuffix, saveRecord } from '../../db/sync/localWrites';

export type TripInput = Pick<Trip, 'name' | 'date_start' | 'date_end' | 'note'>;

/** Why a trip cannot be saved, or null. */
export function tripProblem(input: TripInput): string | null {
  if (input.name.trim() === '') return sightingTexts.tripNameRequired;
  if (input.date_end < input.date_start) return sightingTexts.tripEndsBeforeStart;
  return null;
}

/** Re-links the sightings dated in [from, to] to the member's live trips covering them. */
async function relinkSightings(
  db: FieldmarkDB,
  userId: string,
  from: number,
  to: number,
  suffix: string,
  now: number,
) {
  const trips = (await db.trips.where('user_id').equals(userId).toArray()).filter((trip) => !trip.deleted);
  const sightings = await db.species_observations
    .where('[user_id+date]')
    .between([userId, from], [userId, to], true, true)
    .toArray();
  for (const sighting of sightings) {
    if (sighting.deleted) continue;
    const linked = trips
      .filter((trip) => tripCovers(trip, sighting.date))
      .map((trip) => trip.id)
      .sort();
    const current = [...sighting.trips].sort();
    if (linked.length === current.length && linked.every((id, index) => id === current[index])) continue;
    await saveRecord<ObservationRow>(
      db,
      OBSERVATIONS_COLLECTION,
      db.species_observations,
      { ...sighting, trips: linked },
      suffix,
      now,
    );
  }
}

const tables = (db: FieldmarkDB) => [db.trips, db.species_observations, db.dirty] as const;

export async function saveTrip(
  db: FieldmarkDB,
  userId: string,
  input: TripInput,
  options: { id?: string; now?: number } = {},
): Promise<TripRow> {
  const problem = tripProblem(input);
  if (problem) throw new Error(problem);
  const now = options.now ?? Date.now();
  const id = options.id ?? crypto.randomUUID();
  const suffix = await deviceSuffix(db);
  return db.transaction('rw', tables(db), async () => {
    const current = await db.trips.get(id);
    if (current && current.user_id !== userId) throw new Error('There is no such trip.');
    const seconds = Math.floor(now / 1000);
    const trip = await saveRecord<TripRow>(
      db,
      TRIPS_COLLECTION,
      db.trips,
      {
        ...input,
        name: input.name.trim(),
        id,
        trip_id: id,
        user_id: userId,
        created: current?.created ?? seconds,
        updated: seconds,
      },
      suffix,
      now,
    );
    const from = Math.min(input.date_start, current && !current.deleted ? current.date_start : Infinity);
    const to = Math.max(input.date_end, current && !current.deleted ? current.date_end : -Infinity);
    await relinkSightings(db, userId, from, to, suffix, now);
    return trip;
  });
}

export async function deleteTrip(
  db: FieldmarkDB,
  userId: string,
  id: string,
  now = Date.now(),
): Promise<boolean> {
  const suffix = await deviceSuffix(db);
  return db.transaction('rw', tables(db), async () => {
    const current = await db.trips.get(id);
    if (!current || current.user_id !== userId || current.deleted) return false;
    await deleteRecord<TripRow>(db, TRIPS_COLLECTION, db.trips, id, suffix, now);
    await relinkSightings(db, userId, current.date_start, current.date_end, suffix, now);
    return true;
  });
}
