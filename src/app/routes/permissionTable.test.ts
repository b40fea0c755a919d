/**
 * Permissions, checked once for every route (issue 18, SPEC §5 "Page guard", §6). PAGES states
 * who may open each route of the table, in SPEC §6's terms; a route added to the table without a
 * row here fails the first test. Every admin page is tried by a guest, a plain member, each role of
 * SPEC §3 and a member holding each single `area:flag` of every area named here: the guard admits
 * exactly role admin, superadmin and the stated permission (or role), and refuses everyone else
 * with the unauthorised message for 10 s. Where a page reads a server call, its row is that call's
 * rule from the contract (the same constants the server's guard uses), so page and API agree; the
 * server half is tests/server/permissions-table.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { USERS_READ } from '@contract/admin';
import { CMS_READ } from '@contract/contentAdmin';
import { formatMessage, messages } from '@contract/messages';
import { PERMISSION_FLAGS, ROLES, type Permissions, type Principal } from '@contract/permissions';
import { REPORTS_READ } from '@contract/reports';
import { TOAST_MS } from '../../lib/constants';
import { decideAccess, type GuardContext } from './access';
import { ROUTE_TABLE } from './routeTable';

/** SPEC §6: role admin (superadmin always), or the permission, or an area's own role. */
interface AdminRule {
  role: 'admin';
  permission?: string;
  alsoRole?: string;
}

type PageRule =
  | { who: 'anyone' | 'member' | 'recorder' | 'logbooks' }
  | { who: 'admin'; rule: AdminRule }
  /** Without the parameter the page makes something new (or is one's own), with it an existing one. */
  | { who: 'byParam'; param: string; without: PageRule; with: PageRule };

const admin: AdminRule = { role: 'admin' };
const anyone = { who: 'anyone' } as const;
const member = { who: 'member' } as const;
const adminPage = (rule: AdminRule): PageRule => ({ who: 'admin', rule });
const HELP_READ: AdminRule = { role: 'admin', permission: 'admin-help:r' };
const ads = (flag: 'r' | 'c'): AdminRule => ({
  role: 'admin',
  permission: `admin-ads:${flag}`,
  alsoRole: 'admin-ads',
});
const species = (flag: 'r' | 'c'): AdminRule => ({ role: 'admin', permission: `species-admin:${flag}` });

