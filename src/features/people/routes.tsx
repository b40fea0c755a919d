/** Routes of the people domain (SPEC §2 /people[/{type}], signed in); the page is lazy. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const PeoplePage = lazy(async () => ({ default: (await import('./PeoplePage')).PeoplePage }));

export const peopleRoutes: FeatureRoute[] = [{ path: 'people/:type?', element: <PeoplePage /> }];
