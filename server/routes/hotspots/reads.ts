/**
 * Reads of places (SPEC §7 "Hotspots and field guides"; docs/places.md, docs/api.md "Places and
 * field guides"). A client token is enough, as for every reference call.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import {
  GuideRefsResponseSchema,
  HotspotIdParamsSchema,
  HotspotResponseSchema,
  HotspotSpeciesQuerySchema,
  HotspotsMapResponseSchema,
  HotspotsResponseSchema,
  MapQuerySchema,
  NearbyQuerySchema,
  parseBounds,
  PlaceSpeciesResponseSchema,
  PlacesListQuerySchema,
  PLACES_MAP_DEFAULT,
  PopularQuerySchema,
  RatingsResponseSchema,
  SpeciesPlacesQuerySchema,
  type HotspotResponse,
} from '@contract/places';
import type { FastifyInstance } from 'fastify';
import { nowSeconds } from '../../clock';
import { badRequest, notFound } from '../../errors';
import { toHotspot } from '../../plugins/app/places/hotspot-reads';

const DEFAULT_LIMIT = 20;
const DEFAULT_LIST_LIMIT = 50;
const tags = ['places'];

/** One place with its guides, the boundary included; 404 when unknown. */
export async function hotspotAnswer(app: FastifyInstance, id: string): Promise<HotspotResponse> {
  const row = await app.places.hotspots.byId(id);
  if (!row) throw notFound(messages.hotspotNotFound);
  const guides = await app.places.hotspots.guidesOf(id);
  return { status: 'success', hotspot: { ...toHotspot(row, true), guides } };
}

const hotspotReads: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const client = app.authorize({ allowClient: true });

  app.get(
    '/hotspots/nearby',
    {
      schema: {
        tags,
        summary: 'Places near a point: those containing it first, then by distance',
        querystring: NearbyQuerySchema,
        response: { 200: HotspotsResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      const { lat, lng, species_id, limit, include_coordinates } = request.query;
      const rows = await app.places.hotspots.nearby(
        { lat, lng },
        { limit: limit ?? DEFAULT_LIMIT, ...(species_id !== undefined ? { speciesId: species_id } : {}) },
      );
      return {
        status: 'success' as const,
        hotspots: rows.map((row) => toHotspot(row, include_coordinates === true)),
      };
    },
  );

  app.get(
    '/hotspots/species_regular',
    {
      schema: {
        tags,
        summary: 'Places where a species is regular (curated)',
        querystring: SpeciesPlacesQuerySchema,
        response: { 200: HotspotsResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      const rows = await app.places.hotspots.speciesRegular(
        request.query.species_id,
        request.query.limit ?? DEFAULT_LIMIT,
      );
      return { status: 'success' as const, hotspots: rows.map((row) => toHotspot(row, false)) };
    },
  );

  app.get(
    '/hotspots/species_seen',
    {
      schema: {
        tags,
        summary: 'Places where a species was seen in public sightings with a visible coordinate, most first',
        querystring: SpeciesPlacesQuerySchema,
        response: { 200: HotspotsResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      const rows = await app.places.hotspots.speciesSeen(
        request.query.species_id,
        request.query.limit ?? DEFAULT_LIMIT,
      );
      return { status: 'success' as const, hotspots: rows.map((row) => toHotspot(row, false)) };
    },
  );

  app.get(
    '/hotspots/popular',
    {
      schema: {
        tags,
        summary: 'Popular places (likes + public sightings of the last year) of a location',
        querystring: PopularQuerySchema,
        response: { 200: HotspotsResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      const rows = await app.places.hotspots.popular(
        request.query.location_id,
        request.query.limit ?? DEFAULT_LIMIT,
        nowSeconds(app.clock),
      );
      return { status: 'success' as const, hotspots: rows.map((row) => toHotspot(row, false)) };
    },
  );

  app.get(
    '/hotspots',
    {
      schema: {
        tags,
        summary: 'Places by name, paged and searchable',
        querystring: PlacesListQuerySchema,
        response: { 200: HotspotsResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      const { skip, limit, search, include_coordinates } = request.query;
      const rows = await app.places.hotspots.list({
        skip: skip ?? 0,
        limit: limit ?? DEFAULT_LIST_LIMIT,
        ...(search !== undefined ? { search } : {}),
      });
      return {
        status: 'success' as const,
        hotspots: rows.map((row) => toHotspot(row, include_coordinates === true)),
      };
    },
  );

  app.get(
    '/hotspots/map',
    {
      schema: {
        tags,
        summary: 'At most `limit` places inside map bounds, sampled when more match',
        querystring: MapQuerySchema,
        response: { 200: HotspotsMapResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      const bounds = parseBounds(request.query.bounds);
      if (typeof bounds === 'string') throw badRequest(bounds);
      const { rows, total } = await app.places.hotspots.map(bounds, {
        rand: request.query.rand === true,
        limit: request.query.limit ?? PLACES_MAP_DEFAULT,
      });
      return { status: 'success' as const, hotspots: rows.map((row) => toHotspot(row, false)), total };
    },
  );

  app.get(
    '/hotspots/:id',
    {
      schema: {
        tags,
        summary: 'One place with its boundary and guides',
        params: HotspotIdParamsSchema,
        response: { 200: HotspotResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => hotspotAnswer(app, request.params.id),
  );

  app.get(
    '/hotspots/:id/species',
    {
      schema: {
        tags,
        summary: 'The species of a place: regular ones and those seen in public sightings inside it',
        params: HotspotIdParamsSchema,
        querystring: HotspotSpeciesQuerySchema,
        response: { 200: PlaceSpeciesResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      if (!(await app.places.hotspots.exists(request.params.id))) throw notFound(messages.hotspotNotFound);
      const species = await app.places.hotspots.species(request.params.id, request.query.location_id);
      return { status: 'success' as const, species };
    },
  );

  app.get(
    '/hotspots/:id/ratings',
    {
      schema: {
        tags,
        summary: "A place's ratings, newest first, and their average",
        params: HotspotIdParamsSchema,
        response: { 200: RatingsResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      if (!(await app.places.hotspots.exists(request.params.id))) throw notFound(messages.hotspotNotFound);
      return { status: 'success' as const, ...(await app.places.hotspots.ratings(request.params.id)) };
    },
  );

  app.get(
    '/hotspots/:id/guides',
    {
      schema: {
        tags,
        summary: 'The field guides who work at a place',
        params: HotspotIdParamsSchema,
        response: { 200: GuideRefsResponseSchema, ...failedResponses },
      },
      preHandler: client,
    },
    async (request) => {
      if (!(await app.places.hotspots.exists(request.params.id))) throw notFound(messages.hotspotNotFound);
      return {
        status: 'success' as const,
        field_guides: await app.places.hotspots.guidesOf(request.params.id),
      };
    },
  );
  done();
};

export default hotspotReads;
