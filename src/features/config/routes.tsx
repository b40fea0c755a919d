/** Routes of the config domain; the settings page is lazy so its code loads only when visited. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const SettingsPage = lazy(async () => ({ default: (await import('./SettingsPage')).SettingsPage }));

export const configRoutes: FeatureRoute[] = [{ path: 'general-settings', element: <SettingsPage /> }];
