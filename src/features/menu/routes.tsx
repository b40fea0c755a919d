/** Routes of the menu domain; the page is lazy so its code (and its icons) load only when visited. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { runsAsInstalledApp } from '../../app/boot';

const MenuPage = lazy(async () => ({ default: (await import('./MenuPage')).MenuPage }));

/** Decided here, on the first chunk that already has the boot code, so the page does not import it. */
function MenuRoute() {
  return <MenuPage isInstalled={runsAsInstalledApp()} />;
}

export const menuRoutes: RouteObject[] = [{ path: 'menu', element: <MenuRoute /> }];
