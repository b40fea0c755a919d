/**
 * Routes of the ads pages (SPEC §2; the route table, src/app/routes/routeTable.ts, guards them:
 * /admin-ads admin or admin-ads:r, a new ad admin-ads:c, SPEC §6; /newsfeed-ad-view anyone).
 * Lazy, as one chunk (pages.ts).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const loadPages = () => import('./pages');

const AdsAdminPage = lazy(async () => ({ default: (await loadPages()).AdsAdminPage }));
const AdDetailsPage = lazy(async () => ({ default: (await loadPages()).AdDetailsPage }));
const AdViewPage = lazy(async () => ({ default: (await loadPages()).AdViewPage }));

export const adsRoutes: FeatureRoute[] = [
  { path: 'admin-ads', element: <AdsAdminPage /> },
  { path: 'admin-ads-detail/:ad_id?', element: <AdDetailsPage /> },
  { path: 'newsfeed-ad-view', element: <AdViewPage /> },
];
