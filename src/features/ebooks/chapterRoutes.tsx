/** Routes of a chapter's pages: its text and its species (SPEC §2 /ebook-chapter…). Lazy, one chunk. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const loadPages = () => import('./chapterPages');

const EbookChapterPage = lazy(async () => ({ default: (await loadPages()).EbookChapterPage }));
const EbookChapterSpeciesPage = lazy(async () => ({ default: (await loadPages()).EbookChapterSpeciesPage }));

export const chapterRoutes: FeatureRoute[] = [
  { path: 'ebook-chapter/:ebook_id/:chapter', element: <EbookChapterPage /> },
  { path: 'ebook-chapter-species/:ebook_id/:chapter', element: <EbookChapterSpeciesPage /> },
];
