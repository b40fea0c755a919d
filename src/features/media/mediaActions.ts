/**
 * The page's writes as thunks: they take the API client, the member and the network flag from the
 * store, call the repository (mediaWrites.ts), and then either lay the server's answer into the
 * cached `getMediaMeta` (no second request) or tell the member the write waits on the device.
 * Each resolves true when the write was sent or stored (the form may clear), false when refused.
 */
import { imageViewTexts } from './texts';
import { messages } from '@contract/messages';
import { ApiError } from '../../api/ApiError';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import type { AppThunk } from '../../app/thunk';
import { uiActions, type ToastRequest } from '../../app/uiSlice';
import type { MediaMetaResponse } from '@contract/media';
import { mediaApi } from './mediaApi';
import {
  addComment,
  appWriteContext,
  deleteComment,
  deleteReply,
  replyToComment,
  setLike,
  type StoredBecause,
  type WriteOutcome,
} from './mediaWrites';

/**
 * Offline: SPEC §4's message. A 5xx/429: our own, since the member is not offline. Queued behind
 * older writes while online: no toast, the sync sends it within seconds and the item says it waits.
 */
function storedToast(because: StoredBecause): ToastRequest | null {
  if (because === 'offline') return { message: messages.storedLocally, severity: 'info' };
  if (because === 'unavailable') return { message: imageViewTexts.imageViewKeptForRetry, severity: 'info' };
  return null;
}

type Patch = (draft: MediaMetaResponse) => void;

function mediaWrite<Answer>(
  mediaId: string,
  run: (context: ReturnType<typeof appWriteContext>) => Promise<WriteOutcome<Answer>>,
  patch: (answer: Answer) => Patch,
): AppThunk<Promise<boolean>> {
  return async (dispatch, getState, { apiClient }) => {
    const state = getState();
    const user = selectUser(state);
    if (!user) return false;
    try {
      const outcome = await run(appWriteContext(apiClient, user.user_id, selectIsOnline(state)));
      if (outcome.sent) {
        const args = { mediaId, userId: user.user_id };
        const update = mediaApi.util.updateQueryData('getMediaMeta', args, patch(outcome.answer));
        // RootState types the api slice as optional because it is injected lazily; importing
        // mediaApi (above) has injected it by the time this runs.
        (dispatch as unknown as (thunk: typeof update) => void)(update);
      } else {
        const toast = storedToast(outcome.because);
        if (toast) dispatch(uiActions.toastShown(toast));
      }
      return true;
    } catch (error) {
      const message = error instanceof ApiError ? error.reason : messages.serverError;
      dispatch(uiActions.toastShown({ message, severity: 'error' }));
      return false;
    }
  };
}

export function likePhoto(mediaId: string, liked: boolean) {
  return mediaWrite(
    mediaId,
    (context) => setLike(context, mediaId, liked),
    (answer) => (draft) => {
      draft.liked = answer.liked;
      draft.like_count = answer.count;
    },
  );
}

export function commentOnPhoto(mediaId: string, text: string) {
  return mediaWrite(
    mediaId,
    (context) => addComment(context, mediaId, text),
    ({ comment, created }) =>
      (draft) => {
        const comments = (draft.comments ??= []);
        const index = comments.findIndex((item) => item.comment_id === comment.comment_id);
        if (index >= 0) comments[index] = comment;
        else comments.push(comment);
        if (created) draft.comment_count += 1;
      },
  );
}

export function replyToPhotoComment(mediaId: string, commentId: string, text: string) {
  return mediaWrite(
    mediaId,
    (context) => replyToComment(context, mediaId, commentId, text),
    ({ reply, created }) =>
      (draft) => {
        const parent = draft.comments?.find((item) => item.comment_id === reply.comment_id);
        if (!parent) return;
        const index = parent.replies.findIndex((item) => item.reply_id === reply.reply_id);
        if (index >= 0) parent.replies[index] = reply;
        else parent.replies.push(reply);
        if (created) draft.comment_count += 1;
      },
  );
}

export function deletePhotoComment(mediaId: string, commentId: string) {
  return mediaWrite(
    mediaId,
    (context) => deleteComment(context, mediaId, commentId),
    () => (draft) => {
      const gone = draft.comments?.find((item) => item.comment_id === commentId);
      if (!gone || !draft.comments) return;
      draft.comments = draft.comments.filter((item) => item !== gone);
      draft.comment_count = Math.max(0, draft.comment_count - 1 - gone.replies.length);
    },
  );
}

export function deletePhotoReply(mediaId: string, commentId: string, replyId: string) {
  return mediaWrite(
    mediaId,
    (context) => deleteReply(context, mediaId, commentId, replyId),
    () => (draft) => {
      const parent = draft.comments?.find((item) => item.comment_id === commentId);
      if (!parent) return;
      const before = parent.replies.length;
      parent.replies = parent.replies.filter((item) => item.reply_id !== replyId);
      draft.comment_count = Math.max(0, draft.comment_count - (before - parent.replies.length));
    },
  );
}
