/** Who sees which side-menu item (SPEC §2 "Shell and menus", §6). */
import { describe, expect, it } from 'vitest';
import type { Permissions, Principal } from '@contract/permissions';
import {
  ADMIN_MENU,
  canSeeAdminMenu,
  PRIMARY_MENU,
  USEFUL_MENU,
  USER_MENU,
  visibleItems,
  type MenuGroup,
} from './menus';

const principal = (roles: string[], permissions: Permissions = {}): Principal => ({ roles, permissions });
const guest = null;
const member = principal(['member']);
const ids = (group: MenuGroup, user: Principal | null) => visibleItems(group, user).map((item) => item.id);

const UNPERMISSIONED_ADMIN_ITEMS = [
  'admin-locations',
  'admin-places',
  'admin-field-guides',
  'admin-issue-reports',
  'admin-ebooks',
  'admin-merchant-products',
];

describe('the side menu', () => {
  it('lists the Primary, User and Useful items in the order of SPEC §2', () => {
    expect(PRIMARY_MENU.items.map((item) => item.label)).toEqual([
      'Friends & Groups',
      'Newsfeed',
      'Global Map',
      'Species',
      'Observations',
      'Profile',
      'My Logbooks',
      'Places',
      'Field Guides',
    ]);
    expect(USER_MENU.items.map((item) => item.label)).toEqual(['Settings', 'Messages']);
    expect(USEFUL_MENU.items.map((item) => item.label)).toEqual([
      'Terms & Conditions',
      'Privacy Policy',
      'Help',
      'About',
      'Logout',
    ]);
    expect(ADMIN_MENU.items.map((item) => item.label)).toEqual([
      'Locations',
      'Places',
      'Field Guides',
      'Pages',
      'Help',
      'Ads',
      'Users',
      'Issue Reports',
      'Ebooks',
      'Merchant Products',
    ]);
  });

  it('shows Friends & Groups and Logout only when signed in', () => {
    expect(ids(PRIMARY_MENU, guest)).not.toContain('friends');
    expect(ids(USEFUL_MENU, guest)).toEqual(['terms', 'privacy', 'help', 'about']);
    expect(ids(PRIMARY_MENU, member)).toContain('friends');
    expect(ids(USEFUL_MENU, member)).toContain('logout');
  });

  it('shows the admin menu to role admin, superadmin or admin:r only (SPEC §6)', () => {
    expect(canSeeAdminMenu(guest)).toBe(false);
    expect(canSeeAdminMenu(member)).toBe(false);
    expect(canSeeAdminMenu(principal(['member', 'admin-ads'], { 'admin-ads': ['r'] }))).toBe(false);
    expect(canSeeAdminMenu(principal(['member'], { admin: ['c'] }))).toBe(false);
    expect(canSeeAdminMenu(principal(['member'], { admin: ['r'] }))).toBe(true);
    expect(canSeeAdminMenu(principal(['admin']))).toBe(true);
    expect(canSeeAdminMenu(principal(['superadmin']))).toBe(true);
  });

  it('gives admins and superadmins every admin item', () => {
    const all = ADMIN_MENU.items.map((item) => item.id);
    expect(ids(ADMIN_MENU, principal(['member', 'admin']))).toEqual(all);
    expect(ids(ADMIN_MENU, principal(['superadmin']))).toEqual(all);
  });

  it('shows a permissioned admin item only to holders of its permission', () => {
    const reader = principal(['member'], { admin: ['r'] });
    expect(ids(ADMIN_MENU, reader)).toEqual(UNPERMISSIONED_ADMIN_ITEMS);
    for (const [area, id] of [
      ['admin-cms', 'admin-pages'],
      ['admin-help', 'admin-help'],
      ['admin-ads', 'admin-ads'],
      ['admin-users', 'admin-users'],
    ] as const) {
      const holder = principal(['member'], { admin: ['r'], [area]: ['r'] });
      expect(ids(ADMIN_MENU, holder)).toEqual(
        ADMIN_MENU.items
          .map((item) => item.id)
          .filter((itemId) => UNPERMISSIONED_ADMIN_ITEMS.includes(itemId) || itemId === id),
      );
      const creatorOnly = principal(['member'], { admin: ['r'], [area]: ['c'] });
      expect(ids(ADMIN_MENU, creatorOnly)).toEqual(UNPERMISSIONED_ADMIN_ITEMS);
    }
  });
});
