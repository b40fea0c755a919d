/** Routes of the accounts domain; pages are lazy so their code loads only when visited. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const LogoutPage = lazy(async () => ({ default: (await import('./LogoutPage')).LogoutPage }));

export const authRoutes: RouteObject[] = [{ path: 'logout', element: <LogoutPage /> }];
