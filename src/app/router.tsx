/**
 * The route table (SPEC §2). Domains export their routes as route objects with lazy pages and this
 * file assembles them under the shell; unknown paths go to ''. Declarative routing (useRoutes)
 * rather than the data router: pages read Dexie through live queries, not route loaders, and the
 * data router would add ~16 KB gzip to the first route.
 */
import { lazy } from 'react';
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { authRoutes } from '../features/auth';
import { cmsRoutes } from '../features/cms';
import { Shell } from './shell/Shell';

const WelcomePage = lazy(async () => ({ default: (await import('./welcome/WelcomePage')).WelcomePage }));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: <WelcomePage /> },
      ...authRoutes,
      ...cmsRoutes,
      { path: '*', element: <Navigate to="/" replace /> },
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
