/**
 * The layout every route renders in: the app bar, the page (at most 1396 px wide, SPEC §9), the
 * modal stack and the toasts. It also answers the mailed reset link wherever it lands.
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import { useResetLink } from '../../features/auth';
import { PAGE_MAX_WIDTH_PX } from '../../lib/constants';
import { AppHeader } from './AppHeader';
import { AppToasts } from './AppToasts';
import { ModalHost } from './ModalHost';

export function Shell() {
  useResetLink();
  return (
    <>
      <AppHeader />
      <Box component="main" sx={{ maxWidth: PAGE_MAX_WIDTH_PX, mx: 'auto', px: { xs: 2, sm: 3 } }}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </Box>
      <ModalHost />
      <AppToasts />
    </>
  );
}
