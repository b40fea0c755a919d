/**
 * Routes of the places domain (SPEC §2, anyone). The pages are lazy (one chunk, pages.ts), so their
 * code loads only when one is visited.
 */
import { lazy } from 'react';

const loadPages = () => import('./pages');

const LocationsPage = lazy(async () => ({ default: (await loadPages()).LocationsPage }));
const PlaceOverviewPage = lazy(async () => ({ default: (await loadPages()).PlaceOverviewPage }));

export const placeRoutes = [
  { path: 'locations', element: <LocationsPage /> },
  { path: 'hotspot-overview/:hotspot_id', element: <PlaceOverviewPage /> },
] as const;
