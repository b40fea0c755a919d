/**
 * The app bar: a Menu link to /menu where no side menu shows (narrow screens, and the paths that
 * hide it), the product name (home), and the account actions — Sign In / Sign Up when signed out,
 * the nickname and Logout when signed in. It re-renders on the session slice's login/logout
 * events, which is how the menu refreshes (SPEC §4).
 */
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';
import { product } from '@config/product';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectUser } from '../sessionSlice';
import { uiActions } from '../uiSlice';

// R10: the unsynced counter, lazily: it reads Dexie, which the first route does not carry.
const UnsyncedStatus = lazy(() => import('../../features/sync/UnsyncedStatus'));

/** Material's "menu" icon drawn inline: the first route carries no icon component for it. */
function MenuGlyph() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
    </svg>
  );
}

const ACCOUNT_ACTION_SX = { flexShrink: 0, whiteSpace: 'nowrap' } as const;

export interface AppHeaderProps {
  /** When to show the Menu link: on every screen, only where the side menu is not shown, or never. */
  menuLink?: 'always' | 'narrow' | 'none';
}

export function AppHeader({ menuLink = 'none' }: AppHeaderProps) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: 1 }}>
        {menuLink !== 'none' && (
          <Button
            color="inherit"
            component={RouterLink}
            to="/menu"
            startIcon={<MenuGlyph />}
            // The side menu shows from MUI's md breakpoint on (useMediaQuery.ts): no link needed there.
            sx={{
              ml: -1,
              flexShrink: 0,
              whiteSpace: 'nowrap',
              display: menuLink === 'narrow' ? { md: 'none' } : undefined,
            }}
          >
            {messages.openMenu}
          </Button>
        )}
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          noWrap
          // On a 360 px phone the name gives way (ellipsis) before the account actions wrap.
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 600, minWidth: 0 }}
        >
          {product.name}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {user ? (
          <>
            <Suspense fallback={null}>
              <UnsyncedStatus />
            </Suspense>
            <Typography
              variant="body1"
              title={formatMessage(messages.signedInAs, { nickname: user.nickname })}
              noWrap
              sx={{ mr: 1, minWidth: 0 }}
              data-testid="session-nickname"
            >
              {user.nickname}
            </Typography>
            <Button color="inherit" component={RouterLink} to="/logout" sx={ACCOUNT_ACTION_SX}>
              {messages.logout}
            </Button>
          </>
        ) : (
          <>
            <Button
              color="inherit"
              sx={ACCOUNT_ACTION_SX}
              onClick={() => dispatch(uiActions.modalOpened({ name: 'login', props: {} }))}
            >
              {messages.signIn}
            </Button>
            <Button
              color="inherit"
              variant="outlined"
              sx={ACCOUNT_ACTION_SX}
              onClick={() => dispatch(uiActions.modalOpened({ name: 'register', props: {} }))}
            >
              {messages.signUp}
            </Button>
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}
