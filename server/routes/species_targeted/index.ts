/**
 * GET species_targeted?lat&lng (SPEC §7; the /targeted-species page): the species on the member's
 * list at the region around a point that the member has not recorded yet, best first.
 * - The location is the first answer of the nearest-location lookup (GET locations with lat/lng):
 *   the region whose label point is nearest, else the country; species keyed to it or its country
 *   count (speciesOnList).
 * - The member's config lives on the device, so the classifications come in the query
 *   (comma-separated config strings); default the SPEC's Birds|IOC and Mammals|Large.
 * - "Recorded": a live `species_observations` record of the member names the species.
 * - Best first: most sightings there by other members, then anywhere, then taxonomic order.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { DEFAULT_CLASSIFICATIONS } from '@contract/reference';
import { SpeciesTargetedQuerySchema, SpeciesTargetedResponseSchema } from '@contract/species';
import { notFound } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';
import { scopeOf } from '../../plugins/app/species/classifications';

const DEFAULT_LIMIT = 50;

const speciesTargeted: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/species_targeted',
    {
      schema: {
        tags: ['species'],
        summary: 'Species of the region around a point that the member has not recorded yet, best first',
        querystring: SpeciesTargetedQuerySchema,
        response: { 200: SpeciesTargetedResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => {
      const { lat, lng, limit } = request.query;
      const listed = (request.query.classifications ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      const scope = scopeOf(listed.length > 0 ? listed : DEFAULT_CLASSIFICATIONS);
      const [location] = await app.reference.nearest({ lat, lng }, {}, { limit: 1, skip: 0 });
      if (!location) throw notFound(messages.locationNotFound);
      const species = await app.species.targeted({
        memberId: memberOf(request).userId,
        scope,
        locationIds: location.parent_id === null ? [location.id] : [location.id, location.parent_id],
        limit: limit ?? DEFAULT_LIMIT,
      });
      return {
        status: 'success' as const,
        location: { location_id: location.id, name: location.name },
        species,
      };
    },
  );
  done();
};

export default speciesTargeted;
