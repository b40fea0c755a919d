/**
 * The newsfeed (SPEC §7 "Newsfeed, trips, chats, groups"; docs/api.md "Community"):
 * - GET newsfeed: everyone's items; with include_following=true the caller's and those of the
 *   members they follow (a member only: guests cannot use friends, SPEC §6).
 * - GET newsfeed/{id}: one feed, `id` a member's id (their items), a group's id (its posts and new
 *   members) or `all`; GET newsfeed/{id}/{x}: item x of that feed. Guests may read (client token).
 * - PUT newsfeed[/{id}]: a post, created or edited by its author; DELETE newsfeed/{id}: the author,
 *   or an admin (role admin or admin-newsfeed:d).
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import {
  FeedItemDeleteParamsSchema,
  FeedItemParamsSchema,
  FeedItemResponseSchema,
  FeedParamsSchema,
  FeedQuerySchema,
  FeedResponseSchema,
  PostParamsSchema,
  PostRequestSchema,
  PostResponseSchema,
} from '@contract/community';
import { OkSchema, failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { notFound, unauthorized } from '../../errors';
import { decideAccess, memberOf, viewerOf } from '../../plugins/app/auth/guard';

/** Who deletes another member's post. */
const moderate = { role: 'admin', permission: 'admin-newsfeed:d' } as const;

const newsfeed: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const { feed } = app.community;

  async function scopeOf(id: string) {
    const scope = await feed.scopeFor(id);
    if (scope === undefined) throw notFound(messages.feedNotFound);
    return scope;
  }

  app.get(
    '/newsfeed',
    {
      schema: {
        tags: ['community'],
        summary: "Everyone's feed, or (include_following) the caller's and the people they follow",
        querystring: FeedQuerySchema,
        response: { 200: FeedResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const viewer = viewerOf(request);
      if (request.query.include_following && viewer === null) throw unauthorized(messages.signInRequired);
      const scope = request.query.include_following
        ? ({ kind: 'following', viewer: viewer ?? '' } as const)
        : ({ kind: 'all' } as const);
      return { status: 'success' as const, ...(await feed.page(scope, request.query)) };
    },
  );

  app.get(
    '/newsfeed/:id',
    {
      schema: {
        tags: ['community'],
        summary: "A member's feed, a group's feed, or 'all'",
        params: FeedParamsSchema,
        querystring: FeedQuerySchema,
        response: { 200: FeedResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => ({
      status: 'success' as const,
      ...(await feed.page(await scopeOf(request.params.id), request.query)),
    }),
  );

  app.get(
    '/newsfeed/:id/:x',
    {
      schema: {
        tags: ['community'],
        summary: 'One item of a feed',
        params: FeedItemParamsSchema,
        response: { 200: FeedItemResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => ({
      status: 'success' as const,
      item: await feed.item(await scopeOf(request.params.id), request.params.x),
    }),
  );

  app.put(
    '/newsfeed',
    {
      schema: {
        tags: ['community'],
        summary: 'Write a post (the server picks its id)',
        body: PostRequestSchema,
        response: { 200: PostResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => ({
      status: 'success' as const,
      ...(await feed.savePost(memberOf(request).userId, undefined, request.body)),
    }),
  );

  app.put(
    '/newsfeed/:id',
    {
      schema: {
        tags: ['community'],
        summary: "Write a post under the device's id, or edit one's own post (a replay is harmless)",
        params: PostParamsSchema,
        body: PostRequestSchema,
        response: { 200: PostResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => ({
      status: 'success' as const,
      ...(await feed.savePost(memberOf(request).userId, request.params.id, request.body)),
    }),
  );

  app.delete(
    '/newsfeed/:id',
    {
      schema: {
        tags: ['community'],
        summary: 'Delete a post (its author, or an admin); it leaves every feed',
        params: FeedItemDeleteParamsSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => {
      const member = memberOf(request);
      await feed.remove(member.userId, request.params.id, decideAccess(member, moderate, {}));
      return { status: 'success' as const };
    },
  );
  done();
};

export default newsfeed;
