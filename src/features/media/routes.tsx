/**
 * Routes of the media domain. The page is lazy, so its code (and RTK Query's) loads only when a
 * photo is opened; the route table (src/app/routes/routeTable.ts) lets anyone in.
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const ImageViewPage = lazy(async () => ({ default: (await import('./ImageViewPage')).ImageViewPage }));

export const mediaRoutes: FeatureRoute[] = [{ path: 'image-view', element: <ImageViewPage /> }];
