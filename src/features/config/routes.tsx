/** Routes of the config domain; the settings page is lazy so its code loads only when visited. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const SettingsPage = lazy(async () => ({ default: (await import('./SettingsPage')).SettingsPage }));

export const configRoutes: RouteObject[] = [{ path: 'general-settings', element: <SettingsPage /> }];
