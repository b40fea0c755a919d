import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import type { SpeciesRow } from '../../db/rows';
import { useGetSpeciesImagesQuery } from './speciesPhotosApi';
import { speciesTexts } from './speciesTexts';

/**
 * The species' photos: online, what the server has (reference photos and members' photos of their
 * public sightings, each of those opening its photo page); offline or until it answers, the
 * reference thumbnails synced with the species.
 */
export function SpeciesPhotos({ species }: { species: SpeciesRow }) {
  const isOnline = useAppSelector(selectIsOnline);
  const answer = useGetSpeciesImagesQuery(isOnline ? species.id : skipToken);
  const photos: Array<{ id: string; src: string; to: string | null }> = answer.data
    ? answer.data.images.map((image) => ({
        id: image.media_id,
        src: image.thumbnail,
        to:
          image.category === 'observation'
            ? `/image-view?media_id=${encodeURIComponent(image.media_id)}`
            : null,
      }))
    : species.photo.thumbs.map((thumb) => ({ id: thumb.media_id, src: thumb.path, to: null }));
  if (photos.length === 0) {
    return <Typography color="text.secondary">{speciesTexts.speciesNoPhotos}</Typography>;
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1 }}>
      {photos.map((photo, index) => {
        const image = (
          <Box
            component="img"
            src={photo.src}
            alt={`${species.name} (${index + 1})`}
            loading="lazy"
            sx={{ display: 'block', width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 1 }}
          />
        );
        return photo.to ? (
          <RouterLink key={photo.id} to={photo.to}>
            {image}
          </RouterLink>
        ) : (
          <Box key={photo.id}>{image}</Box>
        );
      })}
    </Box>
  );
}
