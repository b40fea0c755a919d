/**
 * The routes (SPEC §2), assembled under the shell. '' stays on the first route: the welcome page in
 * a browser tab, a redirect in the installed app (routes/entry.ts). Every other path is matched by
 * `AppPages` (the route table with its guards, routes/AppPages.tsx), loaded lazily so a first
 * visit downloads neither the table nor any page but the welcome page; unknown paths go to ''.
 * Domains give their routes, with lazy pages, in their modules (`loadFeatureRoutes` below), loaded
 * with the table.
 *
 * Declarative routing (useRoutes) rather than the data router: pages read Dexie through live
 * queries, not route loaders, and the data router would add ~16 KB gzip to the first route.
 */
import { lazy } from 'react';
import { BrowserRouter, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { product } from '@config/product';
import { runsAsInstalledApp } from './boot';
import { APP_MODULES } from './modules';
import { entryRedirect } from './routes/entry';
import type { GuardHooks } from './routes/RouteGuard';
import { Shell } from './shell/Shell';

const WelcomePage = lazy(async () => ({ default: (await import('./welcome/WelcomePage')).WelcomePage }));

/**
 * The pages that exist: every module's routes (src/app/modules.ts), each path one of the route
 * table's (routes/routeTable.ts). To build a page: add its route to the feature's routes.tsx and
 * update docs/routes.md.
 */
export async function loadFeatureRoutes(): Promise<readonly RouteObject[]> {
  const given = await Promise.all(APP_MODULES.map(async (module) => (await module.routes?.()) ?? []));
  return given.flat();
}

/**
 * The guard hooks the modules give (one module owns logbooks; false without it), loaded with the
 * route table: a guard hook reads Dexie, which the first route never loads.
 */
async function loadGuards(): Promise<GuardHooks> {
  const given = await Promise.all(APP_MODULES.map(async (module) => (await module.guards?.()) ?? {}));
  return { useHasLogbook: given.find((guards) => guards.useHasLogbook)?.useHasLogbook ?? (() => false) };
}

const AppPages = lazy(async () => {
  const [{ AppPages: Pages }, featureRoutes, guards] = await Promise.all([
    import('./routes/AppPages'),
    loadFeatureRoutes(),
    loadGuards(),
  ]);
  return { default: () => <Pages featureRoutes={featureRoutes} guards={guards} /> };
});

function EntryPage() {
  const { key } = useLocation();
  const target = entryRedirect({
    isInstalled: runsAsInstalledApp(),
    isFirstLocation: key === 'default',
    referrer: document.referrer,
    origin: window.location.origin,
    appId: product.appId,
  });
  return target ? <Navigate to={target} replace /> : <WelcomePage />;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: <EntryPage /> },
      { path: '*', element: <AppPages /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