const PAGES: Record<string, PageRule> = {
  '/': anyone,
  '/home': anyone,
  '/home/*': anyone,
  '/menu': anyone,
  '/newsfeed': anyone,
  '/species': anyone,
  '/species/:species_id': anyone,
  '/species-details/:species_id': anyone,
  '/species-details-edit/:species_id?': {
    who: 'byParam',
    param: 'species_id',
    without: adminPage(species('c')),
    with: adminPage(species('r')),
  },
  '/species-observation/:species_id?/:observation_id?': { who: 'recorder' },
  '/species-gallery': anyone,
  '/species-map': anyone,
  '/global-map': anyone,
  '/observations': anyone,
  '/targeted-species': anyone,
  '/general-content-page/:slug': anyone,
  '/general-settings': anyone,
  '/general-help/:category?': anyone,
  '/about': anyone,
  '/admin-locations': adminPage(admin),
  '/admin-location-details/:location_id?': adminPage(admin),
  '/admin-hotspots': adminPage(admin),
  '/admin-hotspot-details/:hotspot_id?': adminPage(admin),
  '/admin-cms': adminPage(CMS_READ),
  '/admin-cms-page/:page_id?': adminPage(CMS_READ),
  '/admin-help': adminPage(HELP_READ),
  '/admin-help-details/:help_id?': adminPage(HELP_READ),
  '/admin-ads': adminPage(ads('r')),
  '/admin-ads-detail/:ad_id?': {
    who: 'byParam',
    param: 'ad_id',
    without: adminPage(ads('c')),
    with: adminPage(ads('r')),
  },
  '/admin-users': adminPage(USERS_READ),
  '/admin-field-guide': adminPage(admin),
  '/admin-field-guide-details/:fields_guide_id?': adminPage(admin),
  '/admin-issue-reports': adminPage(REPORTS_READ),
  '/admin-issue-report-details/:report_issue_id': adminPage(REPORTS_READ),
  '/image-view': anyone,
  '/profile/:user_id?': { who: 'byParam', param: 'user_id', without: member, with: anyone },
  '/user-profile/:user_id?': member,
  '/chat/:user_id': member,
  '/chat/:user_id/session/:session_id': member,
  '/chat-sessions': member,
  '/newsfeed-item/:feed_id': anyone,
  '/newsfeed-ad-view': anyone,
  '/people/:type?': member,
  '/group-members': member,
  '/group-profile/:group_id': member,
  '/group-profile-edit/:group_id?': member,
  '/logout': anyone,
  '/locations': anyone,
  '/hotspot-overview/:hotspot_id': anyone,
  '/fieldguide-overview/:field_guide_id': anyone,
  '/fieldguides': anyone,
  '/trips': member,
  '/trips-details/:trip_id': member,
  '/logbooks': { who: 'logbooks' },
  '/logbooks/overview': anyone,
  '/logbook/:product_id': member,
  '/product/:product_id': anyone,
  '/products': anyone,
  '/cart': anyone,
  '/checkout': anyone,
  '/payment': anyone,
  '/fulfilment/:transaction_id/:status': anyone,
  '/ebook-listing': adminPage(admin),
  '/ebook-details/:ebook_id': adminPage(admin),
  '/ebook-chapter/:ebook_id/:chapter': adminPage(admin),
  '/ebook-chapter-species/:ebook_id/:chapter': adminPage(admin),
  '/ebook-media': adminPage(admin),
  '/ebook-page-template/:template_id': adminPage(admin),
  '/merchant-products': adminPage(admin),
  '/merchant-product/:product_id': adminPage(admin),
};

/** SPEC §2's admin routes, by their names: each needs an admin row, never an open one. */
const SPEC_ADMIN_ROUTE = /^\/(admin-|ebook-|merchant-|species-details-edit)/;

interface Tried {
  name: string;
  user: Principal | null;
}

function adminRules(rule: PageRule): AdminRule[] {
  if (rule.who === 'admin') return [rule.rule];
  if (rule.who === 'byParam') return [...adminRules(rule.without), ...adminRules(rule.with)];
  return [];
}

/** A guest, a plain member, each role, and a member with each single flag of every area named. */
function principals(): Tried[] {
  const areas = new Set(['admin']);
  for (const rule of Object.values(PAGES).flatMap(adminRules)) {
    if (rule.permission) areas.add(rule.permission.split(':')[0] ?? '');
  }
  const tried: Tried[] = [{ name: 'guest', user: null }];
  for (const role of ROLES) {
    tried.push({
      name: `role ${role}`,
      user: { roles: role === 'member' ? ['member'] : ['member', role], permissions: {} },
    });
  }
  for (const area of areas) {
    for (const flag of PERMISSION_FLAGS) {
      const permissions: Permissions = { [area]: [flag] };
      tried.push({ name: `${area}:${flag}`, user: { roles: ['member'], permissions } });
    }
  }
  return tried;
}

/** The independent reading of SPEC §6 the guard is held to. */
function expectedAllowed(user: Principal | null, rule: AdminRule): boolean {
  if (!user) return false;
  if (user.roles.includes('admin') || user.roles.includes('superadmin')) return true;
  if (rule.alsoRole && user.roles.includes(rule.alsoRole)) return true;
  if (!rule.permission) return false;
  const [area = '', flag = 'r'] = rule.permission.split(':');
  return user.permissions[area]?.includes(flag as never) ?? false;
}

