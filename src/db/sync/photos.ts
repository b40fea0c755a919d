/**
 * The photo upload queue (docs/sync.md "Photos"): member photos wait in `photo_uploads` (bytes
 * already resized on the device) and go up one by one with `PUT media/{media_id}/base64`, under the
 * client-generated media id, so a replay never makes a second photo. Separate from the record
 * push: a slow upload never holds back the text of sightings.
 *
 * Same acknowledgement rules as every queue here: an entry leaves only on a 2xx for it; a 5xx, 429,
 * timeout or network error keeps it and stops the pass (the engine retries later); a permanent
 * refusal parks that entry with the server's reason and the pass goes on with the next.
 */
import type { PhotoUploadRow } from '../rows';
import type { PullContext } from './pull';
import { isPermanentRefusal } from './push';

export interface UploadResult {
  uploaded: number;
  parked: number;
}

/** Base64 of bytes, in chunks (String.fromCharCode over a whole photo overflows the stack). */
export function base64Of(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  const chunk = 0x8000;
  for (let start = 0; start < view.length; start += chunk) {
    binary += String.fromCharCode(...view.subarray(start, start + chunk));
  }
  return btoa(binary);
}

export function photoUploadPath(mediaId: string): string {
  return `media/${encodeURIComponent(mediaId)}/base64`;
}

export async function uploadPhotos(
  { db, api }: PullContext,
  options: { userId: string; now?: () => number },
): Promise<UploadResult> {
  const now = options.now ?? Date.now;
  const result: UploadResult = { uploaded: 0, parked: 0 };
  const tried = new Set<string>();
  for (;;) {
    // One at a time, oldest first, re-read each round: a photo deleted meanwhile is not sent.
    const next: PhotoUploadRow | undefined = await db.photo_uploads
      .orderBy('created')
      .filter((row) => row.user_id === options.userId && row.parked === undefined && !tried.has(row.media_id))
      .first();
    if (!next) return result;
    tried.add(next.media_id);
    try {
      await api.request('PUT', photoUploadPath(next.media_id), {
        image: `data:${next.content_type};base64,${base64Of(next.bytes)}`,
        observation_id: next.observation_id,
      });
      await db.photo_uploads.delete(next.media_id);
      result.uploaded += 1;
    } catch (error) {
      if (!isPermanentRefusal(error)) {
        await db.photo_uploads.update(next.media_id, { attempts: next.attempts + 1 });
        throw error;
      }
      await db.photo_uploads.update(next.media_id, {
        attempts: next.attempts + 1,
        parked: { status: error.status, reason: error.reason, at: now() },
      });
      result.parked += 1;
    }
  }
}
