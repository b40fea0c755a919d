/**
 * The recording screens' writes, bound to the app's database: the page and the quick-record
 * button call these, never Dexie (style-anchors §4.2). Each is one repository call (one
 * transaction, observationsRepo.ts / quickRecord.ts); the sync runtime notices the dirty marks.
 */
import { db } from '../../db/db';
import type { ObservationRow } from '../../db/rows';
import { quickFix } from '../../lib/position';
import {
  deleteObservation,
  editObservation,
  recordObservation,
  type NewPhoto,
  type ObservationInput,
} from './observationsRepo';
import { quickRecord, type QuickRecordResult } from './quickRecord';

/** Saves the form: a new sighting, or the member's edit of `existingId`. */
export function saveSighting(
  userId: string,
  existingId: string | null,
  input: ObservationInput,
  photos: readonly NewPhoto[],
  options: { unspecify?: boolean } = {},
): Promise<ObservationRow> {
  return existingId === null
    ? recordObservation(db, userId, input, { photos })
    : editObservation(db, userId, existingId, input, { photos, unspecify: options.unspecify });
}

export function deleteSighting(userId: string, id: string): Promise<boolean> {
  return deleteObservation(db, userId, id);
}

/**
 * SPEC §4 quick record from a tap: the species row from the device and the position (1000 ms,
 * twice, else the last known one under 120 s) at the same time, then one save. No network. An
 * unspecified sighting's coordinate is hidden anyway, so it does not wait for a fix.
 */
export async function quickRecordSighting(
  userId: string,
  speciesId: string | null,
  geolocation: Geolocation | undefined,
): Promise<QuickRecordResult> {
  if (speciesId === null) return quickRecord(db, userId, null, null);
  const [species, fix] = await Promise.all([db.species.get(speciesId), quickFix(geolocation)]);
  if (!species) throw new Error(`The species ${speciesId} is not on this device.`);
  return quickRecord(db, userId, species, fix);
}
