/**
 * The layout every route renders in: the app bar; on wide screens the side menu (at most 200 px,
 * SPEC §9; not on the paths SPEC §2 names), on narrow ones a Menu link in the app bar to /menu;
 * the page (at most 1396 px wide), marked shown once painted (app/pageShown.ts); the modal stack
 * and the toasts. It also answers the mailed reset link wherever it lands, and opens the config
 * notice after a sign-in (useConfigNotice). The side menu loads lazily and decides the screen
 * width itself: '' never shows it, so the first visit downloads none of it.
 */
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import { useResetLink } from '../../features/auth';
import { PAGE_MAX_WIDTH_PX } from '../../lib/constants';
import { AppHeader } from './AppHeader';
import { AppToasts } from './AppToasts';
import { isSideMenuHidden } from './layout';
import { ModalHost } from './ModalHost';
import { PageShownMark } from './PageShownMark';
import { useConfigNotice } from './useConfigNotice';

const SideMenu = lazy(async () => ({ default: (await import('./SideMenu')).SideMenu }));

export function Shell() {
  useResetLink();
  useConfigNotice();
  const { pathname } = useLocation();
  const hasSideMenu = !isSideMenuHidden(pathname);
  return (
    <>
      <AppHeader menuLink={pathname === '/menu' ? 'none' : hasSideMenu ? 'narrow' : 'always'} />
      <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
        {hasSideMenu && (
          <Suspense fallback={null}>
            <SideMenu />
          </Suspense>
        )}
        <Box
          component="main"
          sx={{ flex: '1 1 0', minWidth: 0, maxWidth: PAGE_MAX_WIDTH_PX, mx: 'auto', px: { xs: 2, sm: 3 } }}
        >
          <Suspense fallback={null}>
            <Outlet />
            <PageShownMark />
          </Suspense>
        </Box>
      </Box>
      <ModalHost />
      <AppToasts />
    </>
  );
}
