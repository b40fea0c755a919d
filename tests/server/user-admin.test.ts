import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminUserDetailResponseSchema,
  AdminUsersResponseSchema,
  AdminUserUpdateResponseSchema,
  type AdminUserDetailResponse,
  type AdminUsersResponse,
  type AdminUserUpdateResponse,
} from '@contract/admin';
import type { Failed } from '@contract/envelope';
import { messages } from '@contract/messages';
import {
  api,
  buildTestApp,
  createSignedInMember,
  fetchClientToken,
  signIn,
  type TestApp,
  type TestMember,
  callApi,
} from './helpers';

interface Who extends TestMember {
  token: string;
}

let t: TestApp;
let client: string;
let admin: Who;
let superadmin: Who;
let usersAdmin: Who;
let usersReader: Who;
let member: Who;

async function who(roles: string[], permissions?: Record<string, string[]>, nickname?: string): Promise<Who> {
  return createSignedInMember(t, {
    roles,
    ...(permissions ? { permissions } : {}),
    ...(nickname ? { nickname } : {}),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  client = await fetchClientToken(t);
  admin = await who(['member', 'admin']);
  superadmin = await who(['member', 'superadmin']);
  usersAdmin = await who(['member'], { 'admin-users': ['r', 'u'] });
  usersReader = await who(['member'], { 'admin-users': ['r'] });
  member = await who(['member'], undefined, 'Zebra Finch Fan');
});
afterAll(() => t.close());

function call(method: 'GET' | 'PUT', path: string, token: string | null, payload?: object) {
  return callApi(t, method, path, token, payload);
}

describe('GET admin/users', () => {
  it('searches and filters by role, permission and disabled, for admin and admin-users:r', async () => {
    for (const by of [admin, usersReader]) {
      const response = await call('GET', '/admin/users?search=zebra%20finch', by.token);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<AdminUsersResponse>();
      expect(Value.Check(AdminUsersResponseSchema, body)).toBe(true);
      expect(body.users.map((u) => u.user_id)).toEqual([member.id]);
      expect(body.users[0]).toMatchObject({ email: member.email, disabled: false, roles: ['member'] });
    }
    const admins = (await call('GET', '/admin/users?role=admin', admin.token)).json<AdminUsersResponse>();
    expect(admins.users.map((u) => u.user_id)).toEqual([admin.id]);
    const writers = (
      await call('GET', '/admin/users?permission=admin-users:u', admin.token)
    ).json<AdminUsersResponse>();
    expect(writers.users.map((u) => u.user_id)).toEqual([usersAdmin.id]);
    const area = (
      await call('GET', '/admin/users?permission=admin-users', admin.token)
    ).json<AdminUsersResponse>();
    expect(area.users.map((u) => u.user_id).sort()).toEqual([usersAdmin.id, usersReader.id].sort());
    const paged = (await call('GET', '/admin/users?limit=2&skip=1', admin.token)).json<AdminUsersResponse>();
    expect(paged.users).toHaveLength(2);
    expect(paged.total).toBe(5);
    // A search is text, never a pattern.
    expect((await call('GET', '/admin/users?search=%25', admin.token)).json<AdminUsersResponse>().total).toBe(
      0,
    );
  });

  it('refuses members and write-only holders (403) and guests (401)', async () => {
    const refused = await call('GET', '/admin/users', member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Failed>().reason).toBe(messages.notAuthorised);
    expect((await call('GET', `/admin/users/${admin.id}`, member.token)).statusCode).toBe(403);
    expect((await call('GET', '/admin/users', client)).statusCode).toBe(401);
    expect((await call('GET', '/admin/users', null)).statusCode).toBe(401);
  });
});

describe('PUT admin/users/{id}', () => {
  it('changes roles and permissions, keeps member, and audits who changed what', async () => {
    const target = await who(['member']);
    const response = await call('PUT', `/admin/users/${target.id}`, usersAdmin.token, {
      roles: ['admin-photo'],
      permissions: { 'species-admin': ['r', 'c'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AdminUserUpdateResponse>();
    expect(Value.Check(AdminUserUpdateResponseSchema, body)).toBe(true);
    expect(body.user.roles.sort()).toEqual(['admin-photo', 'member']);
    expect(body.user.permissions).toEqual({ 'species-admin': ['r', 'c'] });

    const detail = await call('GET', `/admin/users/${target.id}`, usersReader.token);
    expect(detail.statusCode, detail.body).toBe(200);
    const read = detail.json<AdminUserDetailResponse>();
    expect(Value.Check(AdminUserDetailResponseSchema, read)).toBe(true);
    expect(read.audit.map((a) => [a.action, a.actor_id]).sort()).toEqual([
      ['permissions', usersAdmin.id],
      ['roles', usersAdmin.id],
    ]);
    const roles = read.audit.find((a) => a.action === 'roles');
    expect(roles?.detail).toEqual({ before: ['member'], after: ['member', 'admin-photo'] });
    expect(read.activity).toMatchObject({ observations: 0, comments: 0, reports_made: 0 });
  });

  it('disables a member: sessions end, sign-in is refused; enabling lets them back in', async () => {
    const target = await who(['member']);
    const disabled = await call('PUT', `/admin/users/${target.id}`, admin.token, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<AdminUserUpdateResponse>().user.disabled).toBe(true);
    expect((await call('GET', `/users/${target.id}`, target.token)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: api('/login'),
      payload: { username: target.email, password: target.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json<Failed>().reason).toBe(messages.accountDisabled);
    const listed = (await call('GET', '/admin/users?disabled=true', admin.token)).json<AdminUsersResponse>();
    expect(listed.users.map((u) => u.user_id)).toEqual([target.id]);

    await call('PUT', `/admin/users/${target.id}`, admin.token, { disabled: false });
    expect((await signIn(t, target)).auth_token).toBeTruthy();
    const audit = (
      await call('GET', `/admin/users/${target.id}`, admin.token)
    ).json<AdminUserDetailResponse>();
    expect(audit.audit.map((a) => a.action)).toEqual(['enable', 'disable']);
  });

  it('an admin cannot remove their own admin role nor disable themself (409)', async () => {
    const demote = await call('PUT', `/admin/users/${admin.id}`, admin.token, { roles: ['member'] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json<Failed>().reason).toBe(messages.adminSelfDemote);
    const disable = await call('PUT', `/admin/users/${admin.id}`, admin.token, { disabled: true });
    expect(disable.statusCode).toBe(409);
    expect(disable.json<Failed>().reason).toBe(messages.adminSelfDisable);
    const superDemote = await call('PUT', `/admin/users/${superadmin.id}`, superadmin.token, {
      roles: ['member', 'admin'],
    });
    expect(superDemote.statusCode).toBe(409);
    // Nothing changed, and nothing was audited.
    const self = (await call('GET', `/admin/users/${admin.id}`, admin.token)).json<AdminUserDetailResponse>();
    expect(self.user).toMatchObject({ roles: ['member', 'admin'], disabled: false });
    expect(self.audit).toEqual([]);
  });

  it('only a superadmin changes a superadmin or grants superadmin (403)', async () => {
    const grant = await call('PUT', `/admin/users/${member.id}`, admin.token, {
      roles: ['member', 'superadmin'],
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json<Failed>().reason).toBe(messages.superadminOnly);
    const touch = await call('PUT', `/admin/users/${superadmin.id}`, admin.token, { disabled: true });
    expect(touch.statusCode).toBe(403);
    const target = await who(['member']);
    const bySuper = await call('PUT', `/admin/users/${target.id}`, superadmin.token, {
      roles: ['member', 'superadmin'],
    });
    expect(bySuper.statusCode, bySuper.body).toBe(200);
  });

  it('refuses members and readers (403), guests (401), bad bodies (400), unknown members (404)', async () => {
    for (const by of [member, usersReader]) {
      const refused = await call('PUT', `/admin/users/${member.id}`, by.token, { disabled: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<Failed>().reason).toBe(messages.notAuthorised);
    }
    expect((await call('PUT', `/admin/users/${member.id}`, client, { disabled: true })).statusCode).toBe(401);
    expect((await call('PUT', `/admin/users/${member.id}`, admin.token, {})).statusCode).toBe(400);
    expect(
      (await call('PUT', `/admin/users/${member.id}`, admin.token, { roles: ['king'] })).statusCode,
    ).toBe(400);
    const missing = await call('PUT', '/admin/users/00000000-0000-4000-8000-000000000000', admin.token, {
      disabled: true,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE users/{id} by an admin', () => {
  const auditOf = (id: string) =>
    t.db
      .selectFrom('user_admin_audit')
      .select(['action', 'actor_id', 'detail'])
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();

  it('deletes the member and keeps who deleted them, and when, in the audit', async () => {
    const gone = await who(['member'], { 'admin-cms': ['r'] });
    expect((await call('PUT', `/admin/users/${gone.id}`, admin.token, { disabled: true })).statusCode).toBe(
      200,
    );
    const deleted = await callApi(t, 'DELETE', `/users/${gone.id}`, usersAdmin.token);
    expect(deleted.statusCode).toBe(403); // admin-users:d, not :u
    expect((await callApi(t, 'DELETE', `/users/${gone.id}`, admin.token)).statusCode).toBe(200);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', gone.id).execute()).toEqual([]);
    expect(await auditOf(gone.id)).toEqual([
      { action: 'disable', actor_id: admin.id, detail: { before: false, after: true } },
      {
        action: 'delete',
        actor_id: admin.id,
        detail: {
          before: { roles: ['member'], permissions: { 'admin-cms': ['r'] }, disabled: true },
          after: null,
        },
      },
    ]);
  });

  it('a member deleting their own account leaves nothing in the audit', async () => {
    const leaving = await who(['member']);
    expect((await callApi(t, 'DELETE', `/users/${leaving.id}`, leaving.token)).statusCode).toBe(200);
    expect(await auditOf(leaving.id)).toEqual([]);
  });
});
