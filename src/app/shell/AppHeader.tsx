/**
 * The app bar, compact so that nothing in it is ever cut short on a 360 px phone: a Menu button to
 * /menu where no side menu shows (narrow screens, and the paths that hide it), the product mark
 * (home), and the account actions — Sign In / Sign Up when signed out; the unsynced counter, the
 * unread-messages badge (to /chat-sessions, where no side menu carries it), the avatar (to the
 * profile) and Logout when signed in. Below the `sm` breakpoint the Menu button and
 * the home link are icons and Logout moves to the menu; the nickname shows beside the avatar from
 * `md` on. Every icon keeps its name for assistive technology (and the nickname stays in the bar's
 * text). It re-renders on the session slice's login/logout events, which is how the menu refreshes
 * (SPEC §4).
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
import { selectUnreadMessages, uiActions } from '../uiSlice';

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

/** Material's "chat" icon drawn inline, like the menu glyph. */
function ChatGlyph() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M20 2H4c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2M6 9h12v2H6zm8 5H6v-2h8zm4-6H6V6h12z" />
    </svg>
  );
}

/**
 * The unread chat messages (SPEC §2: the badge opens /chat-sessions), counted by the chat domain's
 * live channel and 60 s poll into the ui slice. A plain count bubble rather than Material's Badge,
 * which the first route does not carry (P6).
 */
function UnreadMessagesLink({ display }: { display: { md: 'none' } | undefined }) {
  const unread = useAppSelector(selectUnreadMessages);
  const name =
    unread > 0 ? formatMessage(messages.unreadMessagesCount, { count: unread }) : messages.unreadMessages;
  return (
    <Button
      color="inherit"
      component={RouterLink}
      to="/chat-sessions"
      aria-label={name}
      title={name}
      sx={{ minWidth: 0, px: 1, flexShrink: 0, position: 'relative', display }}
    >
      <ChatGlyph />
      {unread > 0 && (
        <Box
          component="span"
          aria-hidden
          data-testid="header-unread"
          sx={{
            position: 'absolute',
            top: 2,
            right: 0,
            minWidth: 18,
            height: 18,
            px: 0.5,
            borderRadius: 9,
            bgcolor: 'error.main',
            color: 'error.contrastText',
            fontSize: 11,
            fontWeight: 600,
            lineHeight: '18px',
            textAlign: 'center',
          }}
        >
          {unread > 99 ? '99+' : unread}
        </Box>
      )}
    </Button>
  );
}

/** The product's mark (public/icons/icon.svg) without its square, in the bar's text colour. */
function ProductMark() {
  return (
    <svg
      width="32"
      height="32"
      viewBox="64 96 384 352"
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
    >
      <path d="M148 300c18-70 80-120 150-118 20-30 52-46 86-40-14 8-24 20-28 34 22 6 38 20 46 38-22-8-44-8-62 0-6 72-66 128-140 130l-30 46-14-10 22-40c-14-4-22-16-30-40z" />
      <rect x="96" y="392" width="320" height="18" rx="9" opacity="0.7" />
    </svg>
  );
}

/**
 * The member's avatar, or their initial: a plain circle rather than Material's Avatar, whose
 * fallback icon and slots would add ~3 KB gzip to the first route (P6).
 */
function AvatarMark({ nickname, avatar }: { nickname: string; avatar: string | null }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        width: 32,
        height: 32,
        flexShrink: 0,
        borderRadius: '50%',
        overflow: 'hidden',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
      }}
    >
      {avatar ? (
        <Box component="img" src={avatar} alt="" sx={{ width: 1, height: 1, objectFit: 'cover' }} />
      ) : (
        nickname.slice(0, 1).toUpperCase()
      )}
    </Box>
  );
}

const ACCOUNT_ACTION_SX = { flexShrink: 0, whiteSpace: 'nowrap' } as const;
/** Shown from `sm` (600 px) on; below it the element keeps its text but takes no space. */
const FROM_SM = { display: { xs: 'none', sm: 'inline' } } as const;
const BUTTON_FROM_SM = { display: { xs: 'none', sm: 'inline-flex' } } as const;

export interface AppHeaderProps {
  /** When to show the Menu link: on every screen, only where the side menu is not shown, or never. */
  menuLink?: 'always' | 'narrow' | 'none';
}

export function AppHeader({ menuLink = 'none' }: AppHeaderProps) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        {menuLink !== 'none' && (
          <Button
            color="inherit"
            component={RouterLink}
            to="/menu"
            aria-label={messages.openMenu}
            // The side menu shows from MUI's md breakpoint on (useMediaQuery.ts): no link needed there.
            sx={{
              ml: -1,
              minWidth: 0,
              px: 1,
              gap: 1,
              flexShrink: 0,
              whiteSpace: 'nowrap',
              display: menuLink === 'narrow' ? { md: 'none' } : undefined,
            }}
          >
            <MenuGlyph />
            <Box component="span" sx={FROM_SM}>
              {messages.openMenu}
            </Box>
          </Button>
        )}
        <Box
          component={RouterLink}
          to="/"
          aria-label={product.name}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            flexShrink: 0,
            color: 'inherit',
            textDecoration: 'none',
            borderRadius: 1,
            '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
          }}
        >
          <ProductMark />
          <Typography component="span" variant="h6" sx={{ fontWeight: 600, ...FROM_SM }}>
            {product.name}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {user ? (
          <>
            <Suspense fallback={null}>
              <UnsyncedStatus />
            </Suspense>
            {/* Where the side menu shows, its account part carries the badge; /menu shows it too. */}
            {menuLink !== 'none' && (
              <UnreadMessagesLink display={menuLink === 'narrow' ? { md: 'none' } : undefined} />
            )}
            <Button
              color="inherit"
              component={RouterLink}
              to="/profile"
              aria-label={user.nickname}
              title={formatMessage(messages.signedInAs, { nickname: user.nickname })}
              sx={{ minWidth: 0, px: 0.5, gap: 1, textTransform: 'none', flexShrink: { xs: 0, md: 1 } }}
            >
              <AvatarMark nickname={user.nickname} avatar={user.avatar} />
              <Typography
                component="span"
                noWrap
                sx={{ display: { xs: 'none', md: 'block' }, minWidth: 0 }}
                data-testid="session-nickname"
              >
                {user.nickname}
              </Typography>
            </Button>
            <Button
              color="inherit"
              component={RouterLink}
              to="/logout"
              sx={{ ...ACCOUNT_ACTION_SX, ...BUTTON_FROM_SM }}
            >
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
