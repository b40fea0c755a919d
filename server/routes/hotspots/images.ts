/**
 * Photos of places (docs/api.md "Photos of places and field guides"; SPEC §7 names no such call, so
 * these follow species/{id}/images):
 * - GET hotspots/{id}/images: the place's photos, oldest first, with size and caption. A client token
 *   is enough (reference data, like the place).
 * - POST hotspots/{id}/images {photo: base64 data URL, photo_name?}: admin (SPEC §6: hotspots need
 *   role admin). Processed as every photo is (upright, metadata stripped, ≤ 2048 px JPEG and a
 *   320 px WebP thumbnail) and appended to the place's `photos`; 409 past PLACE_PHOTOS_MAX.
 * - DELETE hotspots/{id}/images/{media_id}: admin.
 * `placeImageRoutes` is shared with field_guides/images.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginCallbackTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TObject, TString } from 'typebox';
import { failedResponses, FailedSchema } from '@contract/envelope';
import { PHOTO_MAX_BASE64_LENGTH } from '@contract/media';
import { messages } from '@contract/messages';
import {
  HotspotIdParamsSchema,
  HotspotImageParamsSchema,
  PlaceImageDeleteResponseSchema,
  PlaceImagesResponseSchema,
  PlaceImageUploadResponseSchema,
  PlaceImageUploadSchema,
} from '@contract/places';
import { notFound } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';
import { decodePhotoField, photoBodyTooLarge } from '../../plugins/app/media/images';
import type { PlacePhotoKind } from '../../plugins/app/media/place-photos';

/** The base64 photo, the name and the JSON around them. */
const UPLOAD_BODY_LIMIT = PHOTO_MAX_BASE64_LENGTH + 4096;

export interface PlaceImageRoutes {
  kind: PlacePhotoKind;
  /** The URL segment: 'hotspots' or 'field_guides'. */
  segment: string;
  /** What the answers call the owner, for the summaries. */
  noun: string;
  params: TObject<{ id: TString }>;
  imageParams: TObject<{ id: TString; media_id: TString }>;
  /** Throws 404 when the place or guide does not exist. */
  requireOwner: (id: string) => Promise<void>;
  ownerGone: string;
}

/** The three photo calls of a place or a field guide. */
export function placeImageRoutes(app: FastifyInstance, options: PlaceImageRoutes): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const photos = app.media.placePhotos;
  const admin = app.authorize({ role: 'admin' });
  const { kind, segment, noun } = options;
  const tags = ['places'];

  typed.get(
    `/${segment}/:id/images`,
    {
      schema: {
        tags,
        summary: `The photos of a ${noun}, oldest first`,
        params: options.params,
        response: { 200: PlaceImagesResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      await options.requireOwner(request.params.id);
      return { status: 'success' as const, images: await photos.list(kind, request.params.id) };
    },
  );

  typed.post(
    `/${segment}/:id/images`,
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: `Upload a photo of a ${noun} (admin); base64 JSON`,
        params: options.params,
        body: PlaceImageUploadSchema,
        response: { 200: PlaceImageUploadResponseSchema, ...failedResponses, 413: FailedSchema },
      },
      // At onRequest, before a body of up to 20 MB is read and parsed: the guard needs headers only.
      onRequest: admin,
      errorHandler: photoBodyTooLarge,
    },
    async (request) => {
      const { id } = request.params;
      // Before decoding: no work for a place that is not there.
      await options.requireOwner(id);
      const result = await photos.upload({
        kind,
        placeId: id,
        ownerId: memberOf(request).userId,
        bytes: decodePhotoField(request.body.photo),
        photoName: request.body.photo_name?.trim() || null,
      });
      if (!result) throw notFound(options.ownerGone);
      return { status: 'success' as const, ...result };
    },
  );

  typed.delete(
    `/${segment}/:id/images/:media_id`,
    {
      schema: {
        tags,
        summary: `Delete a photo of a ${noun} (admin)`,
        params: options.imageParams,
        response: { 200: PlaceImageDeleteResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request) => {
      const photo = await photos.find(kind, request.params.id, request.params.media_id);
      if (!photo) throw notFound(messages.photoNotFound);
      return { status: 'success' as const, photos: await photos.remove(photo) };
    },
  );
}

const hotspotImages: FastifyPluginCallbackTypebox = (app, _options, done) => {
  placeImageRoutes(app, {
    kind: 'hotspot',
    segment: 'hotspots',
    noun: 'place',
    params: HotspotIdParamsSchema,
    imageParams: HotspotImageParamsSchema,
    requireOwner: async (id) => {
      if (!(await app.places.hotspots.exists(id))) throw notFound(messages.hotspotNotFound);
    },
    ownerGone: messages.hotspotNotFound,
  });
  done();
};

export default hotspotImages;
