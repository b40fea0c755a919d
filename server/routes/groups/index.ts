/**
 * Groups (SPEC §7 "PUT groups[/{id}] (title, about, avatar, members); GET groups (search)";
 * docs/api.md "Community"). Additions to SPEC for the group pages: GET groups/{id},
 * GET groups/{id}/members, PUT and DELETE groups/{id}/members/{user_id} (join, leave, roles).
 * Reads admit a client token (guests see groups read-only); writes need a member. A site admin
 * (role admin or admin-groups:u) acts as an admin of every group. Every change of a group or its
 * members brings its chat session in step (app.chat, docs/api.md "Chats").
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import {
  GroupMemberParamsSchema,
  GroupMembersResponseSchema,
  GroupMembershipRequestSchema,
  GroupParamsSchema,
  GroupRequestSchema,
  GroupResponseSchema,
  GroupSaveResponseSchema,
  GroupsQuerySchema,
  GroupsResponseSchema,
  PeopleQuerySchema,
} from '@contract/community';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { badRequest, forbidden, unauthorized } from '../../errors';
import { decideAccess, memberOf, viewerOf, type MemberPrincipal } from '../../plugins/app/auth/guard';

const siteAdmin = { role: 'admin', permission: 'admin-groups:u' } as const;

const groups: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const repo = app.community.groups;
  const isSiteAdmin = (member: MemberPrincipal) => decideAccess(member, siteAdmin, {});

  /**
   * A group's chat session follows the group (docs/api.md "Chats"): its title and every member,
   * after each change of either.
   */
  async function syncChat(groupId: string) {
    const group = await app.db
      .selectFrom('community_groups')
      .select('title')
      .where('id', '=', groupId)
      .executeTakeFirst();
    if (group === undefined) return;
    const members = await app.db
      .selectFrom('community_group_members')
      .select('user_id')
      .where('group_id', '=', groupId)
      .execute();
    await app.chat.store.syncGroup({ groupId, title: group.title, memberIds: members.map((m) => m.user_id) });
  }

  async function answer(viewer: string | null, id: string) {
    const group = await repo.get(viewer, id);
    return { status: 'success' as const, group, members: await repo.shownMembers(group.group_id) };
  }

  async function save(
    member: MemberPrincipal,
    id: string | undefined,
    body: Parameters<typeof repo.save>[2],
  ) {
    const { groupId, created } = await repo.save(member.userId, id, body, isSiteAdmin(member));
    await syncChat(groupId);
    return { ...(await answer(member.userId, groupId)), created };
  }

  const saveSchema = {
    tags: ['community'],
    body: GroupRequestSchema,
    response: { 200: GroupSaveResponseSchema, ...failedResponses },
  };

  app.put(
    '/groups',
    {
      schema: { ...saveSchema, summary: 'Create a group; the creator is its admin' },
      preHandler: app.authorize(),
    },
    async (request) => save(memberOf(request), undefined, request.body),
  );

  app.put(
    '/groups/:id',
    {
      schema: {
        ...saveSchema,
        summary: "Edit a group (its admins), or create it under the device's id",
        params: GroupParamsSchema,
      },
      preHandler: app.authorize(),
    },
    async (request) => save(memberOf(request), request.params.id, request.body),
  );

  app.get(
    '/groups',
    {
      schema: {
        tags: ['community'],
        summary: 'Find groups by title (accent- and case-insensitive); member=true: my groups',
        querystring: GroupsQuerySchema,
        response: { 200: GroupsResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const viewer = viewerOf(request);
      if (request.query.member && viewer === null) throw unauthorized(messages.signInRequired);
      return { status: 'success' as const, ...(await repo.list(viewer, request.query)) };
    },
  );

  app.get(
    '/groups/:id',
    {
      schema: {
        tags: ['community'],
        summary: 'One group with its members (admins first)',
        params: GroupParamsSchema,
        response: { 200: GroupResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => answer(viewerOf(request), request.params.id),
  );

  app.get(
    '/groups/:id/members',
    {
      schema: {
        tags: ['community'],
        summary: "A group's members, admins first, paged",
        params: GroupParamsSchema,
        querystring: PeopleQuerySchema,
        response: { 200: GroupMembersResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const group = await repo.get(viewerOf(request), request.params.id);
      return { status: 'success' as const, ...(await repo.members(group.group_id, request.query)) };
    },
  );

  app.put(
    '/groups/:id/members/:user_id',
    {
      schema: {
        tags: ['community'],
        summary: "Join a group (oneself), or add a member or set their role (the group's admins)",
        params: GroupMemberParamsSchema,
        body: GroupMembershipRequestSchema,
        response: { 200: GroupResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => {
      const member = memberOf(request);
      const group = await repo.get(member.userId, request.params.id);
      const userId = request.params.user_id.toLowerCase();
      const role = request.body.role ?? 'member';
      const admin = group.role === 'admin' || isSiteAdmin(member);
      // Joining (again) as a plain member is one's own choice; anything else is the admins'.
      const joiningAsMember = userId === member.userId && role === 'member' && group.role !== 'admin';
      if (!admin && !joiningAsMember) throw forbidden(messages.groupAdminsOnly);
      if (!(await app.community.people.exists(userId))) throw badRequest(messages.memberNotFound);
      await repo.join(group.group_id, userId, role, true);
      await syncChat(group.group_id);
      return answer(member.userId, group.group_id);
    },
  );

  app.delete(
    '/groups/:id/members/:user_id',
    {
      schema: {
        tags: ['community'],
        summary: "Leave a group (oneself), or remove a member (the group's admins)",
        params: GroupMemberParamsSchema,
        response: { 200: GroupResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => {
      const member = memberOf(request);
      const group = await repo.get(member.userId, request.params.id);
      const userId = request.params.user_id.toLowerCase();
      if (userId !== member.userId && group.role !== 'admin' && !isSiteAdmin(member)) {
        throw forbidden(messages.groupAdminsOnly);
      }
      await repo.leave(group.group_id, userId);
      await syncChat(group.group_id);
      return answer(member.userId, group.group_id);
    },
  );
  done();
};

export default groups;
