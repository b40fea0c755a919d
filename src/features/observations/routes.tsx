/**
 * Routes of the sightings domain. Pages are lazy, so their code (the form, the photo resizing, the
 * repository writes) loads only when one is visited; the route table (src/app/routes/routeTable.ts)
 * guards them. The recording page answers `/species-observation`, `…/{species_id}` (preset species,
 * or `unspecified`) and `…/{species_id}/{observation_id}` (edit one's own sighting).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const RecordObservationPage = lazy(async () => ({
  default: (await import('./RecordObservationPage')).RecordObservationPage,
}));
const ObservationsPage = lazy(async () => ({
  default: (await import('./list/ObservationsPage')).ObservationsPage,
}));

export const observationRoutes: FeatureRoute[] = [
  { path: 'species-observation/:species_id?/:observation_id?', element: <RecordObservationPage /> },
  { path: 'observations', element: <ObservationsPage /> },
];
