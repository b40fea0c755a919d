/**
 * Routes of the trips domain. The pages are lazy (one chunk, pages.ts), so their code loads only
 * when one is visited; the route table (src/app/routes/routeTable.ts) lets only members in.
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const loadPages = () => import('./pages');

const TripsPage = lazy(async () => ({ default: (await loadPages()).TripsPage }));
const TripDetailsPage = lazy(async () => ({ default: (await loadPages()).TripDetailsPage }));

export const tripRoutes: FeatureRoute[] = [
  { path: 'trips', element: <TripsPage /> },
  { path: 'trips-details/:trip_id', element: <TripDetailsPage /> },
];
