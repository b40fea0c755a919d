/**
 * DELETE trips/{id} (SPEC §7 "Newsfeed, trips, chats, groups"; docs/api.md "Trips"): the member's
 * trip becomes a tombstone of the `trips` collection, so every device removes it on its next pull.
 * `?rev=` makes a stale view a 409 (as for sightings); deleting a deleted trip answers success with
 * the tombstone's `rev`; an unknown id is 404.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { ObservationDeleteQuerySchema, ObservationDeleteResponseSchema } from '@contract/observations';
import { TripParamsSchema } from '@contract/trips';
import { memberOf } from '../../plugins/app/auth/guard';

// The delete shares the sighting delete's `rev` query and `{rev}` answer.

const trips: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.delete(
    '/trips/:id',
    {
      schema: {
        tags: ['trips'],
        summary: "Delete one's own trip (a tombstone every device gets; rev: 409 when stale)",
        params: TripParamsSchema,
        querystring: ObservationDeleteQuerySchema,
        response: { 200: ObservationDeleteResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => {
      const rev = await app.trips.writes.remove(
        memberOf(request).userId,
        request.params.id,
        request.query.rev,
      );
      return { status: 'success' as const, rev };
    },
  );
  done();
};

export default trips;
