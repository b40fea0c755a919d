/**
 * Roles and permissions (SPEC §6). One decision function shared by the client's page guard and
 * menus and by the server's route guard, so both always agree.
 */
export const ROLES = ['member', 'admin', 'admin-photo', 'admin-ads', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSION_FLAGS = ['r', 'c', 'u', 'd'] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

/** Permission areas mapped to the flags granted in each, e.g. `{ 'admin-users': ['r'] }`. */
export type Permissions = Record<string, PermissionFlag[]>;

export interface Principal {
  roles: readonly string[];
  permissions: Permissions;
}

/** What a route or menu item asks for: a role, an `area:flag` permission, or either. */
export interface AccessRule {
  role?: Role;
  /** `area` or `area:flag`; the flag defaults to `r`. */
  permission?: string;
}

export function parsePermission(permission: string): { area: string; flag: PermissionFlag } {
  const [area = '', flag = 'r'] = permission.split(':');
  if (!(PERMISSION_FLAGS as readonly string[]).includes(flag)) {
    throw new Error(`Unknown permission flag in '${permission}'`);
  }
  return { area, flag: flag as PermissionFlag };
}

export function hasPermission(principal: Principal, permission: string): boolean {
  const { area, flag } = parsePermission(permission);
  return principal.permissions[area]?.includes(flag) ?? false;
}

/**
 * Access is allowed if the principal has the role, or is superadmin, or holds the permission.
 * A rule naming neither role nor permission only asks for a signed-in principal.
 */
export function canAccess(principal: Principal | null | undefined, rule: AccessRule): boolean {
  if (!principal) return false;
  if (principal.roles.includes('superadmin')) return true;
  if (rule.role === undefined && rule.permission === undefined) return true;
  if (rule.role !== undefined && principal.roles.includes(rule.role)) return true;
  if (rule.permission !== undefined && hasPermission(principal, rule.permission)) return true;
  return false;
}

/** The permission areas an admin grants (SPEC §2's admin menu and §6), in the order shown. */
export const PERMISSION_AREAS = [
  'admin',
  'admin-cms',
  'admin-help',
  'admin-ads',
  'admin-users',
  'admin-reports',
  'admin-newsfeed',
  'admin-groups',
  'species-admin',
] as const;
