/**
 * A photo's likes and comments: the server's answer (RTK Query, online only) with the member's
 * writes that still wait in the outbox laid over it (pendingMedia.ts), so a like or comment made
 * offline shows at once and says it waits. Used by /image-view and, through embeds.ts, by pages
 * of other domains that show a photo with its discussion (a newsfeed item).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { imageViewTexts } from './texts';
import { formatMessage, messages } from '@contract/messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { uiActions } from '../../app/uiSlice';
import type { OutboxRow } from '../../db/rows';
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
import { useMediaOutbox } from './mediaQueries';
import { mergePending } from './pendingMedia';

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

export interface PhotoDiscussionProps {
  mediaId: string;
  /** The photo's owner when the page knows it before the server answers (they moderate comments). */
  ownerId?: string | null;
  /** Said to a guest instead of the comment form. */
  signInText?: string;
}

export function PhotoDiscussion({ mediaId, ownerId = null, signInText }: PhotoDiscussionProps) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const isOnline = useAppSelector(selectIsOnline);
  const userId = user?.user_id ?? null;
  const meta = useGetMediaMetaQuery({ mediaId, userId }, { refetchOnMountOrArgChange: true });
  const server = meta.data;
  const outbox = useMediaOutbox(userId, mediaId);
  useRefetchWhenSent(outbox, isOnline, meta.refetch);
  const [isLiking, setLiking] = useState(false);

  const nickname = user?.nickname ?? null;
  const view = useMemo(
    () => mergePending(mediaId, server, outbox ?? [], { user_id: userId ?? '', nickname }),
    [mediaId, server, outbox, userId, nickname],
  );
  const isPhotoOwner = userId !== null && (server?.media.user_id ?? ownerId) === userId;
  const error = meta.error && 'reason' in meta.error ? meta.error : null;
  const commentCount = view.comments.reduce((sum, comment) => sum + 1 + comment.replies.length, 0);
  const headingId = `photo-comments-${mediaId}`;

  return (
    <>
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
                void dispatch(likePhoto(mediaId, !view.liked)).finally(() => {
                  setLiking(false);
                });
              }
        }
      />
      <Stack component="section" spacing={2} aria-labelledby={headingId}>
        <Typography variant="h5" component="h2" id={headingId}>
          {server
            ? formatMessage(imageViewTexts.imageViewCommentsCount, { count: commentCount })
            : imageViewTexts.imageViewComments}
        </Typography>
        {view.comments.length === 0 && (server || !error) && !meta.isLoading && (
          <Typography color="text.secondary">{imageViewTexts.imageViewNoComments}</Typography>
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
            label={imageViewTexts.imageViewCommentField}
            onSubmit={(text) => dispatch(commentOnPhoto(mediaId, text))}
          />
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography>{signInText ?? imageViewTexts.imageViewSignInToComment}</Typography>
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
