/**
 * Admin writes of places (SPEC §7; SPEC §6: hotspots need role admin) and a member's rating
 * (docs/places.md: SPEC lists only GET ratings). No token: 401; a member or a client token on an
 * admin write: 403 / 401. PUT hotspots/{id} creates the place when the id is new (201).
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses, OkSchema } from '@contract/envelope';
import {
  boundaryProblem,
  FieldGuideIdBodySchema,
  HotspotIdParamsSchema,
  HotspotInputSchema,
  HotspotResponseSchema,
  RatingInputSchema,
  SpeciesIdBodySchema,
} from '@contract/places';
import { badRequest } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';
import { hotspotAnswer } from './reads';

const tags = ['places'];

const hotspotWrites: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const admin = app.authorize({ role: 'admin' });
  const member = app.authorize();

  app.put(
    '/hotspots/:id',
    {
      schema: {
        tags,
        summary: 'Create (new id) or replace a place (admin)',
        params: HotspotIdParamsSchema,
        body: HotspotInputSchema,
        response: { 200: HotspotResponseSchema, 201: HotspotResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      if (request.body.boundary) {
        const problem = boundaryProblem(request.body.boundary);
        if (problem) throw badRequest(problem);
      }
      const created = await app.places.hotspotWrites.put(request.params.id, request.body);
      const answer = await hotspotAnswer(app, request.params.id);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.delete(
    '/hotspots/:id',
    {
      schema: {
        tags,
        summary:
          "Delete a place, its species, guide links, ratings and photos; members' likes become tombstones (admin)",
        params: HotspotIdParamsSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request) => {
      await app.places.hotspotWrites.remove(request.params.id);
      await app.media.placePhotos.removeAllOf('hotspot', request.params.id);
      return { status: 'success' as const };
    },
  );

  app.put(
    '/hotspots/:id/species',
    {
      schema: {
        tags,
        summary: 'Mark a species regular at a place (admin)',
        params: HotspotIdParamsSchema,
        body: SpeciesIdBodySchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request) => {
      await app.places.hotspotWrites.addSpecies(request.params.id, request.body.species_id);
      return { status: 'success' as const };
    },
  );

  app.delete(
    '/hotspots/:id/species',
    {
      schema: {
        tags,
        summary: 'A species is no longer regular at a place (admin)',
        params: HotspotIdParamsSchema,
        body: SpeciesIdBodySchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request) => {
      await app.places.hotspotWrites.removeSpecies(request.params.id, request.body.species_id);
      return { status: 'success' as const };
    },
  );

  app.put(
    '/hotspots/:id/guides',
    {
      schema: {
        tags,
        summary: 'A field guide works at a place (admin)',
        params: HotspotIdParamsSchema,
        body: FieldGuideIdBodySchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request) => {
      await app.places.hotspotWrites.addGuide(request.params.id, request.body.field_guide_id);
      return { status: 'success' as const };
    },
  );

  app.delete(
    '/hotspots/:id/guides',
    {
      schema: {
        tags,
        summary: 'A field guide no longer works at a place (admin)',
        params: HotspotIdParamsSchema,
        body: FieldGuideIdBodySchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request) => {
      await app.places.hotspotWrites.removeGuide(request.params.id, request.body.field_guide_id);
      return { status: 'success' as const };
    },
  );

  app.put(
    '/hotspots/:id/ratings',
    {
      schema: {
        tags,
        summary: "The signed-in member's rating of a place (1-5), created or replaced",
        params: HotspotIdParamsSchema,
        body: RatingInputSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => {
      await app.places.hotspotWrites.rate(request.params.id, memberOf(request).userId, request.body);
      return { status: 'success' as const };
    },
  );
  done();
};

export default hotspotWrites;
