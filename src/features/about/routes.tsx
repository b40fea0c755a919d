/** Route of the About / Data sources page; lazy, so its code loads only when visited. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const AboutPage = lazy(async () => ({ default: (await import('./AboutPage')).AboutPage }));

export const aboutRoutes: RouteObject[] = [{ path: 'about', element: <AboutPage /> }];
