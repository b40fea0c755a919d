/**
 * The `src` of a sighting's photo. A photo saved on this device waits in `photo_uploads` until the
 * photo queue has uploaded it, and its `path` (the server's URL) answers nothing before that — nor
 * offline — so until then it shows from its stored bytes (useQueuedPhotoUrl). Once uploaded, the
 * queue removes the row and the path takes over (the service worker caches it). `undefined` while
 * the queue is being checked, so no request goes to a path that may not exist yet.
 */
import type { ObservationMedia } from '@contract/observations';
import { useQueuedPhoto } from './observationQueries';
import { useQueuedPhotoUrl } from './useQueuedPhotoUrl';

export function useObservationPhotoSrc(
  media: Pick<ObservationMedia, 'media_id' | 'path'>,
): string | undefined {
  const queued = useQueuedPhoto(media.media_id);
  const queuedUrl = useQueuedPhotoUrl(queued);
  if (queued === undefined) return undefined;
  if (queued === null) return media.path;
  return queuedUrl ?? undefined;
}
