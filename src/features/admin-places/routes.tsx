/**
 * Routes of the admin pages of places, field guides and locations (SPEC §2; the route table,
 * src/app/routes/routeTable.ts, guards them: role admin, SPEC §6). Lazy, as one chunk (pages.ts).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const loadPages = () => import('./pages');

const LocationsAdminPage = lazy(async () => ({ default: (await loadPages()).LocationsAdminPage }));
const LocationDetailsPage = lazy(async () => ({ default: (await loadPages()).LocationDetailsPage }));
const HotspotsAdminPage = lazy(async () => ({ default: (await loadPages()).HotspotsAdminPage }));
const HotspotDetailsPage = lazy(async () => ({ default: (await loadPages()).HotspotDetailsPage }));
const FieldGuidesAdminPage = lazy(async () => ({ default: (await loadPages()).FieldGuidesAdminPage }));
const FieldGuideDetailsPage = lazy(async () => ({ default: (await loadPages()).FieldGuideDetailsPage }));

export const adminPlacesRoutes: FeatureRoute[] = [
  { path: 'admin-locations', element: <LocationsAdminPage /> },
  { path: 'admin-location-details/:location_id?', element: <LocationDetailsPage /> },
  { path: 'admin-hotspots', element: <HotspotsAdminPage /> },
  { path: 'admin-hotspot-details/:hotspot_id?', element: <HotspotDetailsPage /> },
  { path: 'admin-field-guide', element: <FieldGuidesAdminPage /> },
  { path: 'admin-field-guide-details/:fields_guide_id?', element: <FieldGuideDetailsPage /> },
];
