/**
 * The photos of a place or a field guide on their pages (/hotspot-overview, /fieldguide-overview):
 * thumbnails, each opening the full-size image. The list comes from the device's copy of the place
 * or guide (synced, or kept from an answer), and the thumbnails through the service worker's image
 * cache (src/sw/sw.ts), so photos seen online show again offline. Nothing when there are none.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMessage } from '@contract/messages';
import type { PlacePhoto } from '@contract/places';
import { placeTexts } from './texts';

export function PlacePhotoStrip({
  photos,
  name,
}: {
  photos: readonly PlacePhoto[] | undefined;
  name: string;
}) {
  if (!photos || photos.length === 0) return null;
  return (
    <Stack component="section" spacing={1} aria-label={placeTexts.photos}>
      <Typography variant="h6" component="h2">
        {placeTexts.photos}
      </Typography>
      <Box
        component="ul"
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
        }}
      >
        {photos.map((photo, index) => (
          <li key={photo.media_id}>
            <Link
              href={photo.path}
              target="_blank"
              rel="noopener"
              aria-label={formatMessage(placeTexts.photoOpen, { n: index + 1, name })}
            >
              <Box
                component="img"
                src={photo.thumbnail}
                alt={formatMessage(placeTexts.photoOf, { n: index + 1, name })}
                loading="lazy"
                sx={{
                  width: '100%',
                  aspectRatio: '4 / 3',
                  objectFit: 'cover',
                  borderRadius: 1,
                  display: 'block',
                }}
              />
            </Link>
          </li>
        ))}
      </Box>
    </Stack>
  );
}
