/**
 * Routes of the content domain: pages by slug and help. Pages are lazy, so their code (and the
 * Markdown renderer, which only they import) loads only when visited.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const ContentPage = lazy(async () => ({ default: (await import('./ContentPage')).ContentPage }));
const HelpPage = lazy(async () => ({ default: (await import('./HelpPage')).HelpPage }));

export const cmsRoutes: RouteObject[] = [
  { path: 'general-content-page/:slug', element: <ContentPage /> },
  { path: 'general-help/:category?', element: <HelpPage /> },
];
