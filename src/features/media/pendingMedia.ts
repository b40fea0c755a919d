/**
 * What the image page shows: the server's likes and comments with the member's writes that still
 * wait in the outbox laid over them, so a like or comment made offline shows at once (SPEC §4
 * "Offline writes"). Pure: the page feeds it the RTK Query answer (possibly none, offline) and the
 * live outbox rows.
 *
 * Rows are applied oldest first, the order the sync runtime replays them, so the result is what the
 * server will hold once they are sent. A parked row (refused for good) changes nothing: the thing it
 * was about shows with the server's reason instead.
 */
import type { Comment, Reply } from '@contract/media';
import type { OutboxRow } from '../../db/rows';
import { parseMediaRequest } from './mediaRequests';

/** Where an item stands: on the server, waiting in the outbox, or refused with the server's reason. */
export type UploadState = { status: 'sent' } | { status: 'waiting' } | { status: 'refused'; reason: string };

type AuthorFields = Pick<Comment, 'user_id' | 'nickname' | 'comment' | 'created_at'>;

export interface ShownReply extends AuthorFields {
  reply_id: string;
  comment_id: string;
  state: UploadState;
  /** A delete of it that the server refused (a waiting delete hides it instead). */
  refusedDelete?: string;
}

export interface ShownComment extends AuthorFields {
  comment_id: string;
  state: UploadState;
  refusedDelete?: string;
  replies: ShownReply[];
}

export interface MediaView {
  liked: boolean;
  /** null when the server's count is unknown (offline before any answer). */
  likeCount: number | null;
  likeState: UploadState;
  comments: ShownComment[];
}

/** The part of GET media/{id}/meta?load_all=true the merge needs. */
export interface ServerMediaState {
  like_count: number;
  liked: boolean;
  comments?: Comment[];
}

const SENT: UploadState = { status: 'sent' };

const fromServerReply = (reply: Reply): ShownReply => ({
  reply_id: reply.reply_id,
  comment_id: reply.comment_id,
  user_id: reply.user_id,
  nickname: reply.nickname,
  comment: reply.comment,
  created_at: reply.created_at,
  state: SENT,
});

const fromServerComment = (comment: Comment): ShownComment => ({
  comment_id: comment.comment_id,
  user_id: comment.user_id,
  nickname: comment.nickname,
  comment: comment.comment,
  created_at: comment.created_at,
  state: SENT,
  replies: comment.replies.map(fromServerReply),
});

/**
 * `rows` must be the member's own outbox rows (any order); rows about other photos are ignored.
 * `me` names the author of the waiting comments.
 */
export function mergePending(
  mediaId: string,
  server: ServerMediaState | undefined,
  rows: readonly OutboxRow[],
  me: { user_id: string; nickname: string | null },
): MediaView {
  const serverLiked = server?.liked ?? false;
  let liked = serverLiked;
  let likeState: UploadState = SENT;
  let comments = (server?.comments ?? []).map(fromServerComment);

  const ordered = [...rows].sort((a, b) => a.time - b.time);
  for (const row of ordered) {
    const write = parseMediaRequest(row);
    if (!write || write.mediaId !== mediaId) continue;
    const state: UploadState = row.parked
      ? { status: 'refused', reason: row.parked.reason }
      : { status: 'waiting' };
    const author = { user_id: me.user_id, nickname: me.nickname, created_at: Math.floor(row.time / 1000) };

    switch (write.kind) {
      case 'like':
        if (state.status === 'waiting') liked = write.liked;
        likeState = state;
        break;
      case 'comment': {
        const existing = comments.find((item) => item.comment_id === write.commentId);
        if (existing) Object.assign(existing, { comment: write.text, state });
        else
          comments.push({ ...author, comment_id: write.commentId, comment: write.text, state, replies: [] });
        break;
      }
      case 'reply': {
        const parent = comments.find((item) => item.comment_id === write.commentId);
        if (!parent) break; // its comment is gone (deleted): the reply has nothing to show under
        const existing = parent.replies.find((item) => item.reply_id === write.replyId);
        if (existing) Object.assign(existing, { comment: write.text, state });
        else {
          parent.replies.push({
            ...author,
            reply_id: write.replyId,
            comment_id: write.commentId,
            comment: write.text,
            state,
          });
        }
        break;
      }
      case 'deleteComment':
        if (state.status === 'refused') {
          const target = comments.find((item) => item.comment_id === write.commentId);
          if (target) target.refusedDelete = state.reason;
        } else {
          comments = comments.filter((item) => item.comment_id !== write.commentId);
        }
        break;
      case 'deleteReply': {
        const parent = comments.find((item) => item.comment_id === write.commentId);
        if (!parent) break;
        if (state.status === 'refused') {
          const target = parent.replies.find((item) => item.reply_id === write.replyId);
          if (target) target.refusedDelete = state.reason;
        } else {
          parent.replies = parent.replies.filter((item) => item.reply_id !== write.replyId);
        }
        break;
      }
    }
  }

  const likeCount = server ? server.like_count + (liked ? 1 : 0) - (serverLiked ? 1 : 0) : null;
  return { liked, likeCount, likeState, comments };
}
