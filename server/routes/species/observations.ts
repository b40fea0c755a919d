/**
 * Sightings of one species (SPEC §7 "Species, observations, media"; docs/api.md "Observations"):
 * - GET species/{id}/observations (coords, limit, skip): every member's public sightings of it,
 *   newest first; coordinates only with coords=true and never hidden ones. A client token is
 *   enough (public sightings, like the species itself).
 * - GET species/{id}/observations/{obs_id}: the member's own sighting, else a public one.
 * - PUT species/{id}/observations: create (the id is the body's observation_id, so a replay writes
 *   nothing); PUT species/{id}/observations/{obs_id}: edit one's own (the address's species is the
 *   sighting's, so an edit can re-identify it); DELETE species/{id}/observations/{obs_id}: one's own,
 *   as a tombstone. Writes go through the collection push (observation-writes.ts); `rev` in the
 *   body (PUT) or the query (DELETE) makes a stale view a 409 instead of a lost device edit.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import {
  ObservationCreateRequestSchema,
  ObservationDeleteQuerySchema,
  ObservationDeleteResponseSchema,
  ObservationResponseSchema,
  ObservationsResponseSchema,
  ObservationUpdateRequestSchema,
  ObservationWriteResponseSchema,
  SpeciesObservationParamsSchema,
  SpeciesObservationsParamsSchema,
  SpeciesObservationsQuerySchema,
} from '@contract/observations';
import { badRequest, notFound } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';
import type { SpeciesRef, WriteResult } from '../../plugins/app/observations/observation-writes';

const speciesObservations: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const { reads, writes } = app.observations;
  const anyone = app.authorize({ allowClient: true });
  const member = app.authorize();

  /** The live species of the address, with the taxa a sighting copies; 404 otherwise. */
  async function speciesRef(id: string, bodySpeciesId: string | undefined): Promise<SpeciesRef> {
    if (bodySpeciesId !== undefined && bodySpeciesId !== id)
      throw badRequest(messages.observationSpeciesMismatch);
    const species = await app.species.findById(id);
    if (!species) throw notFound(messages.speciesNotFound);
    const { classification, group_name, name } = species.taxa;
    return { id, taxa: { classification, group_name, name } };
  }

  async function answer(memberId: string, result: WriteResult) {
    const row = {
      owner_id: memberId,
      id: result.observation.observation_id,
      rev: result.rev,
      deleted: false,
    };
    const [observation] = await reads.itemsFor(memberId, [{ ...row, data: result.observation }], {
      coords: true,
      speciesDetails: false,
    });
    if (!observation) throw new Error('A written observation is not an Observation');
    return { status: 'success' as const, observation, rev: result.rev, created: result.created };
  }

  app.get(
    '/species/:id/observations',
    {
      schema: {
        tags: ['observations'],
        summary: 'Public sightings of a species by every member, newest first',
        params: SpeciesObservationsParamsSchema,
        querystring: SpeciesObservationsQuerySchema,
        response: { 200: ObservationsResponseSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request) => {
      const { id } = request.params;
      if (!(await app.species.findById(id))) throw notFound(messages.speciesNotFound);
      const { coords, limit, skip } = request.query;
      const rows = await reads.publicOfSpecies(id, { limit, skip });
      // The public view for everyone: even one's own hidden coordinate stays out of it.
      const observations = await reads.itemsFor(null, rows, { coords, speciesDetails: false });
      return { status: 'success' as const, observations };
    },
  );

  app.get(
    '/species/:id/observations/:obs_id',
    {
      schema: {
        tags: ['observations'],
        summary: "One sighting of the species: the member's own, else a public one",
        params: SpeciesObservationParamsSchema,
        response: { 200: ObservationResponseSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request) => {
      const viewer = request.principal?.kind === 'member' ? request.principal.userId : null;
      const row = await reads.findVisible(viewer, request.params.id, request.params.obs_id);
      const [observation] = row
        ? await reads.itemsFor(viewer, [row], { coords: true, speciesDetails: false })
        : [];
      if (!observation) throw notFound(messages.observationNotFound);
      return { status: 'success' as const, observation };
    },
  );

  app.put(
    '/species/:id/observations',
    {
      schema: {
        tags: ['observations'],
        summary: 'Record a sighting (its id in the body: a replay writes nothing and answers the stored one)',
        params: SpeciesObservationsParamsSchema,
        body: ObservationCreateRequestSchema,
        response: { 200: ObservationWriteResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => {
      const memberId = memberOf(request).userId;
      const species = await speciesRef(request.params.id, request.body.species_id);
      return answer(memberId, await writes.create(memberId, species, request.body));
    },
  );

  app.put(
    '/species/:id/observations/:obs_id',
    {
      schema: {
        tags: ['observations'],
        summary: "Edit one's own sighting (fields sent replace the stored ones; rev: 409 when stale)",
        params: SpeciesObservationParamsSchema,
        body: ObservationUpdateRequestSchema,
        response: { 200: ObservationWriteResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => {
      const memberId = memberOf(request).userId;
      const { id, obs_id } = request.params;
      const body = request.body;
      if (body.observation_id !== undefined && body.observation_id !== obs_id) {
        throw badRequest(messages.observationIdMismatch);
      }
      const species = await speciesRef(id, body.species_id);
      return answer(memberId, await writes.update(memberId, obs_id, species, body));
    },
  );

  app.delete(
    '/species/:id/observations/:obs_id',
    {
      schema: {
        tags: ['observations'],
        summary: "Delete one's own sighting (a tombstone every device gets; rev: 409 when stale)",
        params: SpeciesObservationParamsSchema,
        querystring: ObservationDeleteQuerySchema,
        response: { 200: ObservationDeleteResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => {
      const memberId = memberOf(request).userId;
      const { id, obs_id } = request.params;
      const rev = await writes.remove(memberId, id, obs_id, request.query.rev);
      return { status: 'success' as const, rev };
    },
  );
  done();
};

export default speciesObservations;
