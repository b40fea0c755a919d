/**
 * A sighting's photos: the ones already stored (shown from the upload queue until uploaded), new
 * ones taken with the camera or chosen from the device (already resized, see usePendingPhotos),
 * which one is featured, and removing any of them.
 */
import { useId, useRef, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import DeleteIcon from '@mui/icons-material/Delete';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import type { ObservationMedia } from '@contract/observations';
import { recordingTexts } from './texts';
import { formatMessage } from '@contract/messages';
import { imageViewPath } from '../media';
import type { PendingPhoto } from './usePendingPhotos';
import { useObservationPhotoSrc } from './useObservationPhotoSrc';

export interface PhotoPickerProps {
  media: readonly ObservationMedia[];
  pending: readonly PendingPhoto[];
  featured: string | null;
  onFeatured: (mediaId: string) => void;
  onRemoveMedia: (mediaId: string) => void;
  onRemovePending: (mediaId: string) => void;
  onAdd: (files: File[]) => void;
  isPreparing: boolean;
  error?: string;
}

/** A stored photo; the member's own (not a species thumbnail) links to its likes and comments. */
function StoredPhoto({ media, alt }: { media: ObservationMedia; alt: string }) {
  const src = useObservationPhotoSrc(media);
  if (media.species_thumb) return <PhotoImage src={src} alt={alt} />;
  return (
    <Stack spacing={0.5}>
      <PhotoImage src={src} alt={alt} />
      <Link component={RouterLink} to={imageViewPath(media.media_id)} variant="body2">
        {recordingTexts.sightingPhotoComments}
      </Link>
    </Stack>
  );
}

function PhotoImage({ src, alt }: { src: string | undefined; alt: string }) {
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
    />
  );
}

export function PhotoPicker(props: PhotoPickerProps) {
  const { media, pending, featured } = props;
  const featuredLabelId = useId();
  const cameraInput = useRef<HTMLInputElement>(null);
  const filesInput = useRef<HTMLInputElement>(null);
  const ids = [...media.map((item) => item.media_id), ...pending.map((photo) => photo.media_id)];
  const featuredId = featured !== null && ids.includes(featured) ? featured : (ids[0] ?? '');

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Choosing the same file again must fire change again.
    event.target.value = '';
    if (files.length > 0) props.onAdd(files);
  };

  const entries = [
    ...media.map((item) => ({
      mediaId: item.media_id,
      image: (number: number) => (
        <StoredPhoto
          media={item}
          alt={
            item.species_thumb
              ? recordingTexts.sightingSpeciesPhotoAlt
              : formatMessage(recordingTexts.sightingPhotoAlt, { number })
          }
        />
      ),
      remove: () => {
        props.onRemoveMedia(item.media_id);
      },
    })),
    ...pending.map((photo) => ({
      mediaId: photo.media_id,
      image: (number: number) => (
        <PhotoImage src={photo.previewUrl} alt={formatMessage(recordingTexts.sightingPhotoAlt, { number })} />
      ),
      remove: () => {
        props.onRemovePending(photo.media_id);
      },
    })),
  ];

  return (
    <FormControl component="fieldset" error={props.error !== undefined} sx={{ gap: 1 }}>
      <FormLabel component="legend">{recordingTexts.sightingPhotos}</FormLabel>
      <Typography variant="body2" color="text.secondary">
        {recordingTexts.sightingPhotosHint}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {/* Buttons open hidden file inputs: a label styled as a button around an input would nest
            two controls (axe nested-interactive). */}
        <Button variant="outlined" startIcon={<AddAPhotoIcon />} onClick={() => cameraInput.current?.click()}>
          {recordingTexts.sightingTakePhoto}
        </Button>
        <input ref={cameraInput} type="file" accept="image/*" capture="environment" onChange={add} hidden />
        <Button
          variant="outlined"
          startIcon={<PhotoLibraryIcon />}
          onClick={() => filesInput.current?.click()}
        >
          {recordingTexts.sightingChoosePhotos}
        </Button>
        <input ref={filesInput} type="file" accept="image/*" multiple onChange={add} hidden />
        {props.isPreparing && (
          <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden />
            <Typography variant="body2">{recordingTexts.sightingPreparingPhotos}</Typography>
          </Stack>
        )}
      </Stack>
      {ids.length > 0 && (
        <>
          <Typography id={featuredLabelId} variant="subtitle2">
            {recordingTexts.sightingFeaturedPhoto}
          </Typography>
          <RadioGroup
            aria-labelledby={featuredLabelId}
            value={featuredId}
            onChange={(event) => {
              props.onFeatured(event.target.value);
            }}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
              gap: 1,
            }}
          >
            {entries.map((entry, index) => (
              <Stack key={entry.mediaId} spacing={0.5}>
                {entry.image(index + 1)}
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <FormControlLabel
                    value={entry.mediaId}
                    control={<Radio size="small" />}
                    label={formatMessage(recordingTexts.sightingPhotoNumber, { number: index + 1 })}
                  />
                  <IconButton
                    size="small"
                    aria-label={formatMessage(recordingTexts.sightingRemovePhoto, { number: index + 1 })}
                    onClick={entry.remove}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Stack>
              </Stack>
            ))}
          </RadioGroup>
        </>
      )}
      {props.error && <FormHelperText>{props.error}</FormHelperText>}
    </FormControl>
  );
}
