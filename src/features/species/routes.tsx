/**
 * Routes of the species guide; each page is lazy, so its code (and the list's virtualiser, the map,
 * the search) loads only when visited. The route table (src/app/routes/routeTable.ts) guards them.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const SpeciesListPage = lazy(async () => ({ default: (await import('./SpeciesListPage')).SpeciesListPage }));
const SpeciesPage = lazy(async () => ({ default: (await import('./SpeciesPage')).SpeciesPage }));
const SpeciesDetailsPage = lazy(async () => ({
  default: (await import('./SpeciesDetailsPage')).SpeciesDetailsPage,
}));
const SpeciesGalleryPage = lazy(async () => ({
  default: (await import('./SpeciesGalleryPage')).SpeciesGalleryPage,
}));
const TargetedSpeciesPage = lazy(async () => ({
  default: (await import('./TargetedSpeciesPage')).TargetedSpeciesPage,
}));
const SpeciesEditPage = lazy(async () => ({
  default: (await import('./edit/SpeciesEditPage')).SpeciesEditPage,
}));

export const speciesRoutes: RouteObject[] = [
  { path: 'species', element: <SpeciesListPage /> },
  { path: 'species/:species_id', element: <SpeciesPage /> },
  { path: 'species-details/:species_id', element: <SpeciesDetailsPage /> },
  { path: 'species-details-edit/:species_id?', element: <SpeciesEditPage /> },
  { path: 'species-gallery', element: <SpeciesGalleryPage /> },
  { path: 'targeted-species', element: <TargetedSpeciesPage /> },
];
