/**
 * `/image-view?media_id=…[&observation_id=…]` (SPEC §2, anyone): a sighting photo with its likes
 * and comments. The server's answer (RTK Query, online only) with the member's writes that still
 * wait on this device laid over it (pendingMedia.ts), so a like or comment made offline shows at
 * once and says it waits. Offline with no answer yet, the page says so plainly and still shows what
 * the device has: the photo (from the upload queue, or its path from the member's sighting, which
 * the service worker may hold) and the waiting writes.
 */
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { imageViewTexts } from './texts';
import { messages } from '@contract/messages';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { recordPath } from '../observations';
import { ReportButton } from '../reports/embeds';
import { useGetMediaMetaQuery } from './mediaApi';
import { useLocalPhoto } from './mediaQueries';
import { PhotoDiscussion } from './PhotoDiscussion';
import { PhotoFigure } from './PhotoFigure';

export function ImageViewPage() {
  const [search] = useSearchParams();
  const mediaId = search.get('media_id') ?? '';
  const observationId = search.get('observation_id');
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 880 }}>
      <Typography variant="h4" component="h1">
        {labels.imageView}
      </Typography>
      {mediaId === '' ? (
        <Alert severity="info">{imageViewTexts.imageViewNoMediaId}</Alert>
      ) : (
        <ImageView key={mediaId} mediaId={mediaId} observationId={observationId} />
      )}
    </Stack>
  );
}

function ImageView({ mediaId, observationId }: { mediaId: string; observationId: string | null }) {
  const user = useAppSelector(selectUser);
  const userId = user?.user_id ?? null;
  const meta = useGetMediaMetaQuery({ mediaId, userId }, { refetchOnMountOrArgChange: true });
  const server = meta.data;
  const local = useLocalPhoto(mediaId, observationId ?? server?.media.observation_id ?? null);

  const sightingPath = local?.sighting?.media.find((item) => item.media_id === mediaId)?.path ?? null;
  const path = server?.media.path ?? sightingPath;
  const error = meta.error && 'reason' in meta.error ? meta.error : null;

  let status = null;
  if (!server && error?.isOffline) status = <Alert severity="info">{messages.offline}</Alert>;
  else if (!server && error?.status === 404 && local?.queued) {
    status = <Alert severity="info">{imageViewTexts.imageViewPhotoWaiting}</Alert>;
  } else if (!server && error) status = <Alert severity="error">{error.reason}</Alert>;

  return (
    <>
      {status}
      {local !== undefined && (local.queued || path) && (
        <PhotoFigure
          queued={local.queued}
          path={path}
          alt={server?.media.photo_name ?? imageViewTexts.imageViewPhotoAlt}
        />
      )}
      {local?.sighting && (
        <Button
          component={RouterLink}
          to={recordPath(local.sighting.species_id, local.sighting.id)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {imageViewTexts.imageViewOpenSighting}
        </Button>
      )}
      {server && (
        // Another member's photo, and the public sighting it belongs to, can be reported (issue 18).
        <Stack direction="row" spacing={1}>
          <ReportButton section="photo" id={mediaId} what="photo" ownerId={server.media.user_id} />
          {server.media.observation_id && (
            <ReportButton
              section="observation"
              id={server.media.observation_id}
              what="sighting"
              ownerId={server.media.user_id}
            />
          )}
        </Stack>
      )}
      {meta.isLoading && <CircularProgress aria-label={messages.loading} />}
      <PhotoDiscussion mediaId={mediaId} ownerId={local?.sighting?.user_id ?? null} />
    </>
  );
}
