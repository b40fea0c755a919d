/**
 * The `src` of a sighting's photo. A photo saved on this device waits in `photo_uploads` until the
 * photo queue has uploaded it, and its `path` (the server's URL) answers nothing before that — nor
 * offline — so until then it shows from its stored bytes (an object URL, revoked when no longer
 * shown). Once uploaded, the queue removes the row and the path takes over (the service worker
 * caches it). `undefined` while the queue is being checked, so no request goes to a path that
 * may not exist yet.
 */
import { useEffect, useRef, useState } from 'react';
import type { ObservationMedia } from '@contract/observations';
import { useQueuedPhoto } from './observationQueries';

export function useObservationPhotoSrc(
  media: Pick<ObservationMedia, 'media_id' | 'path'>,
): string | undefined {
  const queued = useQueuedPhoto(media.media_id);
  // The live query hands a new row object on every change of the queue (an attempt counted); the
  // object URL follows the photo, not those objects.
  const queuedKey = queued ? `${queued.media_id}:${queued.created}` : null;
  const latest = useRef(queued);
  latest.current = queued;
  const [objectUrl, setObjectUrl] = useState<{ key: string; url: string } | null>(null);

  useEffect(() => {
    const row = latest.current;
    if (queuedKey === null || !row) return;
    const url = URL.createObjectURL(new Blob([row.bytes], { type: row.content_type }));
    setObjectUrl({ key: queuedKey, url });
    return () => URL.revokeObjectURL(url);
  }, [queuedKey]);

  if (queued === undefined) return undefined;
  if (queued === null) return media.path;
  return objectUrl?.key === queuedKey ? objectUrl.url : undefined;
}
