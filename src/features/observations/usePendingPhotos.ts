/**
 * Photos picked in the form and not saved yet: each resized on the device at once (lib/image:
 * at most 2048×2048, JPEG 90 %, EXIF and its GPS position dropped) and given its media id, so the
 * save only hands them to the repository. Their previews are object URLs, revoked when a photo is
 * removed or the form closes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { resizeImage } from '../../lib/image/resizeImage';
import type { NewPhoto } from './observationsRepo';

export interface PendingPhoto extends NewPhoto {
  previewUrl: string;
}

export interface PendingPhotos {
  pending: PendingPhoto[];
  isPreparing: boolean;
  /** Resizes and adds the files; calls `onUnreadable` with the name of each that is no image. */
  add: (files: readonly File[]) => Promise<void>;
  remove: (mediaId: string) => void;
}

export function usePendingPhotos(onUnreadable: (fileName: string) => void): PendingPhotos {
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const [preparing, setPreparing] = useState(0);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const held = urls.current;
    return () => {
      for (const url of held) URL.revokeObjectURL(url);
      held.clear();
    };
  }, []);

  const add = useCallback(
    async (files: readonly File[]) => {
      setPreparing((count) => count + 1);
      try {
        // One at a time: a few full-size camera photos decoded at once can exhaust a phone's memory.
        for (const file of files) {
          try {
            const resized = await resizeImage(file);
            const previewUrl = URL.createObjectURL(new Blob([resized.bytes], { type: resized.content_type }));
            urls.current.add(previewUrl);
            setPending((current) => [...current, { ...resized, media_id: crypto.randomUUID(), previewUrl }]);
          } catch {
            onUnreadable(file.name);
          }
        }
      } finally {
        setPreparing((count) => count - 1);
      }
    },
    [onUnreadable],
  );

  const remove = useCallback((mediaId: string) => {
    setPending((current) => {
      const photo = current.find((item) => item.media_id === mediaId);
      if (photo) {
        URL.revokeObjectURL(photo.previewUrl);
        urls.current.delete(photo.previewUrl);
      }
      return current.filter((item) => item.media_id !== mediaId);
    });
  }, []);

  return { pending, isPreparing: preparing > 0, add, remove };
}
