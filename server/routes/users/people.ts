/**
 * People and follows (SPEC §7 "Auth and profile"; docs/api.md "Community"): GET users (search),
 * PUT users/{id}/follow, GET users/{id}/follow (their followers), GET users/{id}/following (whom
 * they follow), POST users/recommendation. Guests cannot use friends (SPEC §6): a member token
 * only, a client token is 401 signInRequired. Every person is public fields only.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import {
  FollowRequestSchema,
  FollowResponseSchema,
  PeopleQuerySchema,
  PeopleResponseSchema,
  RecommendationRequestSchema,
  RecommendationResponseSchema,
} from '@contract/community';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { UserIdParamsSchema } from '@contract/users';
import { badRequest, notFound } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';

const people: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const { people: repo } = app.community;

  async function existing(id: string): Promise<string> {
    if (!(await repo.exists(id))) throw notFound(messages.memberNotFound);
    return id;
  }

  app.get(
    '/users',
    {
      schema: {
        tags: ['community'],
        summary: 'Find members by nickname or name (accent- and case-insensitive), public fields only',
        querystring: PeopleQuerySchema,
        response: { 200: PeopleResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => ({
      status: 'success' as const,
      ...(await repo.search(memberOf(request).userId, request.query)),
    }),
  );

  app.put(
    '/users/:id/follow',
    {
      schema: {
        tags: ['community'],
        summary: 'Follow or stop following a member (idempotent)',
        params: UserIdParamsSchema,
        body: FollowRequestSchema,
        response: { 200: FollowResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => {
      const me = memberOf(request).userId;
      const id = await existing(request.params.id);
      if (id === me) throw badRequest(messages.followSelf);
      const followerCount = await repo.setFollow(me, id, request.body.follow);
      return { status: 'success' as const, following: request.body.follow, follower_count: followerCount };
    },
  );

  app.get(
    '/users/:id/follow',
    {
      schema: {
        tags: ['community'],
        summary: "A member's followers, latest first",
        params: UserIdParamsSchema,
        querystring: PeopleQuerySchema,
        response: { 200: PeopleResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => {
      const id = await existing(request.params.id);
      return {
        status: 'success' as const,
        ...(await repo.followers(memberOf(request).userId, id, request.query)),
      };
    },
  );

  app.get(
    '/users/:id/following',
    {
      schema: {
        tags: ['community'],
        summary: 'The members a member follows, latest first',
        params: UserIdParamsSchema,
        querystring: PeopleQuerySchema,
        response: { 200: PeopleResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => {
      const id = await existing(request.params.id);
      return {
        status: 'success' as const,
        ...(await repo.following(memberOf(request).userId, id, request.query)),
      };
    },
  );

  app.post(
    '/users/recommendation',
    {
      schema: {
        tags: ['community'],
        summary: 'Members to follow: followed by those you follow, in your groups, active in your region',
        body: RecommendationRequestSchema,
        response: { 200: RecommendationResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => {
      const body = request.body;
      const users = await repo.recommend(memberOf(request).userId, {
        search: body.search,
        limit: body.limit ?? 20,
      });
      return { status: 'success' as const, users };
    },
  );
  done();
};

export default people;
