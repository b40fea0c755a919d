/**
 * The media repository: every write of a photo's likes and comments goes through here (docs/api.md
 * "Sighting photos, comments and likes"; SPEC §4 "Offline writes"). These are not collection
 * records: online a write is one API call; without signal it becomes an offline stored request
 * (`storeRequest`, the outbox) that the member's sync runtime replays oldest first. This module
 * never drains the outbox itself.
 *
 * Why a replay can never double anything:
 * - comment and reply ids are made here with crypto.randomUUID() BEFORE the first attempt, and the
 *   same id goes to the server whether the call is sent now or replayed later (a PUT of a known id
 *   by its author creates nothing);
 * - a like carries its wanted state (`liked: true|false`), not a toggle;
 * - deletes are tombstones on the server, and deleting again answers success.
 *
 * Why a write sometimes waits although the device is online: while the member still has unsent
 * writes about this photo in the outbox, a new one is stored behind them instead of overtaking
 * them. Otherwise a like sent now could be undone by an older "unlike" replayed after it, and a
 * reply to a comment that has not reached the server yet would be refused (404).
 */
import { ApiError } from '../../api/ApiError';
import type { ApiClient } from '../../api/client';
import type { Payload } from '../../api/url';
import { db as appDb } from '../../db/db';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { OutboxRow } from '../../db/rows';
import { storeRequest } from '../../db/sync/outbox';
import { isPermanentRefusal } from '../../db/sync/push';
import type { CommentWriteResponse, LikeWriteResponse, ReplyWriteResponse } from '@contract/media';
import { mediaUrlPrefix, requestOf, type MediaWrite } from './mediaRequests';

export interface MediaWriteContext {
  db: FieldmarkDB;
  api: ApiClient;
  /** The signed-in member: the author, and whose outbox rows these are. */
  userId: string;
  /** The app's network flag (selectIsOnline): false stores the write without trying. */
  isOnline: boolean;
  now?: () => number;
}

/** The context of the running app: its database, with the store's client, member and network flag. */
export function appWriteContext(api: ApiClient, userId: string, isOnline: boolean): MediaWriteContext {
  return { db: appDb, api, userId, isOnline };
}

/**
 * Why a write was stored rather than sent: `offline` (no signal, or no answer), `unavailable` (the
 * server answered 5xx/429: the outbox retries it as it would any stored request), `queued` (older
 * writes about this photo wait, see the module comment).
 */
export type StoredBecause = 'offline' | 'unavailable' | 'queued';

export type WriteOutcome<Answer> =
  { sent: true; answer: Answer } | { sent: false; because: StoredBecause; row: OutboxRow };

/** The member's writes about `mediaId` that wait in the outbox and will be replayed (not parked). */
export async function waitingWrites(db: FieldmarkDB, userId: string, mediaId: string): Promise<OutboxRow[]> {
  const prefix = mediaUrlPrefix(mediaId);
  const rows = await db.outbox
    .filter((row) => row.user_id === userId && row.parked === undefined && row.url.startsWith(prefix))
    .toArray();
  return rows.sort((a, b) => a.time - b.time);
}

/** The outbox's own rule (push.ts), as a plain boolean so the ApiError stays narrowed. */
const isRefusedForGood = (error: ApiError): boolean => isPermanentRefusal(error);

async function write<Answer>(context: MediaWriteContext, change: MediaWrite): Promise<WriteOutcome<Answer>> {
  const { db, api, userId } = context;
  const request = requestOf(change);
  const waiting = await waitingWrites(db, userId, change.mediaId);
  const store = async (because: StoredBecause): Promise<WriteOutcome<Answer>> => {
    // The outbox replays by `time`, and rows of the same millisecond would go in the order of their
    // random ids: a write stored behind others of this photo is given a later time than all of them.
    const latest = waiting.at(-1)?.time ?? -Infinity;
    const time = Math.max((context.now ?? Date.now)(), latest + 1);
    const row = await storeRequest(db, { ...request, user_id: userId }, time);
    return { sent: false, because, row };
  };

  if (!context.isOnline) return store('offline');
  if (waiting.length > 0) return store('queued');
  try {
    return {
      sent: true,
      answer: await api.request<Answer>(request.type, request.url, request.data as Payload),
    };
  } catch (error) {
    // Exactly what the outbox would keep: no answer, or an answer that may change on a retry. A
    // permanent refusal (the comment is not yours, the photo is gone) is the member's to see now.
    if (!(error instanceof ApiError) || isRefusedForGood(error)) throw error;
    return store(error.isOffline ? 'offline' : 'unavailable');
  }
}

/** Likes or unlikes the photo as the signed-in member (the wanted state, so replays agree). */
export function setLike(
  context: MediaWriteContext,
  mediaId: string,
  liked: boolean,
): Promise<WriteOutcome<LikeWriteResponse>> {
  return write(context, { kind: 'like', mediaId, userId: context.userId, liked });
}

/** Comments on the photo under a new id made here, before the first attempt. */
export async function addComment(
  context: MediaWriteContext,
  mediaId: string,
  text: string,
): Promise<WriteOutcome<CommentWriteResponse> & { commentId: string }> {
  const commentId = crypto.randomUUID();
  const outcome = await write<CommentWriteResponse>(context, { kind: 'comment', mediaId, commentId, text });
  return { ...outcome, commentId };
}

/** Replies to a comment (which may itself still wait in the outbox) under a new reply id. */
export async function replyToComment(
  context: MediaWriteContext,
  mediaId: string,
  commentId: string,
  text: string,
): Promise<WriteOutcome<ReplyWriteResponse> & { replyId: string }> {
  const replyId = crypto.randomUUID();
  const outcome = await write<ReplyWriteResponse>(context, {
    kind: 'reply',
    mediaId,
    commentId,
    replyId,
    text,
  });
  return { ...outcome, replyId };
}

/** Deletes a comment with its replies (its author, or the photo's owner). */
export function deleteComment(
  context: MediaWriteContext,
  mediaId: string,
  commentId: string,
): Promise<WriteOutcome<unknown>> {
  return write(context, { kind: 'deleteComment', mediaId, commentId });
}

/** Deletes one reply of a comment (its author, or the photo's owner). */
export function deleteReply(
  context: MediaWriteContext,
  mediaId: string,
  commentId: string,
  replyId: string,
): Promise<WriteOutcome<unknown>> {
  return write(context, { kind: 'deleteReply', mediaId, commentId, replyId });
}
