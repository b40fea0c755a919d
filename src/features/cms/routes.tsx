/** Routes of the CMS domain (pages by slug); pages are lazy so their code loads only when visited. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const ContentPage = lazy(async () => ({ default: (await import('./ContentPage')).ContentPage }));

export const cmsRoutes: RouteObject[] = [{ path: 'general-content-page/:slug', element: <ContentPage /> }];
