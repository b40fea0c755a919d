/**
 * The photo itself. While it waits in this device's upload queue its server address answers
 * nothing (nor does it offline), so it shows from its stored bytes (an object URL, revoked when no
 * longer shown); once uploaded, from its path (the service worker's image cache keeps it for
 * offline use). A photo that cannot load says so in words instead of a broken image.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { imageViewTexts } from './texts';
import type { PhotoUploadRow } from '../../db/rows';
import { useQueuedPhotoUrl } from '../observations/embeds';

export interface PhotoFigureProps {
  /** The bytes waiting for upload on this device, else null. */
  queued: PhotoUploadRow | null;
  /** The server's path (from its answer, or from the member's sighting on this device). */
  path: string | null;
  alt: string;
}

export function PhotoFigure({ queued, path, alt }: PhotoFigureProps) {
  const queuedUrl = useQueuedPhotoUrl(queued);
  const src = queued ? queuedUrl : path;
  const [failed, setFailed] = useState<string | null>(null);

  if (src === null || failed === src) {
    // Still making the object URL: nothing yet rather than a flash of the notice.
    if (queued && failed !== src) return null;
    return <Alert severity="info">{imageViewTexts.imageViewPhotoUnavailable}</Alert>;
  }
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      onError={() => {
        setFailed(src);
      }}
      sx={{
        display: 'block',
        maxWidth: '100%',
        maxHeight: '70vh',
        objectFit: 'contain',
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    />
  );
}
