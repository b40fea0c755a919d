/**
 * The trips repository (tripsRepo.ts) on the app's database, for the pages: they never touch Dexie
 * themselves, so every write keeps its revision, dirty mark and sighting links.
 */
import { db } from '../../db/db';
import type { TripRow } from '../../db/rows';
import { deleteTrip, saveTrip, type TripInput } from './tripsRepo';

/** Saves a new trip, or changes the trip `id`. */
export function saveOwnTrip(userId: string, input: TripInput, id?: string): Promise<TripRow> {
  return saveTrip(db, userId, input, id === undefined ? {} : { id });
}

export function deleteOwnTrip(userId: string, id: string): Promise<boolean> {
  return deleteTrip(db, userId, id);
}
