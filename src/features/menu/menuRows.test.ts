/**
 * A phone has no side menu, so /menu must reach every item of it: for each kind of member, every
 * desktop side-menu item they see has a tile in /menu leading to the same page (issue 23).
 */
import { describe, expect, it } from 'vitest';
import type { Permissions, Principal } from '@contract/permissions';
import {
  ADMIN_MENU,
  PRIMARY_MENU,
  USEFUL_MENU,
  USER_MENU,
  canSeeAdminMenu,
  visibleItems,
} from '../../app/shell/menus';
import { adminRow, MENU_ROWS } from './menuRows';
import { present } from '../../test/present';

const principal = (roles: string[], permissions: Permissions = {}): Principal => ({ roles, permissions });

const WHO: ReadonlyArray<[string, Principal | null]> = [
  ['a guest', null],
  ['a member', principal(['member'])],
  ['an admin', principal(['member', 'admin'])],
  ['a superadmin', principal(['superadmin'])],
  ['a holder of admin:r alone', principal(['member'], { admin: ['r'] })],
  ['a holder of admin:r and admin-users:r', principal(['member'], { admin: ['r'], 'admin-users': ['r'] })],
  ['an Ads Admin', principal(['member', 'admin-ads'], { 'admin-ads': ['r'] })],
];

/** Where the tiles of /menu lead for this member. */
function phoneDestinations(user: Principal | null): Set<string> {
  const rows = [...MENU_ROWS, ...[adminRow(user)].filter((row) => row !== null)];
  return new Set(rows.flatMap((row) => row.items.map((item) => item.to)));
}

describe('/menu on a phone', () => {
  it.each(WHO)('reaches every side-menu item %s sees', (_who, user) => {
    const reachable = phoneDestinations(user);
    const groups = [PRIMARY_MENU, USER_MENU, USEFUL_MENU, ...(canSeeAdminMenu(user) ? [ADMIN_MENU] : [])];
    const desktop = groups.flatMap((group) => visibleItems(group, user));
    expect(desktop.length).toBeGreaterThan(0);
    expect(desktop.filter((item) => !reachable.has(item.to)).map((item) => item.id)).toEqual([]);
  });

  it('has an Administration row only for those who see the admin menu, with the same items', () => {
    for (const [, user] of WHO) {
      const row = adminRow(user);
      if (!canSeeAdminMenu(user)) {
        expect(row).toBeNull();
        continue;
      }
      expect(row?.label).toBe(ADMIN_MENU.label);
      expect(row?.items.map((item) => [item.label, item.to])).toEqual(
        visibleItems(ADMIN_MENU, user).map((item) => [item.label, item.to]),
      );
    }
  });

  it('gives every tile a unique id within its row', () => {
    for (const row of [...MENU_ROWS, present(adminRow(principal(['admin'])))]) {
      const ids = row.items.map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
