/**
 * GET species/{id}/distribution_map (SPEC §7): a GeoJSON FeatureCollection of the locations the
 * species is keyed to, each the location's outline (or a Point at its label point when the outlines
 * asset has none), with {location_id, name, occurrence}; `scope: 'world'` for a world-scope species
 * (reptiles). See plugins/app/media/distribution.ts and docs/api.md "Distribution map".
 * A client token is enough: it is reference data.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { DistributionMapResponseSchema } from '@contract/media';
import { messages } from '@contract/messages';
import { SpeciesIdParamsSchema } from '@contract/species';
import { notFound } from '../../errors';
import { distributionMap } from '../../plugins/app/media/distribution';

const distributionMapRoute: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/species/:id/distribution_map',
    {
      schema: {
        tags: ['species'],
        summary: 'GeoJSON outlines of the locations a species is keyed to',
        params: SpeciesIdParamsSchema,
        response: { 200: DistributionMapResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const map = await distributionMap(app.db, await app.media.outlines(), request.params.id);
      if (!map) throw notFound(messages.speciesNotFound);
      return { status: 'success' as const, ...map };
    },
  );
  done();
};

export default distributionMapRoute;
