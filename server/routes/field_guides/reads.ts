/**
 * Reads of field guides (SPEC §7 "Hotspots and field guides"; docs/places.md: a guiding service
 * people book). A client token is enough.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import {
  FieldGuideIdParamsSchema,
  FieldGuideResponseSchema,
  FieldGuidesMapResponseSchema,
  FieldGuidesResponseSchema,
  GuidesNearbyQuerySchema,
  GuideSpeciesResponseSchema,
  MapQuerySchema,
  parseBounds,
  PlaceRefsResponseSchema,
  PlacesListQuerySchema,
  PLACES_MAP_DEFAULT,
  PopularQuerySchema,
  type FieldGuideResponse,
} from '@contract/places';
import { badRequest, notFound } from '../../errors';
import { toFieldGuide } from '../../plugins/app/places/field-guides';

const DEFAULT_LIMIT = 20;
const DEFAULT_LIST_LIMIT = 50;
const tags = ['places'];

export async function fieldGuideAnswer(app: FastifyInstance, id: string): Promise<FieldGuideResponse> {
  const row = await app.places.guides.byId(id);
  if (!row) throw notFound(messages.fieldGuideNotFound);
  return {
    status: 'success',
    field_guide: { ...toFieldGuide(row), places: await app.places.guides.places(id) },
  };
}

const fieldGuideReads: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const client = app.authorize({ allowClient: true });

  app.get(
    '/field_guides/popular',
    {
      schema: {
        tags,
        summary: 'Popular field guides (places they guide at + likes of those places) of a location',
        querystring: PopularQuerySchema,
        response: { 200: FieldGuidesResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      const rows = await app.places.guides.popular(
        request.query.location_id,
        request.query.limit ?? DEFAULT_LIMIT,
      );
      return { status: 'success' as const, field_guides: rows.map(toFieldGuide) };
    },
  );

  app.get(
    '/field_guides/nearby',
    {
      schema: {
        tags,
        summary: 'Field guides by distance from their base',
        querystring: GuidesNearbyQuerySchema,
        response: { 200: FieldGuidesResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      const { lat, lng, species_id, limit } = request.query;
      const rows = await app.places.guides.nearby(
        { lat, lng },
        { limit: limit ?? DEFAULT_LIMIT, ...(species_id !== undefined ? { speciesId: species_id } : {}) },
      );
      return { status: 'success' as const, field_guides: rows.map(toFieldGuide) };
    },
  );

  app.get(
    '/field_guides/list',
    {
      schema: {
        tags,
        summary: 'Field guides by name, paged and searchable',
        querystring: PlacesListQuerySchema,
        response: { 200: FieldGuidesResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      const { skip, limit, search } = request.query;
      const rows = await app.places.guides.list({
        skip: skip ?? 0,
        limit: limit ?? DEFAULT_LIST_LIMIT,
        ...(search !== undefined ? { search } : {}),
      });
      return { status: 'success' as const, field_guides: rows.map(toFieldGuide) };
    },
  );

  app.get(
    '/field_guides/map',
    {
      schema: {
        tags,
        summary: 'At most `limit` field guides inside map bounds, sampled when more match',
        querystring: MapQuerySchema,
        response: { 200: FieldGuidesMapResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      const bounds = parseBounds(request.query.bounds);
      if (typeof bounds === 'string') throw badRequest(bounds);
      const { rows, total } = await app.places.guides.map(bounds, {
        rand: request.query.rand === true,
        limit: request.query.limit ?? PLACES_MAP_DEFAULT,
      });
      return { status: 'success' as const, field_guides: rows.map(toFieldGuide), total };
    },
  );

  app.get(
    '/field_guides/:id',
    {
      schema: {
        tags,
        summary: 'One field guide with the places they guide at',
        params: FieldGuideIdParamsSchema,
        response: { 200: FieldGuideResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => fieldGuideAnswer(app, request.params.id),
  );

  app.get(
    '/field_guides/:id/species',
    {
      schema: {
        tags,
        summary: 'The species a field guide specialises in',
        params: FieldGuideIdParamsSchema,
        response: { 200: GuideSpeciesResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      await app.places.guides.require(request.params.id);
      return { status: 'success' as const, species: await app.places.guides.species(request.params.id) };
    },
  );

  app.get(
    '/field_guides/:id/hotspots',
    {
      schema: {
        tags,
        summary: 'The places a field guide guides at',
        params: FieldGuideIdParamsSchema,
        response: { 200: PlaceRefsResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      await app.places.guides.require(request.params.id);
      return { status: 'success' as const, hotspots: await app.places.guides.places(request.params.id) };
    },
  );
  done();
};

export default fieldGuideReads;
