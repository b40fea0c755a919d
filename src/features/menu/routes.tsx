/** Routes of the menu domain; the page is lazy so its code (and its icons) load only when visited. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';
import { runsAsInstalledApp } from '../../app/boot';

const MenuPage = lazy(async () => ({ default: (await import('./MenuPage')).MenuPage }));

/** Decided here, on the first chunk that already has the boot code, so the page does not import it. */
function MenuRoute() {
  return <MenuPage isInstalled={runsAsInstalledApp()} />;
}

export const menuRoutes: FeatureRoute[] = [{ path: 'menu', element: <MenuRoute /> }];
