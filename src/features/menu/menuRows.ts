/**
 * The mobile menu's five slider rows and their items, in SPEC §2's order, and the Administration
 * row for those who see the desktop's Administration menu. `needsAccount` marks the items a guest
 * cannot use (SPEC §6: sightings, friends, stats, my-pages): they show disabled, and tapping one
 * says so. Where the spec names an item but no route for it (Stats, the Personal row's Posts,
 * Places and Sightings, Find Friends), the destination is a documented choice of docs/routes.md.
 *
 * On a phone there is no side menu, so /menu reaches every item of it (issue 23): Global Map
 * (Explore) and Profile (Personal) are added to the spec's rows, the Administration row repeats
 * the admin menu with the same visibility, and the page's top repeats the side menu's account
 * part (avatar to the profile, messages, share the app). menuRows.test.ts checks it.
 */
import { labels } from '../../app/labels';
import type { Principal } from '@contract/permissions';
import { ADMIN_MENU, canSeeAdminMenu, visibleItems } from '../../app/shell/menus';
import { SLIDES_PER_VIEW } from '../../lib/constants';

export type MenuIconName =
  | 'record'
  | 'news'
  | 'logbook'
  | 'stats'
  | 'places'
  | 'trips'
  | 'friends'
  | 'findFriends'
  | 'messages'
  | 'sightings'
  | 'settings'
  | 'species'
  | 'fieldGuides'
  | 'terms'
  | 'privacy'
  | 'help'
  | 'about'
  | 'logout'
  | 'globalMap'
  | 'profile'
  | 'locations'
  | 'pages'
  | 'ads'
  | 'users'
  | 'issueReports'
  | 'ebooks'
  | 'shop';

export interface MobileMenuItem {
  /** Unique within its row. */
  id: string;
  label: string;
  /** A path of the route table, optionally with a query. */
  to: string;
  icon: MenuIconName;
  needsAccount?: boolean;
}

export interface MobileMenuRow {
  id: string;
  label: string;
  slidesPerView: number;
  items: readonly MobileMenuItem[];
}

const RECORD = '/species-observation';
const STATS = '/profile?section=stats';

export const MENU_ROWS: readonly MobileMenuRow[] = [
  {
    id: 'quick',
    label: labels.rowQuick,
    slidesPerView: SLIDES_PER_VIEW.quick,
    items: [
      { id: 'log-sighting', label: labels.logSighting, to: RECORD, icon: 'record', needsAccount: true },
      { id: 'news', label: labels.news, to: '/newsfeed', icon: 'news' },
      { id: 'logbook', label: labels.logbook, to: '/logbooks', icon: 'logbook', needsAccount: true },
      { id: 'stats', label: labels.stats, to: STATS, icon: 'stats', needsAccount: true },
      { id: 'places', label: labels.places, to: '/locations', icon: 'places' },
      { id: 'trips', label: labels.trips, to: '/trips', icon: 'trips', needsAccount: true },
      { id: 'friends', label: labels.friends, to: '/people', icon: 'friends', needsAccount: true },
      { id: 'messages', label: labels.messages, to: '/chat-sessions', icon: 'messages', needsAccount: true },
      { id: 'view-sightings', label: labels.viewSightings, to: '/observations', icon: 'sightings' },
      { id: 'settings', label: labels.settings, to: '/general-settings', icon: 'settings' },
    ],
  },
  {
    id: 'explore',
    label: labels.rowExplore,
    slidesPerView: SLIDES_PER_VIEW.default,
    items: [
      { id: 'local-species', label: labels.seeLocalSpecies, to: '/species', icon: 'species' },
      { id: 'record-sighting', label: labels.recordSighting, to: RECORD, icon: 'record', needsAccount: true },
      { id: 'explore-places', label: labels.explorePlaces, to: '/locations', icon: 'places' },
      { id: 'global-map', label: labels.globalMap, to: '/global-map', icon: 'globalMap' },
    ],
  },
  {
    id: 'personal',
    label: labels.rowPersonal,
    slidesPerView: SLIDES_PER_VIEW.default,
    items: [
      { id: 'profile', label: labels.profile, to: '/profile', icon: 'profile', needsAccount: true },
      { id: 'my-logbooks', label: labels.myLogbooks, to: '/logbooks', icon: 'logbook', needsAccount: true },
      { id: 'stats', label: labels.stats, to: STATS, icon: 'stats', needsAccount: true },
      { id: 'settings', label: labels.settings, to: '/general-settings', icon: 'settings' },
      { id: 'posts', label: labels.posts, to: '/profile?section=posts', icon: 'news', needsAccount: true },
      { id: 'friends', label: labels.friends, to: '/people', icon: 'friends', needsAccount: true },
      {
        id: 'places',
        label: labels.places,
        to: '/profile?section=places',
        icon: 'places',
        needsAccount: true,
      },
      {
        id: 'sightings',
        label: labels.sightings,
        to: '/profile?section=sightings',
        icon: 'sightings',
        needsAccount: true,
      },
    ],
  },
  {
    id: 'community',
    label: labels.rowCommunity,
    slidesPerView: SLIDES_PER_VIEW.default,
    items: [
      { id: 'news', label: labels.news, to: '/newsfeed', icon: 'news' },
      {
        id: 'friends-posts',
        label: labels.postsFromFriends,
        to: '/home/newsfeed/people',
        icon: 'friends',
        needsAccount: true,
      },
      {
        id: 'find-friends',
        label: labels.findFriends,
        to: '/people/find',
        icon: 'findFriends',
        needsAccount: true,
      },
      {
        id: 'message-friends',
        label: labels.messageFriends,
        to: '/chat-sessions',
        icon: 'messages',
        needsAccount: true,
      },
      { id: 'field-guides', label: labels.fieldGuides, to: '/fieldguides', icon: 'fieldGuides' },
    ],
  },
  {
    id: 'more',
    label: labels.rowMore,
    slidesPerView: SLIDES_PER_VIEW.default,
    items: [
      { id: 'terms', label: labels.terms, to: '/general-content-page/terms-conditions', icon: 'terms' },
      { id: 'privacy', label: labels.privacy, to: '/general-content-page/privacy-policy', icon: 'privacy' },
      { id: 'help', label: labels.help, to: '/general-help', icon: 'help' },
      { id: 'about', label: labels.about, to: '/about', icon: 'about' },
      { id: 'logout', label: labels.logout, to: '/logout', icon: 'logout', needsAccount: true },
    ],
  },
];

const ADMIN_ICONS: Readonly<Record<string, MenuIconName>> = {
  'admin-locations': 'locations',
  'admin-places': 'places',
  'admin-field-guides': 'fieldGuides',
  'admin-pages': 'pages',
  'admin-help': 'help',
  'admin-ads': 'ads',
  'admin-users': 'users',
  'admin-issue-reports': 'issueReports',
  'admin-ebooks': 'ebooks',
  'admin-merchant-products': 'shop',
};

/**
 * The Administration row: the desktop admin menu's items this member sees (SPEC §6: role admin,
 * superadmin or admin:r; a permissioned item only with its permission), or null for everyone else.
 */
export function adminRow(user: Principal | null): MobileMenuRow | null {
  if (!canSeeAdminMenu(user)) return null;
  return {
    id: 'admin',
    label: ADMIN_MENU.label,
    slidesPerView: SLIDES_PER_VIEW.default,
    items: visibleItems(ADMIN_MENU, user).map((item) => ({
      id: item.id,
      label: item.label,
      to: item.to,
      icon: ADMIN_ICONS[item.id] ?? 'settings',
    })),
  };
}
