/**
 * The writes of a photo's likes and comments as calls (docs/api.md "Sighting photos, comments and
 * likes"), in the one shape both paths use: sent at once through the API client, or stored in the
 * outbox (`{url, type, data}`) and replayed by the sync runtime. `parseMediaRequest` reads a stored
 * row back, so the page can show what still waits; it is the inverse of the builders below, and the
 * two must change together.
 */
import type { OutboxRow } from '../../db/rows';

/** The call of a write, exactly as an outbox row stores it (url under /api/v1.0/). */
export interface MediaRequest {
  url: string;
  type: 'PUT' | 'DELETE';
  data: Record<string, unknown>;
}

/** What a stored or sent write does, for the merge with the server's answer. */
export type MediaWrite =
  | { kind: 'like'; mediaId: string; userId: string; liked: boolean }
  | { kind: 'comment'; mediaId: string; commentId: string; text: string }
  | { kind: 'reply'; mediaId: string; commentId: string; replyId: string; text: string }
  | { kind: 'deleteComment'; mediaId: string; commentId: string }
  | { kind: 'deleteReply'; mediaId: string; commentId: string; replyId: string };

const segment = encodeURIComponent;

/** The url prefix of every write about one photo; the outbox is filtered by it. */
export function mediaUrlPrefix(mediaId: string): string {
  return `media/${segment(mediaId)}/`;
}

export function requestOf(write: MediaWrite): MediaRequest {
  const base = mediaUrlPrefix(write.mediaId);
  switch (write.kind) {
    case 'like':
      return { url: `${base}likes/${segment(write.userId)}`, type: 'PUT', data: { liked: write.liked } };
    case 'comment':
      return {
        url: `${base}comments/${segment(write.commentId)}`,
        type: 'PUT',
        data: { comment: write.text },
      };
    case 'reply':
      // The reply's id travels in the body (the server's shape); the address names its comment.
      return {
        url: `${base}comments/${segment(write.commentId)}/reply`,
        type: 'PUT',
        data: { comment: write.text, reply_id: write.replyId },
      };
    case 'deleteComment':
      return { url: `${base}comments/${segment(write.commentId)}`, type: 'DELETE', data: {} };
    case 'deleteReply':
      return {
        url: `${base}comments/${segment(write.commentId)}/${segment(write.replyId)}`,
        type: 'DELETE',
        data: {},
      };
  }
}

const PATTERNS = {
  like: /^media\/([^/]+)\/likes\/([^/]+)$/,
  comment: /^media\/([^/]+)\/comments\/([^/]+)$/,
  reply: /^media\/([^/]+)\/comments\/([^/]+)\/reply$/,
  deleteReply: /^media\/([^/]+)\/comments\/([^/]+)\/([^/]+)$/,
};

function text(data: Record<string, unknown>, key: string): string | null {
  const value = data[key];
  return typeof value === 'string' ? value : null;
}

/** A stored row read back as the write it is; null for anything that is not a media write. */
export function parseMediaRequest(row: Pick<OutboxRow, 'url' | 'type' | 'data'>): MediaWrite | null {
  const { url, type, data } = row;
  const like = PATTERNS.like.exec(url);
  if (like && type === 'PUT' && typeof data.liked === 'boolean') {
    return { kind: 'like', mediaId: decode(like[1]), userId: decode(like[2]), liked: data.liked };
  }
  const reply = PATTERNS.reply.exec(url);
  if (reply && type === 'PUT') {
    const body = text(data, 'comment');
    const replyId = text(data, 'reply_id');
    if (body === null || replyId === null) return null;
    return { kind: 'reply', mediaId: decode(reply[1]), commentId: decode(reply[2]), replyId, text: body };
  }
  const comment = PATTERNS.comment.exec(url);
  if (comment && type === 'PUT') {
    const body = text(data, 'comment');
    if (body === null) return null;
    return { kind: 'comment', mediaId: decode(comment[1]), commentId: decode(comment[2]), text: body };
  }
  if (comment && type === 'DELETE') {
    return { kind: 'deleteComment', mediaId: decode(comment[1]), commentId: decode(comment[2]) };
  }
  const deleteReply = PATTERNS.deleteReply.exec(url);
  if (deleteReply && type === 'DELETE') {
    return {
      kind: 'deleteReply',
      mediaId: decode(deleteReply[1]),
      commentId: decode(deleteReply[2]),
      replyId: decode(deleteReply[3]),
    };
  }
  return null;
}

function decode(value: string | undefined): string {
  return decodeURIComponent(value ?? '');
}
