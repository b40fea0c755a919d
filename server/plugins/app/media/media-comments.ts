/**
 * Comments on photos and their replies (SPEC §7 "media/{id}/comments…", "comment/{id}"; docs/api.md
 * "Sighting photos, comments and likes"), one table `media_comments`: a reply is a row whose
 * `parent_id` is a comment of the same photo (one level: no replies to replies).
 *
 * - **Client-generated ids**, unique over the table. A PUT is create-or-edit by the author: a new
 *   id is created; the author's own live one of the same place (photo, parent) is edited (an equal
 *   text writes nothing); another member's is 403; the author's id used elsewhere is 409; a deleted
 *   one is 409 (a replayed PUT must not bring it back). Two racing creates of one id store it once
 *   (ON CONFLICT DO NOTHING, then the rules above on the winner).
 * - **Delete** marks the row (and a comment's replies) deleted: by its author or the photo's owner.
 *   Deleting it again answers as done.
 * - Who may see the photo, and so its comments, is the caller's business (ObservationPhotos).
 */
import { sql, type Kysely } from 'kysely';
import type { Comment, Reply } from '@contract/media';
import { messages } from '@contract/messages';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import type { MediaCommentRow } from './tables';
import { conflict, forbidden, notFound } from '../../../errors';

type Row = MediaCommentRow & { nickname: string | null };

export interface CommentWrite {
  mediaId: string;
  id: string;
  /** null: a comment; else the comment a reply answers. */
  parentId: string | null;
  authorId: string;
  /** Trimmed, not empty. */
  body: string;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function authored(row: Row) {
  return {
    media_id: row.media_id,
    user_id: row.author_id,
    nickname: row.nickname,
    comment: row.body,
    created_at: seconds(row.created_at),
    updated_at: seconds(row.updated_at),
  };
}

export function replyOf(row: Row): Reply {
  return { reply_id: row.id, comment_id: row.parent_id ?? '', ...authored(row) };
}

export class MediaComments {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  private select() {
    return this.db
      .selectFrom('media_comments as c')
      .leftJoin('users as u', 'u.id', 'c.author_id')
      .selectAll('c')
      .select('u.nickname');
  }

  /** A comment or reply by id, deleted or not. */
  async find(id: string): Promise<Row | undefined> {
    return this.select().where('c.id', '=', id).executeTakeFirst();
  }

  /** The photo's live comments, oldest first, each with its live replies. */
  async list(mediaId: string, page?: { limit: number; skip: number }): Promise<Comment[]> {
    let query = this.select()
      .where('c.media_id', '=', mediaId)
      .where('c.parent_id', 'is', null)
      .where('c.deleted_at', 'is', null)
      .orderBy('c.created_at')
      .orderBy('c.id');
    if (page) query = query.limit(page.limit).offset(page.skip);
    return this.withReplies(await query.execute());
  }

  /** Live comments and replies of the photo (a reply counts while its comment lives). */
  async count(mediaId: string): Promise<number> {
    const { rows } = await sql<{ count: string }>`
      SELECT count(*) AS count FROM media_comments c
      WHERE c.media_id = ${mediaId} AND c.deleted_at IS NULL
        AND (c.parent_id IS NULL OR EXISTS (SELECT 1 FROM media_comments p
          WHERE p.id = c.parent_id AND p.deleted_at IS NULL))`.execute(this.db);
    return Number(rows[0]?.count ?? 0);
  }

  /** A live comment with its replies, and one of those replies when asked for; else undefined. */
  async lookup(
    commentId: string,
    replyId?: string,
  ): Promise<{ comment: Comment; reply: Reply | null } | undefined> {
    const row = await this.find(commentId);
    if (!row || row.deleted_at !== null || row.parent_id !== null) return undefined;
    const [comment] = await this.withReplies([row]);
    if (!comment) return undefined;
    if (replyId === undefined) return { comment, reply: null };
    const reply = comment.replies.find((candidate) => candidate.reply_id === replyId);
    return reply ? { comment, reply } : undefined;
  }

  /** A live comment of the photo (a reply's parent); 404 otherwise. */
  async liveComment(mediaId: string, commentId: string): Promise<Row> {
    const row = await this.find(commentId);
    if (!row || row.media_id !== mediaId || row.parent_id !== null || row.deleted_at !== null)
      throw notFound(messages.commentNotFound);
    return row;
  }

  /** Create-or-edit (see the header); answers the stored row and whether it was created. */
  async put(input: CommentWrite): Promise<{ row: Row; created: boolean }> {
    const stored = await this.find(input.id);
    if (stored) return { row: await this.edit(stored, input), created: false };
    const now = new Date(this.clock.now());
    const inserted = await this.db
      .insertInto('media_comments')
      .values({
        id: input.id,
        media_id: input.mediaId,
        parent_id: input.parentId,
        author_id: input.authorId,
        body: input.body,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    const row = await this.find(input.id);
    if (!row) throw new Error(`comment ${input.id} neither inserted nor found`);
    return inserted ? { row, created: true } : { row: await this.edit(row, input), created: false };
  }

  /**
   * Deletes a comment (with its replies) or a reply of `parentId`, by its author or the photo's
   * owner; an unknown id or one of another place is 404, a deleted one answers as done.
   */
  async remove(input: {
    mediaId: string;
    id: string;
    parentId: string | null;
    memberId: string;
    photoOwnerId: string | null;
  }): Promise<void> {
    const row = await this.find(input.id);
    if (!row || row.media_id !== input.mediaId || row.parent_id !== input.parentId)
      throw notFound(messages.commentNotFound);
    if (row.author_id !== input.memberId && input.photoOwnerId !== input.memberId)
      throw forbidden(messages.commentNotYours);
    if (row.deleted_at !== null) return;
    await this.db
      .updateTable('media_comments')
      .set({ deleted_at: new Date(this.clock.now()) })
      .where((eb) => eb.or([eb('id', '=', row.id), eb('parent_id', '=', row.id)]))
      .where('deleted_at', 'is', null)
      .execute();
  }

  private async edit(stored: Row, input: CommentWrite): Promise<Row> {
    if (stored.media_id !== input.mediaId || stored.parent_id !== input.parentId)
      throw conflict(messages.commentIdTaken);
    if (stored.author_id !== input.authorId) throw forbidden(messages.commentNotYours);
    if (stored.deleted_at !== null) throw conflict(messages.commentDeleted);
    if (stored.body === input.body) return stored;
    const updatedAt = new Date(this.clock.now());
    await this.db
      .updateTable('media_comments')
      .set({ body: input.body, updated_at: updatedAt })
      .where('id', '=', stored.id)
      .execute();
    return { ...stored, body: input.body, updated_at: updatedAt };
  }

  private async withReplies(rows: readonly Row[]): Promise<Comment[]> {
    if (rows.length === 0) return [];
    const replies = await this.select()
      .where(
        'c.parent_id',
        'in',
        rows.map((row) => row.id),
      )
      .where('c.deleted_at', 'is', null)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute();
    return rows.map((row) => ({
      comment_id: row.id,
      ...authored(row),
      replies: replies.filter((reply) => reply.parent_id === row.id).map(replyOf),
    }));
  }
}
