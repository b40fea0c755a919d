/**
 * Admin writes of field guides (SPEC §7; role admin like every place write, docs/places.md):
 * POST creates (the server picks the id), PUT edits, DELETE removes with the guide's links.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses, OkSchema } from '@contract/envelope';
import { formatMessage, messages } from '@contract/messages';
import {
  FieldGuideIdParamsSchema,
  FieldGuideInputSchema,
  FieldGuideResponseSchema,
  HotspotIdBodySchema,
  SpeciesIdBodySchema,
} from '@contract/places';
import { unknownId } from '../../plugins/app/places/hotspot-writes';
import { fieldGuideAnswer } from './reads';

const tags = ['places'];

const fieldGuideWrites: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const admin = app.authorize({ role: 'admin' });
  const guides = () => app.places.guides;
  const writes = () => app.places.hotspotWrites;

  /** The place named in a body, or 404 naming the field. */
  async function requirePlace(id: string): Promise<void> {
    if (!(await app.places.hotspots.exists(id)))
      throw unknownId(formatMessage('hotspot_id: {reason}', { reason: messages.hotspotNotFound }));
  }

  app.post(
    '/field_guides',
    {
      schema: {
        tags,
        summary: 'Create a field guide (admin)',
        body: FieldGuideInputSchema,
        response: { 201: FieldGuideResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      const id = await guides().create(request.body);
      return reply.code(201).send(await fieldGuideAnswer(app, id));
    },
  );

  app.put(
    '/field_guides/:id',
    {
      schema: {
        tags,
        summary: 'Edit a field guide (admin)',
        params: FieldGuideIdParamsSchema,
        body: FieldGuideInputSchema,
        response: { 200: FieldGuideResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request) => {
      await guides().update(request.params.id, request.body);
      return fieldGuideAnswer(app, request.params.id);
    },
  );

  app.delete(
    '/field_guides/:id',
    {
      schema: {
        tags,
        summary: 'Delete a field guide, its species and place links and its photos (admin)',
        params: FieldGuideIdParamsSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request) => {
      await guides().remove(request.params.id);
      await app.media.placePhotos.removeAllOf('field_guide', request.params.id);
      return { status: 'success' as const };
    },
  );

  app.put(
    '/field_guides/:id/species',
    {
      schema: {
        tags,
        summary: 'A field guide specialises in a species (admin)',
        params: FieldGuideIdParamsSchema,
        body: SpeciesIdBodySchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request) => {
      await guides().require(request.params.id);
      await writes().requireSpecies(request.body.species_id);
      await guides().addSpecies(request.params.id, request.body.species_id);
      return { status: 'success' as const };
    },
  );

  app.delete(
    '/field_guides/:id/species',
    {
      schema: {
        tags,
        summary: 'A field guide no longer specialises in a species (admin)',
        params: FieldGuideIdParamsSchema,
        body: SpeciesIdBodySchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request) => {
      await guides().require(request.params.id);
      await guides().removeSpecies(request.params.id, request.body.species_id);
      return { status: 'success' as const };
    },
  );

  app.put(
    '/field_guides/:id/hotspots',
    {
      schema: {
        tags,
        summary: 'A field guide works at a place (admin)',
        params: FieldGuideIdParamsSchema,
        body: HotspotIdBodySchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request) => {
      await guides().require(request.params.id);
      await requirePlace(request.body.hotspot_id);
      await writes().link(request.body.hotspot_id, request.params.id);
      return { status: 'success' as const };
    },
  );

  app.delete(
    '/field_guides/:id/hotspots',
    {
      schema: {
        tags,
        summary: 'A field guide no longer works at a place (admin)',
        params: FieldGuideIdParamsSchema,
        body: HotspotIdBodySchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request) => {
      await guides().require(request.params.id);
      await writes().unlink(request.body.hotspot_id, request.params.id);
      return { status: 'success' as const };
    },
  );
  done();
};

export default fieldGuideWrites;
