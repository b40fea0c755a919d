/**
 * The photo upload queue (docs/sync.md "Photos"): member photos wait in `photo_uploads` (bytes
 * already resized on the device) and go up one by one with `PUT media/{media_id}/base64`, under the
 * client-generated media id, so a replay never makes a second photo. Separate from the record
 * push: a slow upload never holds back the text of sightings.
 *
 * The acknowledgement rules are every queue's (queue.ts): an entry leaves only on a 2xx for it.
 */
import type { PullContext } from './pull';
import { drainQueue } from './queue';

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
  const { sent, parked } = await drainQueue(db.photo_uploads, {
    order: 'created',
    keyOf: (photo) => photo.media_id,
    userId: options.userId,
    now: options.now,
    send: (photo) =>
      api.request('PUT', photoUploadPath(photo.media_id), {
        image: `data:${photo.content_type};base64,${base64Of(photo.bytes)}`,
        // A post's photo belongs to no sighting ('' on the device): the server is told none.
        ...(photo.observation_id === '' ? {} : { observation_id: photo.observation_id }),
      }),
  });
  return { uploaded: sent, parked };
}
