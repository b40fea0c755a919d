/**
 * Routes of the maps. The pages and MapLibre (~300 KB gzip) load only when a map is opened; the
 * route table (src/app/routes/routeTable.ts) guards them.
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const loadPages = () => import('./pages');

const SpeciesMapPage = lazy(async () => ({ default: (await loadPages()).SpeciesMapPage }));
const GlobalMapPage = lazy(async () => ({ default: (await loadPages()).GlobalMapPage }));

export const mapRoutes: FeatureRoute[] = [
  { path: 'species-map', element: <SpeciesMapPage /> },
  { path: 'global-map', element: <GlobalMapPage /> },
];
