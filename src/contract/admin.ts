/**
 * User administration (SPEC §3 roles and permissions; §6 "Admin-only routes (… users …) need role
 * admin"; the menu's Users item names admin-users:r). SPEC's `GET users (skip, limit, search)` is
 * the members' people search (docs/api.md "Community"), so the admin list and edits live under
 * `admin/users` (docs/api.md "User administration"). Every change is written to an audit table.
 * Pure: no Node, DOM or Dexie.
 */
import { Type, type Static } from 'typebox';
import { PermissionsSchema, RoleSchema } from './auth';
import { success } from './envelope';
import { SKIP_MAX } from './paging';
import { ROLES } from './permissions';

export const USERS_READ = { role: 'admin', permission: 'admin-users:r' } as const;
export const USERS_UPDATE = { role: 'admin', permission: 'admin-users:u' } as const;
/** DELETE users/{id} of another member (docs/api.md "Accounts", "User administration"). */
export const USERS_DELETE = { role: 'admin', permission: 'admin-users:d' } as const;

/** The roles an admin list filters by and an admin assigns (SPEC §3). */
export const ADMIN_ROLES = ROLES;

export const AdminUsersQuerySchema = Type.Object({
  search: Type.Optional(
    Type.String({ maxLength: 200, description: 'Part of the email, nickname or name (any case)' }),
  ),
  role: Type.Optional(Type.Enum(ROLES, { description: 'Only members with this role' })),
  permission: Type.Optional(
    Type.String({
      maxLength: 100,
      pattern: '^[a-z0-9-]+(:[rcud])?$',
      description: 'Only members holding this area (area) or area:flag',
    }),
  ),
  disabled: Type.Optional(Type.Boolean({ description: 'Only disabled (true) or enabled (false) members' })),
  skip: Type.Integer({ minimum: 0, maximum: SKIP_MAX, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
});
export type AdminUsersQuery = Static<typeof AdminUsersQuerySchema>;

export const AdminUserSchema = Type.Object({
  user_id: Type.String(),
  email: Type.String(),
  nickname: Type.String(),
  firstname: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
  permissions: PermissionsSchema,
  disabled: Type.Boolean(),
  email_verified: Type.Boolean(),
  created_at: Type.Integer({ description: 'Seconds since the epoch' }),
});
export type AdminUser = Static<typeof AdminUserSchema>;

export const AdminUsersResponseSchema = success({
  users: Type.Array(AdminUserSchema, { description: 'Newest first' }),
  total: Type.Integer({ description: 'How many match the filters' }),
});
export type AdminUsersResponse = Static<typeof AdminUsersResponseSchema>;

export const AdminUserParamsSchema = Type.Object({
  id: Type.String({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    description: 'The member',
  }),
});
export type AdminUserParams = Static<typeof AdminUserParamsSchema>;

export const AuditEntrySchema = Type.Object({
  action: Type.String({ description: 'roles, permissions, disable or enable' }),
  actor_id: Type.Union([Type.String(), Type.Null()]),
  actor_nickname: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Record(Type.String(), Type.Unknown(), { description: 'Before and after' }),
  created_at: Type.Integer(),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

/** GET admin/users/{id}: the member, what was done to their account, and their recent activity. */
export const AdminUserDetailResponseSchema = success({
  user: AdminUserSchema,
  audit: Type.Array(AuditEntrySchema, { description: 'Newest first, at most 50' }),
  activity: Type.Object({
    observations: Type.Integer({ description: 'Live sightings' }),
    last_observation_at: Type.Union([Type.Integer(), Type.Null()], { description: 'Last sync change' }),
    comments: Type.Integer(),
    reports_made: Type.Integer(),
    reports_about: Type.Integer(),
  }),
});
export type AdminUserDetailResponse = Static<typeof AdminUserDetailResponseSchema>;

/** PUT admin/users/{id}: any of the three; what is left out stays as it is. */
export const AdminUserUpdateSchema = Type.Object(
  {
    roles: Type.Optional(Type.Array(RoleSchema, { maxItems: ROLES.length, uniqueItems: true })),
    permissions: Type.Optional(PermissionsSchema),
    disabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AdminUserUpdate = Static<typeof AdminUserUpdateSchema>;

export const AdminUserUpdateResponseSchema = success({ user: AdminUserSchema });
export type AdminUserUpdateResponse = Static<typeof AdminUserUpdateResponseSchema>;
