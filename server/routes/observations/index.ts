/**
 * Sightings lists (SPEC §7 "Species, observations, media"; docs/api.md "Observations"):
 * - GET observations (user_id, species_id, include_species_details, limit, skip): a member's live
 *   sightings, newest date first: all of one's own (default), another member's public ones only,
 *   without hidden coordinates. Member token: guests cannot use sightings lists (SPEC §6).
 * - GET observations/stats/{species_id}: public sightings of a species by every member (how many,
 *   by how many members, first and last date), and a member's own figures. A client token is
 *   enough for the public part.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import {
  ObservationsQuerySchema,
  ObservationsResponseSchema,
  SpeciesObservationStatsParamsSchema,
  SpeciesObservationStatsResponseSchema,
} from '@contract/observations';
import { notFound } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';
import { statsOfGroups } from '../../plugins/app/observations/sighting-groups';

const observations: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const { reads, groups } = app.observations;

  app.get(
    '/observations',
    {
      schema: {
        tags: ['observations'],
        summary: "A member's sightings, newest first: all of one's own, another member's public ones",
        querystring: ObservationsQuerySchema,
        response: { 200: ObservationsResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => {
      const viewer = memberOf(request).userId;
      const { user_id, species_id, include_species_details, limit, skip } = request.query;
      const ownerId = user_id || viewer;
      const rows = await reads.list({
        ownerId,
        publicOnly: ownerId !== viewer,
        ...(species_id !== undefined ? { speciesId: species_id } : {}),
        limit,
        skip,
      });
      const items = await reads.itemsFor(viewer, rows, {
        coords: true,
        speciesDetails: include_species_details,
      });
      return { status: 'success' as const, observations: items };
    },
  );

  app.get(
    '/observations/stats/:species_id',
    {
      schema: {
        tags: ['observations'],
        summary: "Public sightings of a species (count, members, first/last date) and the member's own",
        params: SpeciesObservationStatsParamsSchema,
        response: { 200: SpeciesObservationStatsResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const speciesId = request.params.species_id;
      if (!(await app.species.findById(speciesId))) throw notFound(messages.speciesNotFound);
      const principal = request.principal;
      let own = null;
      if (principal?.kind === 'member') {
        const mine = await groups.of(principal.userId, { publicOnly: false, speciesId });
        const figures = statsOfGroups(principal.userId, mine).observations[speciesId];
        own = {
          count: figures?.count ?? 0,
          date_seen_first: figures?.date_seen_first ?? null,
          date_seen_last: figures?.date_seen_last ?? null,
        };
      }
      const stats = { species_id: speciesId, ...(await groups.publicStats(speciesId)) };
      return { status: 'success' as const, stats, own };
    },
  );
  done();
};

export default observations;
