/**
 * Members' sighting photos (SPEC §7; docs/api.md "Sighting photos, comments and likes"):
 * - PUT media/{id}/base64 {image, observation_id?, photo_name?, thumbnail?, banner?}: a member
 *   stores a photo under the id their device generated. Processed as species photos are (upright,
 *   ≤ 2048 px JPEG, 320 px WebP thumbnail, no metadata); `thumbnail` and `banner` are accepted and
 *   ignored (the server makes its own). A replay answers the stored photo with `created: false`.
 * - GET media/{id}/base64: the original as a data URL; GET media/{id}/meta (load_all): the photo,
 *   comment and like counts, and with load_all the comments and likes. Both for whoever may see
 *   the photo (observation-photos.ts "Visibility"); a client token is enough for a public one.
 * - DELETE media/{id}/preview (type): the owner deletes the photo; `type` is accepted and ignored.
 * PUT media/{id}/featured and DELETE media/{id}/species are not offered (docs/api.md says why).
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses, FailedSchema, OkSchema } from '@contract/envelope';
import {
  MEDIA_EXTRA_FIELD_MAX_LENGTH,
  MediaBase64ResponseSchema,
  MediaIdParamsSchema,
  MediaMetaQuerySchema,
  MediaMetaResponseSchema,
  MediaPreviewDeleteQuerySchema,
  MediaUploadResponseSchema,
  MediaUploadSchema,
  PHOTO_MAX_BASE64_LENGTH,
} from '@contract/media';
import { memberOf, viewerOf } from '../../plugins/app/auth/guard';
import { photoBodyTooLarge } from '../../plugins/app/media/images';

/** The image, the ignored thumbnail and banner at their largest, and the JSON around them. */
const UPLOAD_BODY_LIMIT = PHOTO_MAX_BASE64_LENGTH + 2 * MEDIA_EXTRA_FIELD_MAX_LENGTH + 4096;

const photos: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const { observationPhotos, comments, likes } = app.media;

  app.put(
    '/media/:id/base64',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['media'],
        summary: 'Upload a photo of a sighting under a device-generated id (a replay writes nothing)',
        params: MediaIdParamsSchema,
        body: MediaUploadSchema,
        response: { 200: MediaUploadResponseSchema, ...failedResponses, 413: FailedSchema },
      },
      // At onRequest, before a body of up to 22 MB is read: the guard needs headers only.
      onRequest: app.authorize(),
      errorHandler: photoBodyTooLarge,
    },
    async (request) => {
      const { image, observation_id, photo_name } = request.body;
      const { row, created } = await observationPhotos.upload({
        id: request.params.id,
        ownerId: memberOf(request).userId,
        image,
        observationId: observation_id ?? null,
        photoName: photo_name?.trim() || null,
      });
      return { status: 'success' as const, media: observationPhotos.toPhoto(row), created };
    },
  );

  app.get(
    '/media/:id/base64',
    {
      schema: {
        tags: ['media'],
        summary: 'A photo as a data URL (the owner, or anyone when its sighting is public)',
        params: MediaIdParamsSchema,
        response: { 200: MediaBase64ResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const row = await observationPhotos.visible(request.params.id, viewerOf(request));
      const image = await observationPhotos.dataUrl(row);
      return { status: 'success' as const, image, media: observationPhotos.toPhoto(row) };
    },
  );

  app.get(
    '/media/:id/meta',
    {
      schema: {
        tags: ['media'],
        summary: 'A photo with its comment and like counts; load_all adds the comments and likes',
        params: MediaIdParamsSchema,
        querystring: MediaMetaQuerySchema,
        response: { 200: MediaMetaResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const viewer = viewerOf(request);
      const row = await observationPhotos.visible(request.params.id, viewer);
      const [commentCount, likeCount, liked] = await Promise.all([
        comments.count(row.id),
        likes.count(row.id),
        viewer === null ? false : likes.likes(row.id, viewer),
      ]);
      const answer = {
        status: 'success' as const,
        media: observationPhotos.toPhoto(row),
        comment_count: commentCount,
        like_count: likeCount,
        liked,
      };
      if (!request.query.load_all) return answer;
      return { ...answer, comments: await comments.list(row.id), likes: await likes.list(row.id) };
    },
  );

  app.delete(
    '/media/:id/preview',
    {
      schema: {
        tags: ['media'],
        summary: "Delete one's own sighting photo (its files go; later calls answer 404)",
        params: MediaIdParamsSchema,
        querystring: MediaPreviewDeleteQuerySchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => {
      await observationPhotos.remove(request.params.id, memberOf(request).userId);
      return { status: 'success' as const };
    },
  );
  done();
};

export default photos;
