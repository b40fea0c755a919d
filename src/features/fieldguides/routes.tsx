/**
 * Routes of the field guides domain (SPEC §2, anyone). Lazy, one chunk (pages.ts); the data and
 * hooks are the places domain's (src/features/places), which keeps guides with places.
 */
import { lazy } from 'react';

const loadPages = () => import('./pages');

const FieldGuidesPage = lazy(async () => ({ default: (await loadPages()).FieldGuidesPage }));
const FieldGuideOverviewPage = lazy(async () => ({ default: (await loadPages()).FieldGuideOverviewPage }));

export const fieldGuideRoutes = [
  { path: 'fieldguides', element: <FieldGuidesPage /> },
  { path: 'fieldguide-overview/:field_guide_id', element: <FieldGuideOverviewPage /> },
] as const;
