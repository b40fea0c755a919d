/**
 * Routes of the species guide. The pages are lazy, so their code (the list's virtualiser, the map,
 * the search) loads only when one is visited: the offline pages as one chunk (pages.ts), the
 * editor as another. The route table (src/app/routes/routeTable.ts) guards them.
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const loadPages = () => import('./pages');

const SpeciesListPage = lazy(async () => ({ default: (await loadPages()).SpeciesListPage }));
const SpeciesPage = lazy(async () => ({ default: (await loadPages()).SpeciesPage }));
const SpeciesDetailsPage = lazy(async () => ({ default: (await loadPages()).SpeciesDetailsPage }));
const SpeciesGalleryPage = lazy(async () => ({ default: (await loadPages()).SpeciesGalleryPage }));
const TargetedSpeciesPage = lazy(async () => ({ default: (await loadPages()).TargetedSpeciesPage }));
const SpeciesEditPage = lazy(async () => ({
  default: (await import('./edit/SpeciesEditPage')).SpeciesEditPage,
}));

export const speciesRoutes: FeatureRoute[] = [
  { path: 'species', element: <SpeciesListPage /> },
  { path: 'species/:species_id', element: <SpeciesPage /> },
  { path: 'species-details/:species_id', element: <SpeciesDetailsPage /> },
  { path: 'species-details-edit/:species_id?', element: <SpeciesEditPage /> },
  { path: 'species-gallery', element: <SpeciesGalleryPage /> },
  { path: 'targeted-species', element: <TargetedSpeciesPage /> },
];
