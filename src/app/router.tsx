/**
 * The routes (SPEC §2), assembled under the shell. '' stays on the first route: the welcome page in
 * a browser tab, a redirect in the installed app (routes/entry.ts). Every other path is matched by
 * `AppPages` (the route table with its guards, routes/AppPages.tsx), loaded lazily so a first
 * visit downloads neither the table nor any page but the welcome page; unknown paths go to ''.
 * Domains export their routes as route objects with lazy pages (`featureRoutes` below).
 *
 * Declarative routing (useRoutes) rather than the data router: pages read Dexie through live
 * queries, not route loaders, and the data router would add ~16 KB gzip to the first route.
 */
import { lazy } from 'react';
import { BrowserRouter, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { product } from '@config/product';
import { aboutRoutes } from '../features/about';
import { authRoutes } from '../features/auth';
import { cmsRoutes } from '../features/cms';
import { configRoutes } from '../features/config';
import { mapRoutes } from '../features/map';
import { mediaRoutes } from '../features/media';
import { menuRoutes } from '../features/menu';
import { observationRoutes } from '../features/observations';
import { profileRoutes } from '../features/profile';
import { speciesRoutes } from '../features/species';
import { tripRoutes } from '../features/trips';
import { runsAsInstalledApp } from './boot';
import { entryRedirect } from './routes/entry';
import { Shell } from './shell/Shell';

const WelcomePage = lazy(async () => ({ default: (await import('./welcome/WelcomePage')).WelcomePage }));
const AppPages = lazy(async () => ({ default: (await import('./routes/AppPages')).AppPages }));

/**
 * The pages that exist, by the features that own them; each route's path is the route table's
 * (routes/routeTable.ts). To build a page: export its route from the feature's index.ts, add it
 * here, and update docs/routes.md.
 */
export const featureRoutes: readonly RouteObject[] = [
  ...aboutRoutes,
  ...authRoutes,
  ...cmsRoutes,
  ...configRoutes,
  ...mapRoutes,
  ...mediaRoutes,
  ...menuRoutes,
  ...observationRoutes,
  ...profileRoutes,
  ...speciesRoutes,
  ...tripRoutes,
];

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
      { path: '*', element: <AppPages featureRoutes={featureRoutes} /> },
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
