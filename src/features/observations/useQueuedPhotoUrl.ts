/**
 * An object URL of a photo waiting in this device's upload queue (its server address answers
 * nothing until it is uploaded, nor offline), revoked when no longer shown. The live query hands a
 * new row object on every change of the queue (an attempt counted); the URL follows the photo, not
 * those objects. null while there is no queued photo or its URL is being made.
 */
import { useEffect, useRef, useState } from 'react';
import type { PhotoUploadRow } from '../../db/rows';

export function useQueuedPhotoUrl(queued: PhotoUploadRow | null | undefined): string | null {
  const key = queued ? `${queued.media_id}:${queued.created}` : null;
  const latest = useRef(queued);
  latest.current = queued;
  const [url, setUrl] = useState<{ key: string; url: string } | null>(null);

  useEffect(() => {
    const row = latest.current;
    if (key === null || !row) return;
    const made = URL.createObjectURL(new Blob([row.bytes], { type: row.content_type }));
    setUrl({ key, url: made });
    return () => {
      URL.revokeObjectURL(made);
    };
  }, [key]);

  return url?.key === key ? url.url : null;
}
