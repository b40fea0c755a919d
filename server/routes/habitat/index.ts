/**
 * GET habitat (SPEC §7 "Reference data"; docs/places.md): the habitat tags of the place containing
 * the point (the smallest area first), else of the nearest place within HABITAT_WITHIN_KM, else an
 * empty list with success. A client token is enough.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { HabitatQuerySchema, HabitatResponseSchema } from '@contract/places';

export const HABITAT_WITHIN_KM = 25;

const habitat: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/habitat',
    {
      schema: {
        tags: ['places'],
        summary: 'The habitat tags at a point (from the place containing it, or the nearest within 25 km)',
        querystring: HabitatQuerySchema,
        response: { 200: HabitatResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const found = await app.places.hotspots.habitat(request.query, HABITAT_WITHIN_KM);
      if (!found) return { status: 'success' as const, habitat: [], hotspot_id: null, distance_km: null };
      return {
        status: 'success' as const,
        habitat: found.habitat,
        hotspot_id: found.id,
        distance_km: Math.round(found.distance_km * 1000) / 1000,
      };
    },
  );
  done();
};

export default habitat;
