/**
 * GET comment/{id} and GET comment/{id}|{reply_id} (SPEC §7; docs/api.md "Sighting photos,
 * comments and likes"): a comment with its replies, found by its id alone (comment ids are unique
 * over all photos), and the reply asked for. Whoever may see the comment's photo may read it.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { CommentLookupParamsSchema, CommentLookupResponseSchema } from '@contract/media';
import { messages } from '@contract/messages';
import { notFound } from '../../errors';
import { viewerOf } from '../../plugins/app/auth/guard';

const comment: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const { observationPhotos: photos, comments } = app.media;

  app.get(
    '/comment/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'A comment with its replies; <comment id>|<reply id> also answers that reply',
        params: CommentLookupParamsSchema,
        response: { 200: CommentLookupResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const [commentId = '', replyId] = request.params.id.split('|');
      const found = await comments.lookup(commentId, replyId);
      const photo = found && (await photos.find(found.comment.media_id));
      if (!found || !photo || !(await photos.canSee(photo, viewerOf(request))))
        throw notFound(messages.commentNotFound);
      return { status: 'success' as const, comment: found.comment, reply: found.reply };
    },
  );
  done();
};

export default comment;
