/**
 * Writes of sightings (style-anchors §4.2): each is ONE readwrite transaction that saves the
 * sighting with its next revision and dirty mark, queues its new photos, links it to the member's
 * trips covering its date and re-applies the lifer rule to the species it touches — so what the
 * member sees right after saving (lists, lifer flags, the unsynced counter) is already true offline,
 * and a crash leaves either all of it or none.
 */
import { Dexie } from 'dexie';
import { API_PREFIX } from '@contract/prefix';
import { OBSERVATIONS_COLLECTION, type Observation, type ObservationMedia } from '@contract/observations';
import { cleanTextDeep } from '@contract/safeText';
import { seenBefore } from '@contract/stats';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { ObservationRow, PhotoUploadRow } from '../../db/rows';
import { earliestSighting, reconcileLifers } from '../../db/sync/lifers';
import { deleteRecord, deviceSuffix, nextRev, saveRecord } from '../../db/sync/localWrites';
import { coveringTripIds, saveNewSightingDirectly } from './newSightingDirect';

/** The fields of a sighting the member chooses (the rest is derived). */
export type ObservationInput = Pick<
  Observation,
  'species_id' | 'taxa' | 'coordinate' | 'coordinate_hidden' | 'date' | 'public' | 'note'
> &
  Partial<Pick<Observation, 'location' | 'media'>>;

/** A photo resized on the device (lib/image), to upload with the sighting. */
export interface NewPhoto {
  media_id: string;
  bytes: ArrayBuffer;
  content_type: string;
  width: number;
  height: number;
  featured?: boolean;
}

/** The URL a member photo is served from once uploaded (the server's layout, docs/api.md). */
export function memberPhotoUrl(mediaId: string): string {
  return `${API_PREFIX}/media/${encodeURIComponent(mediaId)}/original.jpg`;
}

export function newObservationId(): string {
  return crypto.randomUUID();
}

/**
 * Ids of `userId`'s trips whose dates cover `date`. Inside a transaction over `trips`. Reads the
 * trips ending at or after `date`: for a sighting of now, only those under way or planned.
 */
async function tripsCovering(db: FieldmarkDB, userId: string, date: number): Promise<string[]> {
  const trips = await db.trips
    .where('[user_id+date_end]')
    .between([userId, date], [userId, Dexie.maxKey], true, true)
    .toArray();
  return coveringTripIds(trips, date);
}

function photoRows(
  userId: string,
  observationId: string,
  photos: readonly NewPhoto[],
  now: number,
): PhotoUploadRow[] {
  return photos.map((photo) => ({
    media_id: photo.media_id,
    observation_id: observationId,
    user_id: userId,
    bytes: photo.bytes,
    content_type: photo.content_type,
    width: photo.width,
    height: photo.height,
    created: now,
    attempts: 0,
  }));
}

/** The media list with new photos added; exactly one item is featured when there is any. */
function withPhotos(media: readonly ObservationMedia[], photos: readonly NewPhoto[]): ObservationMedia[] {
  const added = photos.map((photo) => ({
    featured: photo.featured === true,
    media_id: photo.media_id,
    path: memberPhotoUrl(photo.media_id),
  }));
  // The member's own photo takes the place of a species thumbnail as the featured one.
  const own = [...media.filter((item) => item.species_thumb !== true), ...added];
  const thumbs = media.filter((item) => item.species_thumb === true);
  const all =
    own.length > 0 ? [...own, ...thumbs.map((item) => ({ ...item, featured: false }))] : [...thumbs];
  const first = all[0];
  if (first !== undefined && !all.some((item) => item.featured)) all[0] = { ...first, featured: true };
  let seen = false;
  return all.map((item) => {
    if (!item.featured) return item;
    if (seen) return { ...item, featured: false };
    seen = true;
    return item;
  });
}

const tables = (db: FieldmarkDB) => [db.species_observations, db.dirty, db.trips, db.photo_uploads] as const;

/**
 * Saves a new sighting of `userId`; returns it as stored (with its lifer flag). One without photos
 * and with a new id goes without Dexie when it can (newSightingDirect.ts): the same transaction,
 * ≈ a fifth quicker.
 */
