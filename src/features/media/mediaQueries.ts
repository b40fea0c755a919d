/**
 * What the device itself knows about a photo, as live queries (`undefined` while loading): the
 * member's writes about it that wait in the outbox, the photo's bytes while it waits in the upload
 * queue, and the member's own sighting it belongs to. Offline, with no answer from the server, this
 * is all the page has.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db';
import type { ObservationRow, OutboxRow, PhotoUploadRow } from '../../db/rows';
import { mediaUrlPrefix } from './mediaRequests';

/** The member's outbox rows about `mediaId`, parked ones included (they show their reason). */
export function useMediaOutbox(userId: string | null, mediaId: string): OutboxRow[] | undefined {
  return useLiveQuery(async () => {
    if (userId === null) return [];
    const prefix = mediaUrlPrefix(mediaId);
    const rows = await db.outbox
      .filter((row) => row.user_id === userId && row.url.startsWith(prefix))
      .toArray();
    return rows.sort((a, b) => a.time - b.time);
  }, [userId, mediaId]);
}

export interface LocalPhoto {
  /** The photo's bytes while it waits for upload on this device; null once uploaded (or never here). */
  queued: PhotoUploadRow | null;
  /** The member's sighting the photo belongs to, when it is on this device. */
  sighting: ObservationRow | null;
}

export function useLocalPhoto(mediaId: string, observationId: string | null): LocalPhoto | undefined {
  const result = useLiveQuery(async () => {
    const queued = (await db.photo_uploads.get(mediaId)) ?? null;
    const sightingId = observationId ?? queued?.observation_id ?? null;
    const row = sightingId === null ? undefined : await db.species_observations.get(sightingId);
    const sighting = row && !row.deleted && row.media.some((item) => item.media_id === mediaId) ? row : null;
    return { key: `${mediaId}|${observationId}`, queued, sighting };
  }, [mediaId, observationId]);
  // A live query answers its previous result until the new one arrives: never another photo's.
  return result?.key === `${mediaId}|${observationId}` ? result : undefined;
}
