/**
 * User administration (docs/api.md "User administration"); SPEC's `GET users` is the members'
 * people search, so these live under admin/:
 * - GET admin/users (admin, or admin-users:r): search, role, permission and disabled filters, paged;
 * - GET admin/users/{id} (admin-users:r): the member, their audit trail and recent activity;
 * - PUT admin/users/{id} (admin, or admin-users:u): roles, permissions, disabled. An admin cannot
 *   remove their own admin role nor disable themself (409); superadmins only by superadmins (403).
 * Deleting a member is DELETE users/{id} (docs/api.md "Accounts").
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import {
  AdminUserDetailResponseSchema,
  AdminUserParamsSchema,
  AdminUserUpdateResponseSchema,
  AdminUserUpdateSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
  USERS_READ,
  USERS_UPDATE,
  type AdminUserDetailResponse,
  type AdminUserUpdateResponse,
  type AdminUsersResponse,
} from '@contract/admin';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { notFound } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';

const adminUsers: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Members for administration, newest first, with filters (admin, or admin-users:r)',
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUsersResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(USERS_READ),
    },
    async (request): Promise<AdminUsersResponse> => ({
      status: 'success',
      ...(await app.userAdmin.list(request.query)),
    }),
  );

  app.get(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "A member's account, audit trail and recent activity (admin, or admin-users:r)",
        params: AdminUserParamsSchema,
        response: { 200: AdminUserDetailResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(USERS_READ),
    },
    async (request): Promise<AdminUserDetailResponse> => {
      const detail = await app.userAdmin.detail(request.params.id.toLowerCase());
      if (!detail) throw notFound(messages.memberNotFound);
      return { status: 'success', ...detail };
    },
  );

  app.put(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a member's roles, permissions or disabled state (admin, or admin-users:u)",
        params: AdminUserParamsSchema,
        body: AdminUserUpdateSchema,
        response: { 200: AdminUserUpdateResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(USERS_UPDATE),
    },
    async (request): Promise<AdminUserUpdateResponse> => {
      const member = memberOf(request);
      const user = await app.userAdmin.update(
        { userId: member.userId, roles: member.roles },
        request.params.id.toLowerCase(),
        request.body,
      );
      return { status: 'success', user };
    },
  );

  done();
};

export default adminUsers;
