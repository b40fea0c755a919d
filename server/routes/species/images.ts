/**
 * Species photos (SPEC §7; docs/api.md "Species photos"):
 * - GET species/{id}/images (limit, skip, randomize, user_id, category = all|species): the
 *   species' photos, oldest first, each with the URL of its 2048 px image and of its thumbnail.
 *   A client token is enough (reference data, like the species itself).
 * - POST species/{id}/images {photo: base64 data URL, photo_name?}: stores a reference photo
 *   (EXIF-rotated, metadata stripped, fitted to 2048 px and a 320 px thumbnail) and appends it to
 *   the species' `photo.thumbs`, so devices get it on their next sync. Reference photos are curated:
 *   role admin or permission species-admin:r, the rule of editing an existing species (SPEC §6,
 *   PUT species/{id}). JSON rather than multipart (no multipart parser in the stack), with a body
 *   limit raised for this route only.
 * - DELETE species/{id}/images/{media_id}: admin / species-admin:r, or the member who uploaded it.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses, FailedSchema } from '@contract/envelope';
import {
  PHOTO_MAX_BASE64_LENGTH,
  SpeciesImageDeleteResponseSchema,
  SpeciesImageParamsSchema,
  SpeciesImagesQuerySchema,
  SpeciesImagesResponseSchema,
  SpeciesImageUploadResponseSchema,
  SpeciesImageUploadSchema,
} from '@contract/media';
import { messages } from '@contract/messages';
import { canAccess, type AccessRule } from '@contract/permissions';
import { SpeciesIdParamsSchema } from '@contract/species';
import { forbidden, notFound } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';
import { decodePhotoField, photoBodyTooLarge } from '../../plugins/app/media/images';

/** Who curates species photos: the rule of PUT species/{id}. */
export const SPECIES_PHOTO_EDITORS: AccessRule = { role: 'admin', permission: 'species-admin:r' };

/** The base64 photo, the name and the JSON around them. */
const UPLOAD_BODY_LIMIT = PHOTO_MAX_BASE64_LENGTH + 4096;

const images: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const photos = app.media.speciesPhotos;

  app.get(
    '/species/:id/images',
    {
      schema: {
        tags: ['species'],
        summary: "A species' photos: URL of the 2048 px image and of the thumbnail of each",
        params: SpeciesIdParamsSchema,
        querystring: SpeciesImagesQuerySchema,
        response: { 200: SpeciesImagesResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const { id } = request.params;
      if (!(await photos.speciesExists(id))) throw notFound(messages.speciesNotFound);
      return { status: 'success' as const, images: await photos.list(id, request.query) };
    },
  );

  app.post(
    '/species/:id/images',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['species'],
        summary: 'Upload a reference photo of a species (admin or species-admin:r); base64 JSON',
        params: SpeciesIdParamsSchema,
        body: SpeciesImageUploadSchema,
        response: { 200: SpeciesImageUploadResponseSchema, ...failedResponses, 413: FailedSchema },
      },
      // At onRequest, before a body of up to 20 MB is read and parsed: the guard needs headers only.
      onRequest: app.authorize(SPECIES_PHOTO_EDITORS),
      // A body over the route's limit: 413 in the photo's terms.
      errorHandler: photoBodyTooLarge,
    },
    async (request) => {
      const { id } = request.params;
      // Before decoding: no work for a species that is not there.
      if (!(await photos.speciesExists(id))) throw notFound(messages.speciesNotFound);
      const bytes = decodePhotoField(request.body.photo);
      const photoName = request.body.photo_name?.trim() || null;
      const result = await photos.upload({
        speciesId: id,
        ownerId: memberOf(request).userId,
        bytes,
        photoName,
      });
      if (!result) throw notFound(messages.speciesNotFound);
      return { status: 'success' as const, image: result.image, thumbs: result.thumbs };
    },
  );

  app.delete(
    '/species/:id/images/:media_id',
    {
      schema: {
        tags: ['species'],
        summary: 'Delete a species photo (admin, species-admin:r, or its uploader)',
        params: SpeciesImageParamsSchema,
        response: { 200: SpeciesImageDeleteResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => {
      const member = memberOf(request);
      const photo = await photos.find(request.params.id, request.params.media_id);
      if (!photo) throw notFound(messages.photoNotFound);
      if (photo.owner_id !== member.userId && !canAccess(member, SPECIES_PHOTO_EDITORS)) throw forbidden();
      return { status: 'success' as const, thumbs: await photos.remove(photo) };
    },
  );
  done();
};

export default images;
