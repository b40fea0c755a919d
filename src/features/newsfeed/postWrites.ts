/**
 * Writing a post (PUT newsfeed/{id}; docs/api.md "Newsfeed", docs/sync.md "The newsfeed offline").
 * A post is the member's own work, so it is kept on the device first and sent by the member's sync
 * runtime, online or not, exactly as a comment made offline:
 * - its photos (already resized on the device) go into the photo upload queue under ids made here,
 *   with no sighting (`observation_id` ''), so a replay never makes a second photo;
 * - the post itself becomes an offline stored request under an id made here, so a replay edits
 *   the same post instead of writing a second one (the server answers `created: false`).
 * One strict transaction writes both: a phone that dies a moment later still has the post. The
 * sync pass uploads the photos before it replays stored requests, so the post names photos the
 * server holds.
 */
import { POST_PHOTOS_MAX, POST_TEXT_MAX, type PostRequest } from '@contract/community';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { OutboxRow, PhotoUploadRow } from '../../db/rows';
import { storeRequest } from '../../db/sync/outbox';

/** A photo of the composer, resized on the device (observations' usePendingPhotos). */
export interface PostPhoto {
  media_id: string;
  bytes: ArrayBuffer;
  content_type: string;
  width: number;
  height: number;
}

const POST_PATH = /^newsfeed\/([A-Za-z0-9_-]{1,64})$/;

export function postPath(postId: string): string {
  return `newsfeed/${postId}`;
}

/** Why a post cannot be written as it is, or null. The server says the same (docs/api.md). */
export function postProblem(
  text: string,
  photoCount: number,
  hasSighting = false,
): 'empty' | 'tooLong' | 'tooManyPhotos' | null {
  if (text.trim() === '' && photoCount === 0 && !hasSighting) return 'empty';
  if (text.trim().length > POST_TEXT_MAX) return 'tooLong';
  if (photoCount > POST_PHOTOS_MAX) return 'tooManyPhotos';
  return null;
}

export interface NewPost {
  text: string;
  photos: readonly PostPhoto[];
  /** One of the member's public sightings (the sync pass pushes it before the post is replayed). */
  observationId?: string | null;
  /** A group the member belongs to: the post shows in the group's feed too. */
  groupId?: string | null;
}

/** Keeps the post and its photos on the device for the sync runtime to send; answers its id. */
export async function writePost(
  db: FieldmarkDB,
  userId: string,
  post: NewPost,
  now = Date.now(),
): Promise<{ postId: string; row: OutboxRow }> {
  const postId = crypto.randomUUID();
  const uploads: PhotoUploadRow[] = post.photos.map((photo, index) => ({
    media_id: photo.media_id,
    observation_id: '',
    user_id: userId,
    bytes: photo.bytes,
    content_type: photo.content_type,
    width: photo.width,
    height: photo.height,
    // One millisecond apart: the queue uploads by `created`, so the photos keep the post's order.
    created: now + index,
    attempts: 0,
  }));
  const body: PostRequest = {
    text: post.text.trim(),
    photos: post.photos.map((photo) => photo.media_id),
    ...(post.observationId ? { observation_id: post.observationId } : {}),
    ...(post.groupId ? { group_id: post.groupId } : {}),
  };
  const row = await db.transaction('rw', db.photo_uploads, db.outbox, async () => {
    if (uploads.length > 0) await db.photo_uploads.bulkPut(uploads);
    return storeRequest(db, { url: postPath(postId), type: 'PUT', data: body, user_id: userId }, now);
  });
  return { postId, row };
}

/** A post of the member that waits in the outbox (or was refused, with the server's reason). */
export interface PendingPost {
  postId: string;
  rowId: string;
  text: string;
  photoIds: string[];
  /** The group it is posted in, or null. */
  groupId: string | null;
  time: number;
  refused: string | null;
}

/**
 * An edit of a post, and a new post, are both PUT newsfeed/{id}: a new post always names its photos
 * (writePost), an edit sends its text only (editPost), so the server keeps the rest.
 */
const isEdit = (data: PostRequest) => !Array.isArray(data.photos);

/** The member's posts among their outbox rows, newest first. */
export function pendingPosts(rows: readonly OutboxRow[]): PendingPost[] {
  const posts: PendingPost[] = [];
  for (const row of rows) {
    const postId = POST_PATH.exec(row.url)?.[1];
    if (postId === undefined || row.type !== 'PUT') continue;
    const data = row.data as PostRequest;
    if (isEdit(data)) continue;
    posts.push({
      postId,
      rowId: row.id,
      text: typeof data.text === 'string' ? data.text : '',
      photoIds: Array.isArray(data.photos) ? data.photos : [],
      groupId: typeof data.group_id === 'string' ? data.group_id : null,
      time: row.time,
      refused: row.parked?.reason ?? null,
    });
  }
  return posts.sort((a, b) => b.time - a.time);
}

/** Drops a refused post and its photos that still wait (the member let it go). */
export async function discardPost(db: FieldmarkDB, post: PendingPost): Promise<void> {
  await db.transaction('rw', db.photo_uploads, db.outbox, async () => {
    await db.outbox.delete(post.rowId);
    await db.photo_uploads.bulkDelete(post.photoIds);
  });
}

/** An edit of one of the member's posts on the server, waiting in the outbox (or refused). */
export interface PendingEdit {
  postId: string;
  rowId: string;
  text: string;
  time: number;
  refused: string | null;
}

/** The newest waiting edit of each post among the member's outbox rows. */
export function pendingEdits(rows: readonly OutboxRow[]): Map<string, PendingEdit> {
  const edits = new Map<string, PendingEdit>();
  for (const row of rows) {
    const postId = POST_PATH.exec(row.url)?.[1];
    if (postId === undefined || row.type !== 'PUT' || !isEdit(row.data)) continue;
    const data = row.data as PostRequest;
    const edit: PendingEdit = {
      postId,
      rowId: row.id,
      text: typeof data.text === 'string' ? data.text : '',
      time: row.time,
      refused: row.parked?.reason ?? null,
    };
    const known = edits.get(postId);
    if (!known || known.time < edit.time) edits.set(postId, edit);
  }
  return edits;
}

/**
 * Keeps a new text for one's post on the device for the sync runtime to send (PUT newsfeed/{id}
 * with the text only), through the same queue as posting, online or not. A second edit made before
 * the first was sent is stored behind it (a later time), so the server ends with the newest text.
 */
export async function editPost(
  db: FieldmarkDB,
  userId: string,
  postId: string,
  text: string,
  now = Date.now(),
): Promise<OutboxRow> {
  const body: PostRequest = { text: text.trim() };
  const url = postPath(postId);
  return db.transaction('rw', db.outbox, async () => {
    const waiting = await db.outbox.filter((row) => row.url === url && row.user_id === userId).toArray();
    const after = Math.max(now, ...waiting.map((row) => row.time + 1));
    return storeRequest(db, { url, type: 'PUT', data: body, user_id: userId }, after);
  });
}

/** Lets a refused edit go (the post stays as the server has it). */
export async function discardEdit(db: FieldmarkDB, edit: PendingEdit): Promise<void> {
  await db.outbox.delete(edit.rowId);
}
