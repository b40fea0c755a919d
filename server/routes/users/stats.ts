/**
 * GET users/{id}/stats (SPEC §3 "User stats", §7; docs/api.md "User stats"): a member's figures,
 * the contract's `userStats` over their live sightings (the function the device runs offline, so
 * both show the same numbers), added up from the member's sighting groups (sighting-groups.ts): a
 * call reads one row per species, public flag and set of places, not one per sighting.
 * - Member token (guests cannot use stats, SPEC §6). One's own stats always; another member's only
 *   when their setting `stats_visible_to_others` (users table, PUT users/{id}) is on, else 403;
 *   admins (admin-users:r) may read them regardless, as they read whole profiles.
 * - location_id: only sightings whose location names it. cached: accepted and ignored.
 * - include_observations: also the sightings counted, newest first, at most 500; another member's
 *   public ones only, without hidden coordinates.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { OBSERVATIONS_PAGE_MAX, UserStatsQuerySchema, UserStatsResponseSchema } from '@contract/observations';
import { UserIdParamsSchema } from '@contract/users';
import { forbidden, notFound } from '../../errors';
import { decideAccess, memberOf } from '../../plugins/app/auth/guard';

/** Who reads another member's stats although they are private: as for whole profiles. */
const readPrivate = { role: 'admin', permission: 'admin-users:r' } as const;

const userStatsRoute: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const { reads, groups } = app.observations;

  app.get(
    '/users/:id/stats',
    {
      schema: {
        tags: ['users'],
        summary: "A member's sighting stats: own always, another's when they show them",
        params: UserIdParamsSchema,
        querystring: UserStatsQuerySchema,
        response: { 200: UserStatsResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request, reply) => {
      const viewer = memberOf(request);
      const user = await app.users.findById(request.params.id);
      if (!user) throw notFound();
      const own = user.id === viewer.userId;
      if (!own && !user.stats_visible_to_others && !decideAccess(viewer, readPrivate, {})) {
        throw forbidden(messages.statsHidden);
      }
      const { location_id: locationId, include_observations } = request.query;
      // Another member's view counts only public sightings: a private one must change no answer
      // anyone else gets (issue 25), not even a count. The owner's own stats count everything.
      const view = { publicOnly: !own, ...(locationId === undefined ? {} : { locationId }) };
      const stats = await groups.statsOf(user.id, view);
      if (!include_observations) {
        // Exactly UserStatsResponse (statsOfGroups builds nothing else), and megabytes for a member
        // with thousands of species × places: JSON.stringify writes it 3–10× faster than the
        // schema's serializer, which tests every key of the two Record maps against a pattern.
        // (With sightings the schema's serializer stays: it drops fields a device added to data.)
        reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
        return { status: 'success' as const, stats };
      }
      const shown = await reads.counted(user.id, { ...view, limit: OBSERVATIONS_PAGE_MAX });
      const observations = await reads.itemsFor(viewer.userId, shown, {
        coords: true,
        speciesDetails: false,
      });
      return { status: 'success' as const, stats, observations };
    },
  );
  done();
};

export default userStatsRoute;
