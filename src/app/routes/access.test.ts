/**
 * The page guard for every role and permission combination of SPEC §6, route by route: for each
 * guarded route, exactly who gets in. The principals cover the role types of SPEC §3 and each
 * `area:flag` the spec names, alone and in the combinations that matter (admin:r opens the admin
 * menu but no admin-only page).
 */
import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@contract/messages';
import type { Permissions, Principal } from '@contract/permissions';
import { TOAST_MS } from '../../lib/constants';
import { decideAccess, LOGBOOKS_OVERVIEW_PATH, type GuardContext } from './access';
import { ROUTE_TABLE, type RouteEntry } from './routeTable';

const principal = (roles: string[], permissions: Permissions = {}): Principal => ({ roles, permissions });

const PRINCIPALS: Record<string, Principal | null> = {
  guest: null,
  member: principal(['member']),
  admin: principal(['member', 'admin']),
  superadmin: principal(['superadmin']),
  photoAdmin: principal(['member', 'admin-photo']),
  adsAdminRoleOnly: principal(['member', 'admin-ads']),
  adminMenuReader: principal(['member'], { admin: ['r'] }),
  cmsReader: principal(['member'], { admin: ['r'], 'admin-cms': ['r'] }),
  cmsCreatorOnly: principal(['member'], { 'admin-cms': ['c'] }),
  helpReader: principal(['member'], { 'admin-help': ['r'] }),
  usersReader: principal(['member'], { 'admin-users': ['r'] }),
  reportsReader: principal(['member'], { 'admin-reports': ['r'] }),
  adsReader: principal(['member', 'admin-ads'], { 'admin-ads': ['r'] }),
  adsCreatorOnly: principal(['member'], { 'admin-ads': ['c'] }),
  adsReaderCreator: principal(['member'], { 'admin-ads': ['r', 'c'] }),
  speciesReader: principal(['member'], { 'species-admin': ['r'] }),
  speciesCreatorOnly: principal(['member'], { 'species-admin': ['c'] }),
  everyPermission: principal(['member'], {
    admin: ['r', 'c', 'u', 'd'],
    'admin-cms': ['r', 'c'],
    'admin-help': ['r', 'c'],
    'admin-ads': ['r', 'c'],
    'admin-users': ['r', 'c'],
    'admin-reports': ['r'],
    'species-admin': ['r', 'c'],
  }),
};
const EVERYONE = Object.keys(PRINCIPALS);
const SIGNED_IN = EVERYONE.filter((name) => name !== 'guest');

function entry(path: string): RouteEntry {
  const found = ROUTE_TABLE.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
}

function context(name: string, params: GuardContext['params'] = {}, hasLogbook = false): GuardContext {
  return { user: PRINCIPALS[name] ?? null, params, title: 'Some Page', hasLogbook };
}

function admitted(path: string, params: GuardContext['params'] = {}): string[] {
  const { access } = entry(path);
  return EVERYONE.filter((name) => decideAccess(access, context(name, params)).kind === 'allow');
}

const ADMIN_ONLY = [
  '/admin-locations',
  '/admin-location-details/:location_id?',
  '/admin-hotspots',
  '/admin-hotspot-details/:hotspot_id?',
  '/admin-field-guide',
  '/admin-field-guide-details/:fields_guide_id?',
  '/ebook-listing',
  '/ebook-details/:ebook_id',
  '/ebook-chapter/:ebook_id/:chapter',
  '/ebook-chapter-species/:ebook_id/:chapter',
  '/ebook-media',
  '/ebook-page-template/:template_id',
  '/merchant-products',
  '/merchant-product/:product_id',
];

describe('admin-only routes (SPEC §6: role admin)', () => {
  it.each(ADMIN_ONLY)('%s admits admin and superadmin only, whatever the permissions', (path) => {
    expect(admitted(path, { location_id: 'x' })).toEqual(['admin', 'superadmin']);
    expect(admitted(path)).toEqual(['admin', 'superadmin']);
  });

  it("refuses with 'Sorry, You aren't authorised to access this page.' for 10 s, guests included", () => {
    for (const name of ['guest', 'member', 'adminMenuReader', 'everyPermission']) {
      expect(decideAccess(entry('/admin-locations').access, context(name))).toEqual({
        kind: 'refuse',
        message: messages.notAuthorised,
        durationMs: TOAST_MS.unauthorised,
      });
    }
    expect(TOAST_MS.unauthorised).toBe(10_000);
  });
});

describe('admin routes with a stated permission (SPEC §5: role admin or area:flag)', () => {
  it.each([
    ['/admin-cms', ['admin', 'superadmin', 'cmsReader', 'everyPermission']],
    ['/admin-cms-page/:page_id?', ['admin', 'superadmin', 'cmsReader', 'everyPermission']],
    ['/admin-help', ['admin', 'superadmin', 'helpReader', 'everyPermission']],
    ['/admin-help-details/:help_id?', ['admin', 'superadmin', 'helpReader', 'everyPermission']],
    ['/admin-users', ['admin', 'superadmin', 'usersReader', 'everyPermission']],
    ['/admin-issue-reports', ['admin', 'superadmin', 'reportsReader', 'everyPermission']],
    [
      '/admin-issue-report-details/:report_issue_id',
      ['admin', 'superadmin', 'reportsReader', 'everyPermission'],
    ],
  ])('%s admits %j', (path, expected) => {
    expect(admitted(path)).toEqual(expected);
  });

  it('a create flag alone is not the read flag', () => {
    expect(decideAccess(entry('/admin-cms').access, context('cmsCreatorOnly')).kind).toBe('refuse');
  });
});

