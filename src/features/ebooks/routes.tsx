/**
 * Routes of the ebook admin pages (SPEC §2; the route table, src/app/routes/routeTable.ts, guards
 * them: role admin, SPEC §6). Lazy. The chapter pages (chapter text, chapter species) and the
 * library pages (media, page templates) keep their own route lists so each stays one chunk of its
 * own; a path missing from every list stays coming soon in the route table.
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';
import { chapterRoutes } from './chapterRoutes';
import { libraryRoutes } from './libraryRoutes';

const loadPages = () => import('./pages');

const EbookListingPage = lazy(async () => ({ default: (await loadPages()).EbookListingPage }));
const EbookDetailsPage = lazy(async () => ({ default: (await loadPages()).EbookDetailsPage }));

export const ebookRoutes: FeatureRoute[] = [
  { path: 'ebook-listing', element: <EbookListingPage /> },
  { path: 'ebook-details/:ebook_id', element: <EbookDetailsPage /> },
  ...chapterRoutes,
  ...libraryRoutes,
];
