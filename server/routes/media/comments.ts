/**
 * Comments and likes on a photo (SPEC §7; docs/api.md "Sighting photos, comments and likes").
 * Reading needs only that the caller may see the photo (a client token for a public one); writing
 * needs a member who may see it. Ids of comments and replies are the device's, so a replayed PUT
 * edits nothing or creates nothing twice (media-comments.ts).
 * - GET media/{id}/comments (limit, skip): comments oldest first, each with its replies.
 * - PUT media/{id}/comments/{comment_id} {comment}: create or edit one's own comment.
 * - DELETE media/{id}/comments/{comment_id}[/{reply_id}]: SPEC's `media/{a}/comments/{b}/{c}`; the
 *   comment (with its replies) or one reply of it, by its author or the photo's owner.
 * - PUT media/{id}/comments/{comment_id}/reply {comment, reply_id}: create or edit one's own reply;
 *   DELETE media/{id}/comments/{comment_id}/reply/{reply_id}: as the DELETE above.
 * - GET media/{id}/likes; PUT media/{id}/likes/{user} {liked}: only as oneself, idempotent.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses, OkSchema } from '@contract/envelope';
import {
  CommentParamsSchema,
  CommentsQuerySchema,
  CommentsResponseSchema,
  CommentWriteResponseSchema,
  CommentWriteSchema,
  LikeParamsSchema,
  LikesResponseSchema,
  LikeWriteResponseSchema,
  LikeWriteSchema,
  MediaIdParamsSchema,
  ReplyParamsSchema,
  ReplyWriteResponseSchema,
  ReplyWriteSchema,
} from '@contract/media';
import { messages } from '@contract/messages';
import { badRequest, forbidden } from '../../errors';
import { memberOf, viewerOf } from '../../plugins/app/auth/guard';
import { replyOf } from '../../plugins/app/media/media-comments';

/** The text of a comment or reply: trimmed, not empty (the schema caps its length). */
function commentText(comment: string): string {
  const text = comment.trim();
  if (text === '') throw badRequest(messages.commentEmpty);
  return text;
}

const comments: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const { observationPhotos: photos, comments: store, likes } = app.media;
  const anyone = app.authorize({ allowClient: true });
  const member = app.authorize();

  /** One answered comment, replies included, as a list answers it. */
  async function commentOf(id: string) {
    const found = await store.lookup(id);
    if (!found) throw new Error(`comment ${id} not found after a write`);
    return found.comment;
  }

  async function deleteComment(
    params: { id: string; comment_id: string },
    memberId: string,
    replyId?: string,
  ) {
    const photo = await photos.visible(params.id, memberId);
    await store.remove({
      mediaId: photo.id,
      id: replyId ?? params.comment_id,
      parentId: replyId === undefined ? null : params.comment_id,
      memberId,
      photoOwnerId: photo.owner_id,
    });
    return { status: 'success' as const };
  }

  app.get(
    '/media/:id/comments',
    {
      schema: {
        tags: ['media'],
        summary: "A photo's comments, oldest first, each with its replies",
        params: MediaIdParamsSchema,
        querystring: CommentsQuerySchema,
        response: { 200: CommentsResponseSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request) => {
      const photo = await photos.visible(request.params.id, viewerOf(request));
      return { status: 'success' as const, comments: await store.list(photo.id, request.query) };
    },
  );

  app.put(
    '/media/:id/comments/:comment_id',
    {
      schema: {
        tags: ['media'],
        summary: "Comment on a photo under a device-generated id, or edit one's own comment",
        params: CommentParamsSchema,
        body: CommentWriteSchema,
        response: { 200: CommentWriteResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => {
      const memberId = memberOf(request).userId;
      const photo = await photos.visible(request.params.id, memberId);
      const { row, created } = await store.put({
        mediaId: photo.id,
        id: request.params.comment_id,
        parentId: null,
        authorId: memberId,
        body: commentText(request.body.comment),
      });
      return { status: 'success' as const, comment: await commentOf(row.id), created };
    },
  );

  app.delete(
    '/media/:id/comments/:comment_id',
    {
      schema: {
        tags: ['media'],
        summary: 'Delete a comment and its replies (its author or the photo owner)',
        params: CommentParamsSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => deleteComment(request.params, memberOf(request).userId),
  );

  app.put(
    '/media/:id/comments/:comment_id/reply',
    {
      schema: {
        tags: ['media'],
        summary: "Reply to a comment under a device-generated reply_id, or edit one's own reply",
        params: CommentParamsSchema,
        body: ReplyWriteSchema,
        response: { 200: ReplyWriteResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => {
      const memberId = memberOf(request).userId;
      const photo = await photos.visible(request.params.id, memberId);
      const parent = await store.liveComment(photo.id, request.params.comment_id);
      const { row, created } = await store.put({
        mediaId: photo.id,
        id: request.body.reply_id,
        parentId: parent.id,
        authorId: memberId,
        body: commentText(request.body.comment),
      });
      return { status: 'success' as const, reply: replyOf(row), created };
    },
  );

  // SPEC's DELETE media/{a}/comments/{b}/{c} and DELETE media/{id}/comments/{cid}/reply/{rid}.
  for (const path of [
    '/media/:id/comments/:comment_id/:reply_id',
    '/media/:id/comments/:comment_id/reply/:reply_id',
  ]) {
    app.delete(
      path,
      {
        schema: {
          tags: ['media'],
          summary: 'Delete a reply (its author or the photo owner)',
          params: ReplyParamsSchema,
          response: { 200: OkSchema, ...failedResponses },
        },
        preHandler: member,
      },
      async (request) => deleteComment(request.params, memberOf(request).userId, request.params.reply_id),
    );
  }

  app.get(
    '/media/:id/likes',
    {
      schema: {
        tags: ['media'],
        summary: 'Who likes a photo, newest first',
        params: MediaIdParamsSchema,
        response: { 200: LikesResponseSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request) => {
      const photo = await photos.visible(request.params.id, viewerOf(request));
      const list = await likes.list(photo.id);
      return { status: 'success' as const, likes: list, count: list.length };
    },
  );

  app.put(
    '/media/:id/likes/:user',
    {
      schema: {
        tags: ['media'],
        summary: 'Like or unlike a photo, as oneself (idempotent)',
        params: LikeParamsSchema,
        body: LikeWriteSchema,
        response: { 200: LikeWriteResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => {
      const memberId = memberOf(request).userId;
      if (request.params.user.toLowerCase() !== memberId) throw forbidden(messages.likeOnlyYourself);
      const photo = await photos.visible(request.params.id, memberId);
      const { liked } = request.body;
      return { status: 'success' as const, liked, count: await likes.set(photo.id, memberId, liked) };
    },
  );
  done();
};

export default comments;
