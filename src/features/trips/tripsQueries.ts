/**
 * The trips pages' reads of the device, as live queries (undefined while loading): they re-run
 * when a trip or a sighting is saved here or arrives with a sync, so everything works offline.
 * Tombstones (`deleted`, a delete not yet on the server) are left out everywhere.
 */
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db';
import type { TripRow } from '../../db/rows';
import { tripSightingCounts, unsyncedOf } from '../observations/embeds';

export interface TripWithCount {
  trip: TripRow;
  sightings: number;
}

/** The member's live trips, newest first (also the sightings list's trip filter). */
export async function ownTrips(userId: string): Promise<TripRow[]> {
  const rows = await db.trips
    .where('[user_id+date_start]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse()
    .toArray();
  return rows.filter((trip) => !trip.deleted);
}

/** The member's trips, newest first, each with the number of their sightings in it. */
export function useTripsWithCounts(userId: string | null): TripWithCount[] | undefined {
  return useLiveQuery(async () => {
    if (userId === null) return [];
    const trips = await ownTrips(userId);
    // Index counts per trip (observations' tripSightingReads.ts), not a read of every sighting.
    const { tombstones } = await unsyncedOf(db, userId);
    const counts = await tripSightingCounts(db, userId, trips, tombstones);
    return trips.map((trip) => ({ trip, sightings: counts.get(trip.trip_id) ?? 0 }));
  }, [userId]);
}

/** One of the member's trips; null when there is none by that id (or it was deleted). */
export function useOwnTrip(userId: string | null, id: string | undefined): TripRow | null | undefined {
  return useLiveQuery(async () => {
    if (userId === null || id === undefined) return null;
    const trip = await db.trips.get(id);
    return trip && !trip.deleted && trip.user_id === userId ? trip : null;
  }, [userId, id]);
}
