/**
 * Routes of the logbooks domain. The pages are lazy (one chunk, pages.ts); the route table
 * (src/app/routes/routeTable.ts) lets members into /logbooks only with a logbook (SPEC §6) and
 * anyone into the overview.
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const loadPages = () => import('./pages');

const LogbooksPage = lazy(async () => ({ default: (await loadPages()).LogbooksPage }));
const LogbooksOverviewPage = lazy(async () => ({ default: (await loadPages()).LogbooksOverviewPage }));
const LogbookPage = lazy(async () => ({ default: (await loadPages()).LogbookPage }));

export const logbookRoutes: FeatureRoute[] = [
  { path: 'logbooks', element: <LogbooksPage /> },
  { path: 'logbooks/overview', element: <LogbooksOverviewPage /> },
  { path: 'logbook/:product_id', element: <LogbookPage /> },
];