export async function recordObservation(
  db: FieldmarkDB,
  userId: string,
  input: ObservationInput,
  options: { id?: string; photos?: readonly NewPhoto[]; now?: number } = {},
): Promise<ObservationRow> {
  // Text a database cannot hold (a NUL, a lone surrogate) never enters a record (safeText.ts);
  // edits are cleaned by saveRecord.
  input = cleanTextDeep(input);
  const now = options.now ?? Date.now();
  const id = options.id ?? newObservationId();
  const photos = options.photos ?? [];
  const suffix = await deviceSuffix(db);
  const speciesId = input.species_id;
  const fresh = options.id === undefined;
  const row: ObservationRow = {
    ...input,
    id,
    observation_id: id,
    user_id: userId,
    lifer: false,
    media: withPhotos(input.media ?? [], photos),
    location: input.location ?? null,
    trips: [],
    created: Math.floor(now / 1000),
    updated: Math.floor(now / 1000),
    rev: nextRev(undefined, suffix),
  };
  if (fresh && photos.length === 0) {
    const saved = await saveNewSightingDirectly(db, row, now);
    if (saved !== undefined) return saved;
  }
  const stored = await db.transaction('rw', tables(db), async () => {
    // One round of requests side by side: the reads a new sighting needs (its trips, the species'
    // current first sighting — the lifer rule needs no more — and, for a given id, whether it is
    // taken) and, for a new id, the writes too, with the commonest outcome (no trip, not a lifer);
    // the row is written again below only when the reads say otherwise (bench:record).
    const write = () => {
      const writes: Promise<unknown>[] = [
        db.species_observations.put(row),
        db.dirty.put({ collection: OBSERVATIONS_COLLECTION, id, user_id: userId, rev: row.rev, since: now }),
      ];
      if (photos.length > 0) writes.push(db.photo_uploads.bulkPut(photoRows(userId, id, photos, now)));
      return Promise.all(writes);
    };
    const [trips, earliest, existing] = await Promise.all([
      tripsCovering(db, userId, input.date),
      speciesId === null ? undefined : earliestSighting(db, userId, speciesId, id),
      fresh ? undefined : db.species_observations.get(id),
      fresh ? write() : undefined,
    ]);
    row.trips = trips;
    row.lifer =
      speciesId !== null &&
      (earliest === undefined || seenBefore({ date: input.date, observation_id: id }, earliest));
    if (!fresh) {
      row.rev = nextRev(existing?.rev, suffix);
      await write();
    } else if (row.lifer || trips.length > 0) {
      await db.species_observations.put(row);
    }
    // The flags were right before this save (the rule held), so only the former first sighting can
    // change; a replayed id, or flags that were not right (a pull mid-way), take the whole rule.
    if (existing !== undefined || (earliest !== undefined && !earliest.lifer)) {
      await reconcileLifers(db, userId, [speciesId], suffix, now);
      return await db.species_observations.get(id);
    }
    if (row.lifer && earliest !== undefined) {
      await saveRecord<ObservationRow>(
        db,
        OBSERVATIONS_COLLECTION,
        db.species_observations,
        { ...earliest, lifer: false },
        suffix,
        now,
      );
    }
    return row;
  });
  return readBack(stored, id);
}

/** Why an edit that would silently drop a sighting's species is refused. */
export const SPECIES_KEPT_ERROR = 'A sighting keeps its species unless you mark it unspecified.';

/**
 * Changes one of the member's sightings; photos removed from `media` leave the upload queue. A
 * change that would take the species off a species sighting is refused unless the member chose
 * that (`unspecify`): no write path may turn a sighting into an unspecified one by accident
 * (issue 23: an edit on a device without the species did).
 */
export async function editObservation(
  db: FieldmarkDB,
  userId: string,
  id: string,
  changes: Partial<ObservationInput>,
  options: { photos?: readonly NewPhoto[]; now?: number; unspecify?: boolean } = {},
): Promise<ObservationRow> {
  const now = options.now ?? Date.now();
  const photos = options.photos ?? [];
  const suffix = await deviceSuffix(db);
  const stored = await db.transaction('rw', tables(db), async () => {
    const current = await db.species_observations.get(id);
    if (!current || current.deleted || current.user_id !== userId)
      throw new Error('There is no such observation, or it has been removed.');
    if (changes.species_id === null && current.species_id !== null && options.unspecify !== true)
      throw new Error(SPECIES_KEPT_ERROR);
    const date = changes.date ?? current.date;
    const media = withPhotos(changes.media ?? current.media, photos);
    const next: ObservationRow = {
      ...current,
      ...changes,
      media,
      trips: date === current.date ? current.trips : await tripsCovering(db, userId, date),
      updated: Math.floor(now / 1000),
    };
    // An unspecified sighting is nobody's lifer (the rule below only visits species).
    if (next.species_id === null) next.lifer = false;
    await saveRecord<ObservationRow>(db, OBSERVATIONS_COLLECTION, db.species_observations, next, suffix, now);
    if (photos.length > 0) await db.photo_uploads.bulkPut(photoRows(userId, id, photos, now));
    await dropUnusedUploads(db, id, media);
    await reconcileLifers(db, userId, [current.species_id, next.species_id], suffix, now);
    return await db.species_observations.get(id);
  });
  return readBack(stored, id);
}

/**
 * The sighting a save just wrote, read back in its transaction. Missing, the database lost it: the
 * save still commits as it did, and the caller gets this reason instead of an undefined row.
 */
function readBack(row: ObservationRow | undefined, id: string): ObservationRow {
  if (row === undefined) throw new Error(`The sighting ${id} was saved but could not be read back.`);
  return row;
}

/** Deletes one of the member's sightings (a tombstone until the server has it) and its queued photos. */
export async function deleteObservation(
  db: FieldmarkDB,
  userId: string,
  id: string,
  now = Date.now(),
): Promise<boolean> {
  const suffix = await deviceSuffix(db);
  return db.transaction('rw', tables(db), async () => {
    const current = await db.species_observations.get(id);
    if (!current || current.user_id !== userId) return false;
    const deleted = await deleteRecord<ObservationRow>(
      db,
      OBSERVATIONS_COLLECTION,
      db.species_observations,
      id,
      suffix,
      now,
    );
    await dropUnusedUploads(db, id, []);
    if (deleted) await reconcileLifers(db, userId, [current.species_id], suffix, now);
    return deleted;
  });
}

async function dropUnusedUploads(
  db: FieldmarkDB,
  observationId: string,
  media: readonly ObservationMedia[],
): Promise<void> {
  const kept = new Set(media.map((item) => item.media_id));
  const queued = await db.photo_uploads.where('observation_id').equals(observationId).primaryKeys();
  const unused = queued.filter((mediaId) => !kept.has(mediaId));
  if (unused.length > 0) await db.photo_uploads.bulkDelete(unused);
}
