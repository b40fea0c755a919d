/** Routes of the accounts domain; pages are lazy so their code loads only when visited. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const LogoutPage = lazy(async () => ({ default: (await import('./LogoutPage')).LogoutPage }));

export const authRoutes: FeatureRoute[] = [{ path: 'logout', element: <LogoutPage /> }];
