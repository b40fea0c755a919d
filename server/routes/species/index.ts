/**
 * Species (SPEC §7 "Species, observations, media"; docs/api.md "Species"):
 * - POST species: the list for classifications (config strings) and a location, searched and
 *   paged, in taxonomic order, with the total. A client token is enough (reference data). While
 *   the start-up seed runs, `loading` says how far it is (the answer holds what is stored so far).
 * - GET species/{id}: one species; with observations=true and a member token, a page of the
 *   member's own sightings of it too (limit 1–500, default 100; skip). Unknown or deleted: 404.
 * - PUT species/{id}: an admin edit (role admin or permission species-admin:r, SPEC §6) of names,
 *   family, extinct and taxa_alt switches; DELETE species/{id}: admin only, keeps a tombstone.
 *   Both give the species a new `mod` and `rev`, so the change reaches every device.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses, OkSchema } from '@contract/envelope';
import { messages } from '@contract/messages';
import {
  SpeciesIdParamsSchema,
  SpeciesListRequestSchema,
  SpeciesListResponseSchema,
  SpeciesQuerySchema,
  SpeciesResponseSchema,
  SpeciesUpdateRequestSchema,
  SpeciesUpdateResponseSchema,
  type Species,
} from '@contract/species';
import { foldText } from '@contract/text';
import { notFound } from '../../errors';
import { ALL_CLASSIFICATIONS, scopeOf } from '../../plugins/app/species/classifications';

const DEFAULT_LIMIT = 50;

/** Keeps only English and `language` in `names` (what a list in that language shows). */
function namesIn(species: Species, language: string): Species {
  const names: Record<string, string> = {};
  for (const id of ['en', language]) {
    const name = species.names[id];
    if (name !== undefined) names[id] = name;
  }
  return { ...species, names };
}

const species: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const anyone = app.authorize({ allowClient: true });

  app.post(
    '/species',
    {
      schema: {
        tags: ['species'],
        summary: 'Species on a list (classifications, location), searched and paged, in taxonomic order',
        body: SpeciesListRequestSchema,
        response: { 200: SpeciesListResponseSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request) => {
      const body = request.body;
      const scope = scopeOf(body.classifications ?? ALL_CLASSIFICATIONS);
      let locationIds: string[] | null = null;
      if (body.location_id !== undefined) {
        const location = await app.reference.findById(body.location_id);
        if (!location) throw notFound(messages.locationNotFound);
        locationIds = location.parent_id === null ? [location.id] : [location.id, location.parent_id];
      }
      const term = body.search?.trim() ?? '';
      const search = foldText(term);
      // While the start-up seed runs, the answer holds the species stored so far and says so.
      const loading = app.speciesSeed.loading;
      const extra = loading ? { loading } : {};
      // Only punctuation: nothing can match (as GET locations answers).
      if (term !== '' && search === '')
        return { status: 'success' as const, species: [], total: 0, ...extra };
      const { species: found, total } = await app.species.list({
        scope,
        locationIds,
        ...(search ? { search } : {}),
        skip: body.skip ?? 0,
        limit: body.limit ?? DEFAULT_LIMIT,
      });
      const language = body.language;
      return {
        status: 'success' as const,
        species: language === undefined ? found : found.map((one) => namesIn(one, language)),
        total,
        ...extra,
      };
    },
  );

  app.get(
    '/species/:id',
    {
      schema: {
        tags: ['species'],
        summary: "One species; observations=true adds the signed-in member's own sightings of it",
        params: SpeciesIdParamsSchema,
        querystring: SpeciesQuerySchema,
        response: { 200: SpeciesResponseSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request) => {
      const found = await app.species.findById(request.params.id);
      if (!found) throw notFound(messages.speciesNotFound);
      const principal = request.principal;
      const { limit, skip } = request.query;
      const observations =
        request.query.observations === true && principal?.kind === 'member'
          ? await app.species.observationsOf(principal.userId, found._id, { limit, skip })
          : [];
      return { status: 'success' as const, species: found, observations };
    },
  );

  app.put(
    '/species/:id',
    {
      schema: {
        tags: ['species'],
        summary: 'Edit a species (admin or species-admin:r): names, family, extinct, taxa_alt switches',
        params: SpeciesIdParamsSchema,
        body: SpeciesUpdateRequestSchema,
        response: { 200: SpeciesUpdateResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ role: 'admin', permission: 'species-admin:r' }),
    },
    async (request) => {
      const updated = await app.species.update(request.params.id, request.body);
      if (!updated) throw notFound(messages.speciesNotFound);
      return { status: 'success' as const, species: updated };
    },
  );

  app.delete(
    '/species/:id',
    {
      schema: {
        tags: ['species'],
        summary: 'Delete a species (admin): kept as a tombstone so every device drops it',
        params: SpeciesIdParamsSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: app.authorize({ role: 'admin' }),
    },
    async (request) => {
      if (!(await app.species.delete(request.params.id))) throw notFound(messages.speciesNotFound);
      return { status: 'success' as const };
    },
  );
  done();
};

export default species;
