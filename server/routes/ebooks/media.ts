/**
 * The ebook media library (SPEC §7 "Ebooks"; docs/api.md "Ebooks"). Role admin (SPEC §6):
 * - POST ebooks/media {photo: base64 data URL, photo_name?, type, category?}: stores a picture
 *   through the photo pipeline every upload uses (plugins/app/media/images.ts) and answers it;
 * - GET ebooks/admin/media (filters_type, filters_category, filter_search, skip, limit): newest
 *   first, with the total;
 * - GET ebooks/admin/media/{id}.
 * The files are served by GET media/{id}/original.jpg and thumbnail.webp, like every photo.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import {
  EBOOKS_ADMIN,
  EbookMediaIdParamsSchema,
  EbookMediaListQuerySchema,
  EbookMediaListResponseSchema,
  EbookMediaResponseSchema,
  EbookMediaUploadSchema,
  type EbookMediaListResponse,
  type EbookMediaResponse,
} from '@contract/ebooks';
import { failedResponses, FailedSchema } from '@contract/envelope';
import { PHOTO_MAX_BASE64_LENGTH } from '@contract/media';
import { memberOf } from '../../plugins/app/auth/guard';
import { decodePhotoField, photoBodyTooLarge } from '../../plugins/app/media/images';

/** The base64 photo, the name, type and category, and the JSON around them. */
const UPLOAD_BODY_LIMIT = PHOTO_MAX_BASE64_LENGTH + 4096;

const media: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const admin = app.authorize(EBOOKS_ADMIN);
  const library = app.ebooks.media;
  const tags = ['ebooks'];

  app.post(
    '/ebooks/media',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Upload a picture to the ebook media library (admin); base64 JSON',
        body: EbookMediaUploadSchema,
        response: { 200: EbookMediaResponseSchema, ...failedResponses, 413: FailedSchema },
      },
      // At onRequest, before a body of up to 20 MB is read and parsed: the guard needs headers only.
      onRequest: admin,
      errorHandler: photoBodyTooLarge,
    },
    async (request): Promise<EbookMediaResponse> => {
      const bytes = decodePhotoField(request.body.photo);
      return {
        status: 'success',
        media: await library.upload({
          ownerId: memberOf(request).userId,
          bytes,
          photoName: request.body.photo_name?.trim() || null,
          type: request.body.type,
          category: request.body.category?.trim() ?? '',
        }),
      };
    },
  );

  app.get(
    '/ebooks/admin/media',
    {
      schema: {
        tags,
        summary:
          'The ebook media library, newest first: filters_type, filters_category, filter_search (admin)',
        querystring: EbookMediaListQuerySchema,
        response: { 200: EbookMediaListResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<EbookMediaListResponse> => ({
      status: 'success',
      ...(await library.list(request.query)),
    }),
  );

  app.get(
    '/ebooks/admin/media/:id',
    {
      schema: {
        tags,
        summary: 'One picture of the ebook media library (admin)',
        params: EbookMediaIdParamsSchema,
        response: { 200: EbookMediaResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<EbookMediaResponse> => ({
      status: 'success',
      media: await library.get(request.params.id),
    }),
  );

  done();
};

export default media;
