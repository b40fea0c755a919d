/**
 * Writing a post: text and photos (resized on the device as sightings' photos are). The post is
 * kept on the device and sent by the member's sync runtime (postWrites.ts), so it shows at once as
 * waiting, online or not; offline the member is told, in SPEC §4's words, that it is stored locally.
 */
import { useCallback, useId, useRef, useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import DeleteIcon from '@mui/icons-material/Delete';
import { POST_PHOTOS_MAX, POST_TEXT_MAX } from '@contract/community';
import { formatMessage, messages } from '@contract/messages';
import { newsfeedTexts as texts } from './texts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { uiActions } from '../../app/uiSlice';
import { usePendingPhotos } from '../observations/embeds';
import { useLinkableSightings, useWritePost } from './newsfeedHooks';
import { postProblem } from './postWrites';

/** What the member is told for each postProblem (the composer and the post editor). */
export const PROBLEM_TEXT = {
  empty: texts.composerEmpty,
  tooLong: formatMessage(texts.composerTooLong, { max: POST_TEXT_MAX }),
  tooManyPhotos: formatMessage(texts.composerTooManyPhotos, { max: POST_PHOTOS_MAX }),
} as const;

/** The composer; with `groupId` (a group's page) the post is written in that group. */
export function PostComposer({ groupId }: { groupId?: string } = {}) {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const writePost = useWritePost();
  const sightings = useLinkableSightings(useAppSelector(selectUser)?.user_id ?? null);
  const [text, setText] = useState('');
  const [sightingId, setSightingId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [unreadable, setUnreadable] = useState<string[]>([]);
  const onUnreadable = useCallback((name: string) => {
    setUnreadable((names) => [...names, name]);
  }, []);
  const photos = usePendingPhotos(onUnreadable);
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy || photos.isPreparing) return;
    const found = postProblem(text, photos.pending.length, sightingId !== '');
    if (found !== null) {
      setProblem(PROBLEM_TEXT[found]);
      return;
    }
    setBusy(true);
    try {
      await writePost({ text, photos: photos.pending, observationId: sightingId || null, groupId });
      setText('');
      setSightingId('');
      setProblem(null);
      setUnreadable([]);
      for (const photo of photos.pending) photos.remove(photo.media_id);
      if (!isOnline) dispatch(uiActions.toastShown({ message: messages.storedLocally, severity: 'info' }));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : messages.serverError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} aria-labelledby={headingId} noValidate>
      <Stack spacing={1.5}>
        <Typography component="h2" variant="h6" id={headingId}>
          {groupId === undefined ? texts.composerHeading : texts.postInGroup}
        </Typography>
        <TextField
          label={texts.composerText}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
          multiline
          minRows={2}
          error={problem !== null}
          helperText={problem ?? undefined}
        />
        {sightings.length > 0 && (
          <TextField
            select
            label={texts.composerSighting}
            value={sightingId}
            onChange={(event) => {
              setSightingId(event.target.value);
            }}
          >
            <MenuItem value="">{texts.composerNoSighting}</MenuItem>
            {sightings.map((sighting) => (
              <MenuItem key={sighting.id} value={sighting.id}>
                {`${sighting.name} · ${new Date(sighting.date * 1000).toLocaleDateString()}`}
              </MenuItem>
            ))}
          </TextField>
        )}
        {photos.pending.length > 0 && (
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))' }}>
            {photos.pending.map((photo, index) => {
              const name = formatMessage(texts.composerPhotoAlt, { index: index + 1 });
              return (
                <Box key={photo.media_id} sx={{ position: 'relative' }}>
                  <Box
                    component="img"
                    src={photo.previewUrl}
                    alt={name}
                    sx={{ width: '100%', height: 120, objectFit: 'cover', borderRadius: 1 }}
                  />
                  <IconButton
                    aria-label={formatMessage(texts.composerRemovePhoto, { name })}
                    onClick={() => {
                      photos.remove(photo.media_id);
                    }}
                    size="small"
                    sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper' }}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Box>
              );
            })}
          </Box>
        )}
        {unreadable.map((name) => (
          <Alert key={name} severity="warning">
            {formatMessage(texts.composerUnreadable, { name })}
          </Alert>
        ))}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<AddAPhotoIcon />}
            onClick={() => fileInput.current?.click()}
            disabled={photos.pending.length >= POST_PHOTOS_MAX}
          >
            {texts.composerAddPhotos}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            multiple
            hidden
            aria-label={texts.composerAddPhotos}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              void photos.add(files);
            }}
          />
          <Button type="submit" variant="contained" disabled={busy || photos.isPreparing}>
            {texts.composerSubmit}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
