/**
 * Routes of the media domain. The page is lazy, so its code (and RTK Query's) loads only when a
 * photo is opened; the route table (src/app/routes/routeTable.ts) lets anyone in.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const ImageViewPage = lazy(async () => ({ default: (await import('./ImageViewPage')).ImageViewPage }));

export const mediaRoutes: RouteObject[] = [{ path: 'image-view', element: <ImageViewPage /> }];
