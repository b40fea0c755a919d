/** Route of the About / Data sources page; lazy, so its code loads only when visited. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const AboutPage = lazy(async () => ({ default: (await import('./AboutPage')).AboutPage }));

export const aboutRoutes: FeatureRoute[] = [{ path: 'about', element: <AboutPage /> }];
