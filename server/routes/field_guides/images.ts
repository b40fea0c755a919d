/**
 * Photos of field guides — their portrait or logo first (docs/api.md "Photos of places and field
 * guides"): GET/POST field_guides/{id}/images, DELETE field_guides/{id}/images/{media_id}, the
 * calls of a place's photos (hotspots/images.ts) with the same rules: reads with a client token,
 * writes by admins.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { messages } from '@contract/messages';
import { FieldGuideIdParamsSchema, FieldGuideImageParamsSchema } from '@contract/places';
import { placeImageRoutes } from '../hotspots/images';

const fieldGuideImages: FastifyPluginCallbackTypebox = (app, _options, done) => {
  placeImageRoutes(app, {
    kind: 'field_guide',
    segment: 'field_guides',
    noun: 'field guide',
    params: FieldGuideIdParamsSchema,
    imageParams: FieldGuideImageParamsSchema,
    requireOwner: (id) => app.places.guides.require(id),
    ownerGone: messages.fieldGuideNotFound,
  });
  done();
};

export default fieldGuideImages;
