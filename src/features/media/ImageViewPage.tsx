/**
 * `/image-view?media_id=…[&observation_id=…]` (SPEC §2, anyone): a sighting photo with its likes
 * and comments. The server's answer (RTK Query, online only) with the member's writes that still
 * wait on this device laid over it (pendingMedia.ts), so a like or comment made offline shows at
 * once and says it waits. Offline with no answer yet, the page says so plainly and still shows what
 * the device has: the photo (from the upload queue, or its path from the member's sighting, which
 * the service worker may hold) and the waiting writes.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '@contract/labels';
import { formatMessage, messages } from '@contract/messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { uiActions } from '../../app/uiSlice';
import type { OutboxRow } from '../../db/rows';
import { recordPath } from '../observations';
import { CommentForm } from './CommentForm';
import { CommentThread } from './CommentThread';
import { LikeToggle } from './LikeToggle';
import {
  commentOnPhoto,
  deletePhotoComment,
  deletePhotoReply,
  likePhoto,
  replyToPhotoComment,
} from './mediaActions';
import { useGetMediaMetaQuery } from './mediaApi';
import { useLocalPhoto, useMediaOutbox } from './mediaQueries';
import { mergePending } from './pendingMedia';
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
        <Alert severity="info">{labels.imageViewNoMediaId}</Alert>
      ) : (
        <ImageView key={mediaId} mediaId={mediaId} observationId={observationId} />
      )}
    </Stack>
  );
}

/**
 * Asks the server again when what it answered may be out of date: back online, and each time a
 * waiting write of this photo has left the outbox (the sync runtime sent it). Until that answer
 * arrives, the previous one stays on screen.
 */
function useRefetchWhenSent(
  rows: readonly OutboxRow[] | undefined,
  isOnline: boolean,
  refetch: () => unknown,
) {
  const waiting = rows?.filter((row) => row.parked === undefined).length;
  const previous = useRef({ waiting, isOnline });
  useEffect(() => {
    const before = previous.current;
    previous.current = { waiting, isOnline };
    const cameOnline = isOnline && !before.isOnline;
    const sent = waiting !== undefined && before.waiting !== undefined && waiting < before.waiting;
    if (isOnline && (cameOnline || sent)) refetch();
  }, [waiting, isOnline, refetch]);
}

function ImageView({ mediaId, observationId }: { mediaId: string; observationId: string | null }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const isOnline = useAppSelector(selectIsOnline);
  const userId = user?.user_id ?? null;
  const meta = useGetMediaMetaQuery({ mediaId, userId }, { refetchOnMountOrArgChange: true });
  const server = meta.data;
  const outbox = useMediaOutbox(userId, mediaId);
  const local = useLocalPhoto(mediaId, observationId ?? server?.media.observation_id ?? null);
  useRefetchWhenSent(outbox, isOnline, meta.refetch);
  const [isLiking, setLiking] = useState(false);

  const nickname = user?.nickname ?? null;
  const view = useMemo(
    () => mergePending(mediaId, server, outbox ?? [], { user_id: userId ?? '', nickname }),
    [mediaId, server, outbox, userId, nickname],
  );

  const sightingPath = local?.sighting?.media.find((item) => item.media_id === mediaId)?.path ?? null;
  const path = server?.media.path ?? sightingPath;
  const isPhotoOwner = userId !== null && (server?.media.user_id ?? local?.sighting?.user_id) === userId;
  const error = meta.error && 'reason' in meta.error ? meta.error : null;
  const commentCount = view.comments.reduce((sum, comment) => sum + 1 + comment.replies.length, 0);

  let status = null;
  if (!server && error?.isOffline) status = <Alert severity="info">{messages.offline}</Alert>;
  else if (!server && error?.status === 404 && local?.queued) {
    status = <Alert severity="info">{labels.imageViewPhotoWaiting}</Alert>;
  } else if (!server && error) status = <Alert severity="error">{error.reason}</Alert>;

  return (
    <>
      {status}
      {local !== undefined && (local.queued || path) && (
        <PhotoFigure
          queued={local.queued}
          path={path}
          alt={server?.media.photo_name ?? labels.imageViewPhotoAlt}
        />
      )}
      {local?.sighting && (
        <Button
          component={RouterLink}
          to={recordPath(local.sighting.species_id, local.sighting.id)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {labels.imageViewOpenSighting}
        </Button>
      )}
      {meta.isLoading && <CircularProgress aria-label={messages.loading} />}
      <LikeToggle
        liked={view.liked}
        count={view.likeCount}
        state={view.likeState}
        isBusy={isLiking}
        onToggle={
          userId === null
            ? undefined
            : () => {
                setLiking(true);
                void dispatch(likePhoto(mediaId, !view.liked)).finally(() => setLiking(false));
              }
        }
      />
      <Stack component="section" spacing={2} aria-labelledby="image-view-comments">
        <Typography variant="h5" component="h2" id="image-view-comments">
          {server
            ? formatMessage(labels.imageViewCommentsCount, { count: commentCount })
            : labels.imageViewComments}
        </Typography>
        {view.comments.length === 0 && (server || !error) && !meta.isLoading && (
          <Typography color="text.secondary">{labels.imageViewNoComments}</Typography>
        )}
        <CommentThread
          comments={view.comments}
          userId={userId}
          isPhotoOwner={isPhotoOwner}
          onReply={(commentId, text) => dispatch(replyToPhotoComment(mediaId, commentId, text))}
          onDeleteComment={(commentId) => void dispatch(deletePhotoComment(mediaId, commentId))}
          onDeleteReply={(commentId, replyId) => void dispatch(deletePhotoReply(mediaId, commentId, replyId))}
        />
        {userId !== null ? (
          <CommentForm
            label={labels.imageViewCommentField}
            onSubmit={(text) => dispatch(commentOnPhoto(mediaId, text))}
          />
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography>{labels.imageViewSignInToComment}</Typography>
            <Button
              variant="outlined"
              onClick={() => dispatch(uiActions.modalOpened({ name: 'login', props: {} }))}
            >
              {messages.loginButton}
            </Button>
          </Stack>
        )}
      </Stack>
    </>
  );
}
