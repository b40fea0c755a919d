/**
 * Profiles (SPEC §7 "Auth and profile"):
 * - GET users/{id}: the owner and admins (admin-users:r) get the whole profile and roles; anyone
 *   else with a member or client token gets the public part.
 * - PUT users/{id} (owner, or admin / admin-users:u) and PUT users (the signed-in member).
 * - DELETE users/{id} (owner, or admin / admin-users:d): deletes the member; their tokens go with
 *   them. Only a superadmin may delete a superadmin. An admin's deletion of another member is
 *   recorded in the user administration audit.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { OkSchema, failedResponses } from '@contract/envelope';
import {
  GetUserQuerySchema,
  GetUserResponseSchema,
  UpdateUserRequestSchema,
  UpdateUserResponseSchema,
  UserIdParamsSchema,
  type UpdateUserRequest,
} from '@contract/users';
import { messages } from '@contract/messages';
import { badRequest, forbidden, notFound } from '../../errors';
import { decideAccess, memberOf } from '../../plugins/app/auth/guard';
import { toPublicProfile } from '../../plugins/app/users/users-repository';

const readFull = { role: 'admin', permission: 'admin-users:r', selfParam: 'id' } as const;
const update = { role: 'admin', permission: 'admin-users:u', selfParam: 'id' } as const;
const remove = { role: 'admin', permission: 'admin-users:d', selfParam: 'id' } as const;

const users: FastifyPluginCallbackTypebox = (app, _options, done) => {
  async function updateProfile(id: string, patch: UpdateUserRequest) {
    // A location must be one of the reference locations (null clears it).
    if (typeof patch.location_id === 'string' && !(await app.users.findLocation(patch.location_id))) {
      throw badRequest(messages.configLocationRequired);
    }
    const row = await app.users.update(id, patch);
    if (!row) throw notFound();
    return { status: 'success' as const, profile: await app.users.profileOf(row) };
  }

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'A profile: whole for its owner and admins, the public part for others',
        params: UserIdParamsSchema,
        querystring: GetUserQuerySchema,
        response: { 200: GetUserResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const row = await app.users.findById(request.params.id);
      if (!row) throw notFound();
      const principal = request.principal;
      // A member also gets the follow figures the profile page shows (issue 16); a guest does not.
      const person =
        principal?.kind === 'member'
          ? ((await app.community.people.person(principal.userId, row.id)) ?? undefined)
          : undefined;
      if (principal?.kind === 'member' && decideAccess(principal, readFull, request.params)) {
        return {
          status: 'success' as const,
          profile: await app.users.profileOf(row),
          roles: row.roles,
          person,
        };
      }
      return { status: 'success' as const, profile: toPublicProfile(row), person };
    },
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Update a profile (owner or admin)',
        params: UserIdParamsSchema,
        body: UpdateUserRequestSchema,
        response: { 200: UpdateUserResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(update),
    },
    async (request) => updateProfile(request.params.id, request.body),
  );

  app.put(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: "Update the signed-in member's own profile",
        body: UpdateUserRequestSchema,
        response: { 200: UpdateUserResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request) => updateProfile(memberOf(request).userId, request.body),
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete an account (own, or any as admin); its tokens stop working at once',
        params: UserIdParamsSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: app.authorize(remove),
    },
    async (request) => {
      const member = memberOf(request);
      const row = await app.users.findById(request.params.id);
      if (!row) throw notFound();
      if (row.roles.includes('superadmin') && !member.roles.includes('superadmin')) throw forbidden();
      if (row.id === member.userId) await app.users.delete(row.id);
      else await app.userAdmin.deleteMember(member, row);
      return { status: 'success' as const };
    },
  );
  done();
};

export default users;
