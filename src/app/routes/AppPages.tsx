/**
 * Every page but '' (which router.tsx keeps on the first route): the route table paired with the
 * pages the features export, each behind its guard. A table entry no feature provides yet shows
 * the coming-soon page that names its feature. Loaded lazily, so the first visit to '' never
 * downloads the table or the guards.
 *
 * The modules' routes and guard hooks come in as props from router.tsx: this file (and RouteGuard)
 * never imports src/app/modules.ts. The lazy pages then stay dynamic imports of the first chunk, and
 * no lazy chunk loads another, which would make the bundler split shared modules (react-redux,
 * idb-keyval: +1.4 KB gzip, measured) off the first route into extra small chunks.
 */
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { ComingSoonPage } from '../../ui/ComingSoonPage';
import { RouteGuard, type GuardHooks } from './RouteGuard';
import { FEATURES, ROUTE_TABLE } from './routeTable';

const absolute = (path: string) => (path.startsWith('/') ? path : `/${path}`);

/** The table's routes, each page behind its guard; `featureRoutes` are the pages that exist. */
export function buildPageRoutes(featureRoutes: readonly RouteObject[], guards?: GuardHooks): RouteObject[] {
  const pages = new Map(featureRoutes.map((route) => [absolute(route.path ?? ''), route.element]));
  const routes: RouteObject[] = ROUTE_TABLE.filter((entry) => entry.path !== '/').map((entry) => ({
    path: entry.path,
    element: (
      <RouteGuard entry={entry} guards={guards}>
        {pages.get(entry.path) ?? (
          <ComingSoonPage title={entry.title} feature={FEATURES[entry.feature].name} />
        )}
      </RouteGuard>
    ),
  }));
  // SPEC §2: unknown paths redirect to ''.
  routes.push({ path: '*', element: <Navigate to="/" replace /> });
  return routes;
}

const built = new WeakMap<readonly RouteObject[], RouteObject[]>();

export function AppPages({
  featureRoutes,
  guards,
}: {
  featureRoutes: readonly RouteObject[];
  guards?: GuardHooks;
}) {
  let routes = built.get(featureRoutes);
  if (!routes) {
    routes = buildPageRoutes(featureRoutes, guards);
    built.set(featureRoutes, routes);
  }
  return useRoutes(routes);
}
