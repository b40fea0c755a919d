/**
 * The route table against SPEC §2: every route the spec lists is in the table, and the table has
 * nothing the spec does not list except the documented additions. The spec's lines are copied
 * verbatim below and parsed, so a change on either side shows up here. Also: the pages the
 * features export and the menus' destinations all land on table routes, and docs/routes.md lists
 * every route.
 */
import { readFileSync } from 'node:fs';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MENU_ROWS } from '../../features/menu/menuRows';
import { ADMIN_MENU, PRIMARY_MENU, USEFUL_MENU, USER_MENU } from '../shell/menus';
import { loadFeatureRoutes } from '../router';
import { ROUTE_TABLE } from './routeTable';

/** SPEC §2 "Routes", verbatim. */
const SPEC_ROUTES = `
- '' : welcome (web only; on mobile it redirects to /menu)
- /home, /menu, /newsfeed
- /species, /species/{species_id}, /species-details/{species_id}
- /species-details-edit and /species-details-edit/{species_id} (admin)
- /species-observation, /species-observation/{species_id}, /species-observation/{species_id}/{observation_id}
- /species-gallery, /species-map, /global-map, /observations
- /general-content-page/{slug} (terms-conditions, privacy-policy)
- /general-settings, /general-help, /general-help/{category}
- /admin-locations, /admin-location-details[/{location_id}]
- /admin-hotspots, /admin-hotspot-details[/{hotspot_id}]
- /admin-cms, /admin-cms-page[/{page_id}]
- /admin-help, /admin-help-details[/{help_id}]
- /admin-ads, /admin-ads-detail[/{ad_id}], /admin-users
- /admin-field-guide, /admin-field-guide-details[/{fields_guide_id}]
- /admin-issue-reports, /admin-issue-report-details/{report_issue_id}
- /image-view
- /profile[/{user_id}]; /user-profile[/{user_id}] (profile editor)
- /chat/{user_id}, /chat/{user_id}/session/{session_id}, /chat-sessions
- /newsfeed-item/{feed_id}, /newsfeed-ad-view
- /people[/{type}]
- /group-members, /group-profile/{group_id}, /group-profile-edit[/{group_id}]
- /logout, /targeted-species
- /locations (places list), /hotspot-overview/{hotspot_id}, /fieldguide-overview/{field_guide_id}, /fieldguides
- /trips, /trips-details/{trip_id}
- /logbooks (loads only if the user has at least one logbook, else redirects to /logbooks/overview), /logbook/{product_id}
- /product/{product_id}, /products, /cart, /checkout, /payment, /fulfilment/{transaction_id}/{status}
- /ebook-listing, /ebook-details/{ebook_id}, /ebook-chapter/{ebook_id}/{chapter}, /ebook-chapter-species/{ebook_id}/{chapter}, /ebook-media, /ebook-page-template/{template_id}
- /merchant-products, /merchant-product/{product_id}
`;

/** In the table but not in the list: named elsewhere in SPEC §2 (see docs/routes.md). */
const ADDITIONS = [
  '/home/*', // the home tabs: /home/newsfeed (deep link for /) and /home/newsfeed/people (Community row)
  '/logbooks/overview', // where /logbooks redirects
  '/about', // About / Data sources: the attribution the data licences ask for
];

/** Every concrete pattern a spec line names, in react-router syntax; `[/{x}]` gives both forms. */
function specPatterns(): string[] {
  const patterns = new Set<string>();
  for (const line of SPEC_ROUTES.trim().split('\n')) {
    if (line.startsWith("- ''")) {
      patterns.add('/');
      continue;
    }
    for (const match of line.matchAll(/\/[a-z][\w\-/{}[\]]*/g)) {
      const raw = match[0].replace(/\/$/, '');
      if (raw === '/logbooks/overview') continue; // the redirect target named in a comment
      const optional = /^(.*)\[\/\{(\w+)\}\]$/.exec(raw);
      const forms = optional ? [optional[1] ?? '', `${optional[1]}/{${optional[2]}}`] : [raw];
      for (const form of forms) patterns.add(form.replace(/\{(\w+)\}/g, ':$1'));
    }
  }
  return [...patterns].sort();
}

/** The table's patterns with optional trailing segments spelled out: `a/:x?/:y?` → a, a/:x, a/:x/:y. */
function tablePatterns(): string[] {
  const patterns: string[] = [];
  for (const { path } of ROUTE_TABLE) {
    const segments = path.split('/');
    const firstOptional = segments.findIndex((segment) => segment.endsWith('?'));
    if (firstOptional === -1) {
      patterns.push(path);
      continue;
    }
    for (let end = firstOptional; end <= segments.length; end++) {
      patterns.push(
        segments
          .slice(0, end)
          .map((segment) => segment.replace(/\?$/, ''))
          .join('/'),
      );
    }
  }
  return patterns.sort();
}

const tableRoutes = ROUTE_TABLE.map(({ path }) => ({ path }));
const routeFor = (url: string) => matchRoutes(tableRoutes, url)?.at(-1)?.route.path;

describe('the route table', () => {
  it('has every route of SPEC §2 and nothing else but the documented additions', () => {
    const spec = specPatterns();
    expect(spec).toHaveLength(81);
    expect(tablePatterns()).toEqual([...spec, ...ADDITIONS].sort());
  });

  it('lists each path once', () => {
    const paths = ROUTE_TABLE.map(({ path }) => path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each([
    ['/', '/'],
    ['/home/newsfeed', '/home/*'],
    ['/home/newsfeed/people', '/home/*'],
    ['/species/sp-1', '/species/:species_id'],
    ['/species-details-edit', '/species-details-edit/:species_id?'],
    ['/species-observation/sp-1/obs-2', '/species-observation/:species_id?/:observation_id?'],
    ['/chat/u-1/session/s-1', '/chat/:user_id/session/:session_id'],
    ['/logbooks', '/logbooks'],
    ['/logbooks/overview', '/logbooks/overview'],
    ['/fulfilment/t-1/success', '/fulfilment/:transaction_id/:status'],
  ])('matches %s to %s', (url, path) => {
    expect(routeFor(url)).toBe(path);
  });

  it('gives every page a feature exports a table route (else it would never show)', async () => {
    const paths = new Set(ROUTE_TABLE.map(({ path }) => path));
    const featureRoutes = await loadFeatureRoutes();
    expect(featureRoutes.length).toBeGreaterThan(0);
    for (const route of featureRoutes) expect(paths).toContain(`/${route.path ?? ''}`);
  });

  it('has a page for every table route: none is left coming soon (issue 18 built the last ones)', async () => {
    const pages = new Set((await loadFeatureRoutes()).map((route) => `/${route.path ?? ''}`));
    // '' is router.tsx's own (the first route's welcome page), not a feature's.
    const comingSoon = ROUTE_TABLE.map(({ path }) => path).filter((path) => path !== '/' && !pages.has(path));
    expect(comingSoon).toEqual([]);
  });

  it('sends every menu item to a table route', () => {
    const destinations = [
      ...[PRIMARY_MENU, USER_MENU, USEFUL_MENU, ADMIN_MENU].flatMap((group) => group.items),
      ...MENU_ROWS.flatMap((row) => row.items),
    ].map((item) => item.to.split('?')[0] ?? '');
    for (const destination of destinations) expect(routeFor(destination), destination).toBeDefined();
  });

  it('is listed route by route in docs/routes.md', () => {
    const doc = readFileSync(new URL('../../../docs/routes.md', import.meta.url), 'utf8');
    for (const { path } of ROUTE_TABLE) expect(doc, path).toContain(`\`${path}\``);
  });
});
