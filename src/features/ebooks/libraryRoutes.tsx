/** Routes of the ebook library pages: media and page templates (SPEC §2 /ebook-media…). */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const loadPages = () => import('./libraryPages');

const EbookMediaPage = lazy(async () => ({ default: (await loadPages()).EbookMediaPage }));
const EbookPageTemplatePage = lazy(async () => ({ default: (await loadPages()).EbookPageTemplatePage }));

export const libraryRoutes: FeatureRoute[] = [
  { path: 'ebook-media', element: <EbookMediaPage /> },
  // `new` as the id: an empty template, created on its first save.
  { path: 'ebook-page-template/:template_id', element: <EbookPageTemplatePage /> },
];
