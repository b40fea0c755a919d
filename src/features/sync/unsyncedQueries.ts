/**
 * What waits to reach the server, read live from Dexie for the shell's counter and its dialog
 * (R10: the count is visible whenever it is above zero; refused items show the server's reason),
 * and the member's export of everything not yet uploaded (the one data that cannot be downloaded
 * again, so the member can keep a copy).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { ParkedError } from '../../db/rows';
import { base64Of, unsyncedCount } from '../../db/sync';

export interface RefusedItem {
  kind: 'record' | 'photo' | 'request';
  /** The collection (records), or what the item is. */
  what: string;
  id: string;
  parked: ParkedError;
}

export interface UnsyncedDetails {
  records: number;
  photos: number;
  requests: number;
  refused: RefusedItem[];
}

export function useUnsyncedCount(userId: string | null): number | undefined {
  return useLiveQuery(async () => (userId ? unsyncedCount(db, userId) : 0), [userId]);
}

export async function unsyncedDetails(database: FieldmarkDB, userId: string): Promise<UnsyncedDetails> {
  const [marks, photos, requests] = await Promise.all([
    database.dirty.where('user_id').equals(userId).toArray(),
    database.photo_uploads.filter((row) => row.user_id === userId).toArray(),
    database.outbox.filter((row) => row.user_id === userId).toArray(),
  ]);
  const refused: RefusedItem[] = [
    ...marks.flatMap((mark) =>
      mark.parked
        ? [{ kind: 'record' as const, what: mark.collection, id: mark.id, parked: mark.parked }]
        : [],
    ),
    ...photos.flatMap((photo) =>
      photo.parked
        ? [{ kind: 'photo' as const, what: 'photo', id: photo.media_id, parked: photo.parked }]
        : [],
    ),
    ...requests.flatMap((request) =>
      request.parked
        ? [{ kind: 'request' as const, what: request.url, id: request.id, parked: request.parked }]
        : [],
    ),
  ];
  return { records: marks.length, photos: photos.length, requests: requests.length, refused };
}

export function useUnsyncedDetails(userId: string): UnsyncedDetails | undefined {
  return useLiveQuery(() => unsyncedDetails(db, userId), [userId]);
}

/** Everything of `userId` not yet on the server, as one JSON document (photos as base64). */
export async function exportUnsynced(database: FieldmarkDB, userId: string): Promise<string> {
  const marks = await database.dirty.where('user_id').equals(userId).toArray();
  const records = await Promise.all(
    marks.map(async (mark) => {
      const table = database.table<unknown, string>(mark.collection);
      return {
        collection: mark.collection,
        rev: mark.rev,
        parked: mark.parked ?? null,
        record: (await table.get(mark.id)) ?? null,
      };
    }),
  );
  const photos = (await database.photo_uploads.filter((row) => row.user_id === userId).toArray()).map(
    ({ bytes, ...photo }) => ({ ...photo, image: `data:${photo.content_type};base64,${base64Of(bytes)}` }),
  );
  const requests = await database.outbox.filter((row) => row.user_id === userId).toArray();
  return JSON.stringify(
    { exported_at: new Date().toISOString(), user_id: userId, records, photos, requests },
    null,
    2,
  );
}

/** Gives every refused item of the member another chance (the member asked to retry). */
export async function retryRefused(database: FieldmarkDB, userId: string): Promise<void> {
  await database.transaction('rw', database.dirty, database.photo_uploads, database.outbox, async () => {
    await database.dirty
      .where('user_id')
      .equals(userId)
      .filter((mark) => mark.parked !== undefined)
      .modify((mark) => {
        delete mark.parked;
      });
    await database.photo_uploads
      .filter((row) => row.user_id === userId && row.parked !== undefined)
      .modify((row) => {
        delete row.parked;
      });
    await database.outbox
      .filter((row) => row.user_id === userId && row.parked !== undefined)
      .modify((row) => {
        delete row.parked;
      });
  });
}