describe('ads (SPEC §6: admin-ads needs admin-ads:r; a new ad needs admin-ads:c; SPEC §3 Ads Admin role)', () => {
  it('/admin-ads admits admin-ads:r holders and the Ads Admin role, as the ads calls do', () => {
    expect(admitted('/admin-ads')).toEqual([
      'admin',
      'superadmin',
      'adsAdminRoleOnly',
      'adsReader',
      'adsReaderCreator',
      'everyPermission',
    ]);
  });

  it('a new ad (no id) needs admin-ads:c', () => {
    expect(admitted('/admin-ads-detail/:ad_id?')).toEqual([
      'admin',
      'superadmin',
      'adsAdminRoleOnly',
      'adsReader',
      'adsCreatorOnly',
      'adsReaderCreator',
      'everyPermission',
    ]);
  });

  it('an existing ad needs admin-ads:r', () => {
    expect(admitted('/admin-ads-detail/:ad_id?', { ad_id: 'ad-1' })).toEqual([
      'admin',
      'superadmin',
      'adsAdminRoleOnly',
      'adsReader',
      'adsReaderCreator',
      'everyPermission',
    ]);
  });
});

describe('species-details-edit (SPEC §6: admin, species-admin:c new, species-admin:r existing)', () => {
  const path = '/species-details-edit/:species_id?';

  it('a new species needs species-admin:c', () => {
    expect(admitted(path)).toEqual(['admin', 'superadmin', 'speciesCreatorOnly', 'everyPermission']);
  });

  it('an existing species needs species-admin:r', () => {
    expect(admitted(path, { species_id: 'sp-1' })).toEqual([
      'admin',
      'superadmin',
      'speciesReader',
      'everyPermission',
    ]);
  });
});

describe('guests (SPEC §6: no sightings, friends, stats or my-pages)', () => {
  it.each(['/species-observation/:species_id?/:observation_id?'])(
    '%s refuses guests with the recording message',
    (path) => {
      expect(admitted(path)).toEqual(SIGNED_IN);
      expect(decideAccess(entry(path).access, context('guest'))).toEqual({
        kind: 'refuse',
        message: messages.recordSignedOut,
        durationMs: TOAST_MS.default,
      });
    },
  );

  it.each([
    '/people/:type?',
    '/group-members',
    '/group-profile/:group_id',
    '/group-profile-edit/:group_id?',
    '/chat/:user_id',
    '/chat/:user_id/session/:session_id',
    '/chat-sessions',
    '/trips',
    '/trips-details/:trip_id',
    '/logbook/:product_id',
    '/user-profile/:user_id?',
  ])('%s admits every signed-in member and names the page to a guest', (path) => {
    expect(admitted(path)).toEqual(SIGNED_IN);
    expect(decideAccess(entry(path).access, { ...context('guest'), title: 'Trips' })).toEqual({
      kind: 'refuse',
      message: formatMessage(messages.needAccount, { title: 'Trips' }),
      durationMs: TOAST_MS.default,
    });
  });

  it("/profile is the member's own page; /profile/{id} is anybody's public profile", () => {
    expect(admitted('/profile/:user_id?')).toEqual(SIGNED_IN);
    expect(admitted('/profile/:user_id?', { user_id: 'u-2' })).toEqual(EVERYONE);
  });

  it('every route that is neither admin nor personal is open to all', () => {
    const open = ROUTE_TABLE.filter((route) => route.access.kind === 'anyone').map((route) => route.path);
    expect(open).toEqual(
      expect.arrayContaining(['/', '/menu', '/species', '/global-map', '/general-settings', '/cart']),
    );
    for (const path of open) expect(admitted(path)).toEqual(EVERYONE);
  });
});

describe('/logbooks (SPEC §2: loads only with a logbook, else the overview)', () => {
  const { access } = entry('/logbooks');

  it('sends a member without a logbook to /logbooks/overview', () => {
    for (const name of SIGNED_IN) {
      expect(decideAccess(access, context(name))).toEqual({ kind: 'redirect', to: LOGBOOKS_OVERVIEW_PATH });
    }
  });

  it('opens for a member with a logbook', () => {
    expect(decideAccess(access, context('member', {}, true))).toEqual({ kind: 'allow' });
  });

  it('refuses a guest like every my-page', () => {
    expect(decideAccess(access, { ...context('guest'), title: 'My Logbooks' })).toEqual({
      kind: 'refuse',
      message: formatMessage(messages.needAccount, { title: 'My Logbooks' }),
      durationMs: TOAST_MS.default,
    });
  });
});
