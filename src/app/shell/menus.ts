/**
 * The desktop side menu's groups and items, exactly as SPEC §2 lists them, and who sees what
 * (SPEC §6). Visibility goes through `canAccess`, like the page guard; an item a guest may see but
 * not open (Profile, My Logbooks, Messages) is refused by the page guard with the spec's message.
 */
import { canAccess, type AccessRule, type Principal } from '@contract/permissions';
import { labels } from '../labels';

export interface MenuItem {
  /** Stable id, for keys and tests. */
  id: string;
  label: string;
  /** Where it leads: a path of the route table. */
  to: string;
  /** Who sees it: everyone (default), signed-in members, or admins and holders of `permission`. */
  visibleTo?: 'signedIn' | { permission: string };
}

export interface MenuGroup {
  id: string;
  label: string;
  items: readonly MenuItem[];
}

export const PRIMARY_MENU: MenuGroup = {
  id: 'primary',
  label: labels.menuPrimary,
  items: [
    { id: 'friends', label: labels.friendsAndGroups, to: '/people', visibleTo: 'signedIn' },
    { id: 'newsfeed', label: labels.newsfeed, to: '/newsfeed' },
    { id: 'global-map', label: labels.globalMap, to: '/global-map' },
    { id: 'species', label: labels.species, to: '/species' },
    { id: 'observations', label: labels.observations, to: '/observations' },
    { id: 'profile', label: labels.profile, to: '/profile' },
    { id: 'logbooks', label: labels.myLogbooks, to: '/logbooks' },
    { id: 'places', label: labels.places, to: '/locations' },
    { id: 'field-guides', label: labels.fieldGuides, to: '/fieldguides' },
  ],
};

export const USER_MENU: MenuGroup = {
  id: 'user',
  label: labels.menuUser,
  items: [
    { id: 'settings', label: labels.settings, to: '/general-settings' },
    { id: 'messages', label: labels.messages, to: '/chat-sessions' },
  ],
};

export const USEFUL_MENU: MenuGroup = {
  id: 'useful',
  label: labels.menuUseful,
  items: [
    { id: 'terms', label: labels.termsAndConditions, to: '/general-content-page/terms-conditions' },
    { id: 'privacy', label: labels.privacyPolicy, to: '/general-content-page/privacy-policy' },
    { id: 'help', label: labels.help, to: '/general-help' },
    // Not in SPEC §2: where the data sources are credited (docs/routes.md).
    { id: 'about', label: labels.about, to: '/about' },
    { id: 'logout', label: labels.logout, to: '/logout', visibleTo: 'signedIn' },
  ],
};

/** SPEC §6: the admin menu shows for role admin, superadmin, or permission admin:r. */
export const ADMIN_MENU_RULE: AccessRule = { role: 'admin', permission: 'admin:r' };

export const ADMIN_MENU: MenuGroup = {
  id: 'admin',
  label: labels.menuAdministration,
  items: [
    { id: 'admin-locations', label: labels.locations, to: '/admin-locations' },
    { id: 'admin-places', label: labels.places, to: '/admin-hotspots' },
    { id: 'admin-field-guides', label: labels.fieldGuides, to: '/admin-field-guide' },
    { id: 'admin-pages', label: labels.pages, to: '/admin-cms', visibleTo: { permission: 'admin-cms:r' } },
    { id: 'admin-help', label: labels.help, to: '/admin-help', visibleTo: { permission: 'admin-help:r' } },
    { id: 'admin-ads', label: labels.ads, to: '/admin-ads', visibleTo: { permission: 'admin-ads:r' } },
    {
      id: 'admin-users',
      label: labels.users,
      to: '/admin-users',
      visibleTo: { permission: 'admin-users:r' },
    },
    { id: 'admin-issue-reports', label: labels.issueReports, to: '/admin-issue-reports' },
    { id: 'admin-ebooks', label: labels.ebooks, to: '/ebook-listing' },
    { id: 'admin-merchant-products', label: labels.merchantProducts, to: '/merchant-products' },
  ],
};

export function canSeeAdminMenu(user: Principal | null): boolean {
  return canAccess(user, ADMIN_MENU_RULE);
}

/**
 * The items of a group this user sees. Within the admin menu, SPEC §6: "permissioned items need
 * the permission unless the user is admin or superadmin".
 */
export function visibleItems(group: MenuGroup, user: Principal | null): MenuItem[] {
  return group.items.filter((item) => {
    if (item.visibleTo === undefined) return true;
    if (item.visibleTo === 'signedIn') return user !== null;
    return canAccess(user, { role: 'admin', permission: item.visibleTo.permission });
  });
}