const context = (user: Principal | null, params: GuardContext['params'] = {}): GuardContext => ({
  user,
  params,
  title: 'Some Page',
  hasLogbook: false,
});

describe('the permission table covers every route', () => {
  it('every route of the table has a row, and every row a route', () => {
    const paths = ROUTE_TABLE.map((route) => route.path);
    expect(
      paths.filter((path) => !(path in PAGES)),
      'routes without a row in PAGES',
    ).toEqual([]);
    expect(
      Object.keys(PAGES).filter((path) => !paths.includes(path)),
      'rows for routes that are gone',
    ).toEqual([]);
  });

  it("SPEC §2's admin routes all have an admin rule", () => {
    const open = Object.entries(PAGES)
      .filter(([path, rule]) => SPEC_ADMIN_ROUTE.test(path) && adminRules(rule).length === 0)
      .map(([path]) => path);
    expect(open).toEqual([]);
  });
});

/** Each admin page with the parameters that pick each of its rules. */
const adminCases = ROUTE_TABLE.flatMap((route) => {
  const row = PAGES[route.path];
  if (row?.who === 'admin') return [{ label: route.path, route, params: {}, rule: row.rule }];
  if (row?.who === 'byParam') {
    return [
      ...adminRules(row.without).map((rule) => ({ label: `${route.path} (new)`, route, params: {}, rule })),
      ...adminRules(row.with).map((rule) => ({
        label: `${route.path} (existing)`,
        route,
        params: { [row.param]: 'some-id' },
        rule,
      })),
    ];
  }
  return [];
});

describe('admin pages: exactly role admin, superadmin and the stated right get in', () => {
  it.each(adminCases.map((entry) => [entry.label, entry] as const))('%s', (_label, entry) => {
    const wrong: string[] = [];
    for (const { name, user } of principals()) {
      const decision = decideAccess(entry.route.access, context(user, entry.params));
      if (expectedAllowed(user, entry.rule)) {
        if (decision.kind !== 'allow') wrong.push(`${name} refused`);
      } else {
        const refusal = {
          kind: 'refuse',
          message: messages.notAuthorised,
          durationMs: TOAST_MS.unauthorised,
        };
        if (JSON.stringify(decision) !== JSON.stringify(refusal))
          wrong.push(`${name}: ${JSON.stringify(decision)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the other pages: guests are refused only where SPEC §6 says', () => {
  const openRows = ROUTE_TABLE.flatMap((route) => {
    const row = PAGES[route.path];
    if (row?.who === 'byParam') {
      return [
        { route, params: {}, row: row.without },
        { route, params: { [row.param]: 'some-id' }, row: row.with },
      ];
    }
    return row ? [{ route, params: {}, row }] : [];
  }).filter((entry) => entry.row.who !== 'admin' && entry.row.who !== 'byParam');

  it.each(openRows.map((entry) => [entry.route.path, JSON.stringify(entry.params), entry] as const))(
    '%s %s',
    (_path, _params, { route, params, row }) => {
      const asGuest = decideAccess(route.access, { ...context(null, params), title: route.title });
      const asMember = decideAccess(route.access, context({ roles: ['member'], permissions: {} }, params));
      switch (row.who) {
        case 'anyone':
          expect(asGuest).toEqual({ kind: 'allow' });
          expect(asMember).toEqual({ kind: 'allow' });
          break;
        case 'member':
        case 'logbooks':
          expect(asGuest).toEqual({
            kind: 'refuse',
            message: formatMessage(messages.needAccount, { title: route.title }),
            durationMs: TOAST_MS.default,
          });
          expect(asMember.kind).not.toBe('refuse');
          break;
        case 'recorder':
          expect(asGuest).toEqual({
            kind: 'refuse',
            message: messages.recordSignedOut,
            durationMs: TOAST_MS.default,
          });
          expect(asMember).toEqual({ kind: 'allow' });
          break;
      }
    },
  );
});
