/**
 * The photos of a place or a field guide on their admin pages (docs/api.md "Photos of places and
 * field guides"): thumbnails in their order (the first is the cover), an upload button and a remove
 * button on each, asking first. The file goes as a data URL; the server reads its type from the
 * bytes, fits it to 2048 px and strips its metadata. A refusal shows the server's reason.
 */
import { useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import { formatMessage } from '@contract/messages';
import { PLACE_PHOTOS_MAX, type PlacePhoto } from '@contract/places';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { reasonOf } from './AdminListPage';
import { useRemovePlacePhotoMutation, useUploadPlacePhotoMutation, type PhotoOwner } from './adminPlacesApi';
import { DeleteDialog } from './parts';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error());
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error());
    };
    reader.readAsDataURL(file);
  });
}

export function PhotosSection({ owner, photos }: { owner: PhotoOwner; photos: readonly PlacePhoto[] }) {
  const dispatch = useAppDispatch();
  const [upload, { isLoading: isUploading }] = useUploadPlacePhotoMutation();
  const [removePhoto] = useRemovePlacePhotoMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ photo: PlacePhoto; n: number } | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    input.value = '';
    if (!file) return;
    setProblem(null);
    let photo: string;
    try {
      photo = await readAsDataUrl(file);
    } catch {
      setProblem(texts.photoUnreadable);
      return;
    }
    const answer = await upload({ ...owner, photo, photoName: file.name });
    if (answer.error) {
      setProblem(reasonOf(answer.error));
      return;
    }
    dispatch(uiActions.toastShown({ message: texts.photoAdded, severity: 'success' }));
  }

  async function confirmRemove(photo: PlacePhoto) {
    const answer = await removePhoto({ ...owner, mediaId: photo.media_id });
    setRemoving(null);
    if (answer.error) {
      setProblem(reasonOf(answer.error));
      return;
    }
    setProblem(null);
    dispatch(uiActions.toastShown({ message: texts.photoRemoved, severity: 'success' }));
  }

  return (
    <Stack component="section" spacing={1} aria-label={texts.photos}>
      <Typography variant="h6" component="h2">
        {texts.photos}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatMessage(texts.photosHelp, { max: PLACE_PHOTOS_MAX })}
      </Typography>
      {photos.length === 0 ? (
        <Typography color="text.secondary">{texts.photosNone}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {photos.map((photo, index) => (
            <Box component="li" key={photo.media_id} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={photo.thumbnail}
                alt={formatMessage(texts.photoName, { n: index + 1 })}
                sx={{ width: 160, height: 120, objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
              <IconButton
                aria-label={formatMessage(texts.removePhoto, { n: index + 1 })}
                onClick={() => {
                  setRemoving({ photo, n: index + 1 });
                }}
                size="small"
                sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper' }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <Button
        component="label"
        variant="outlined"
        startIcon={<UploadIcon />}
        loading={isUploading}
        disabled={photos.length >= PLACE_PHOTOS_MAX}
        sx={{ alignSelf: 'flex-start' }}
      >
        {isUploading ? texts.uploadingPhoto : texts.addPhoto}
        <input type="file" accept="image/*" hidden onChange={(event) => void onFile(event)} />
      </Button>
      {problem && <Alert severity="error">{problem}</Alert>}
      {removing && (
        <DeleteDialog
          name={formatMessage(texts.photoName, { n: removing.n })}
          body={texts.deletePhotoBody}
          onConfirm={() => confirmRemove(removing.photo)}
          onClose={() => {
            setRemoving(null);
          }}
        />
      )}
    </Stack>
  );
}
