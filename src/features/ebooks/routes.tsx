/**
 * Routes of the ebook admin pages (SPEC §2; the route table, src/app/routes/routeTable.ts, guards
 * them: role admin, SPEC §6). Lazy, as one chunk (pages.ts). The chapter, chapter species, media
 * and page template pages are not built yet: the route table keeps them coming soon.
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const loadPages = () => import('./pages');

const EbookListingPage = lazy(async () => ({ default: (await loadPages()).EbookListingPage }));
const EbookDetailsPage = lazy(async () => ({ default: (await loadPages()).EbookDetailsPage }));

export const ebookRoutes: FeatureRoute[] = [
  { path: 'ebook-listing', element: <EbookListingPage /> },
  { path: 'ebook-details/:ebook_id', element: <EbookDetailsPage /> },
];
