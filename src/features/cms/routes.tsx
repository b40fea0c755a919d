/**
 * Routes of the content domain: pages by slug and help. Pages are lazy, so their code (and the
 * Markdown renderer, which only they import) loads only when visited.
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const ContentPage = lazy(async () => ({ default: (await import('./ContentPage')).ContentPage }));
const HelpPage = lazy(async () => ({ default: (await import('./HelpPage')).HelpPage }));

export const cmsRoutes: FeatureRoute[] = [
  { path: 'general-content-page/:slug', element: <ContentPage /> },
  { path: 'general-help/:category?', element: <HelpPage /> },
];
