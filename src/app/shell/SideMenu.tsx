/**
 * The desktop side menu (SPEC §2 "Shell and menus"): signed out, a Sign Up prompt; signed in, the
 * avatar and nickname (opening the profile) and the unread-messages badge (opening /chat-sessions);
 * the share-app button; then the Primary, User and Useful menus and, for those allowed, the
 * Administration menu. It follows the session, so it refreshes on login and logout (SPEC §4).
 */
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatIcon from '@mui/icons-material/Chat';
import ShareIcon from '@mui/icons-material/Share';
import { formatMessage, messages } from '@contract/messages';
import { SIDE_MENU_MAX_WIDTH_PX } from '../../lib/constants';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectUser } from '../sessionSlice';
import { uiActions } from '../uiSlice';
import type { SessionUser } from '../../db/kv';
import { AdminMenu } from './AdminMenu';
import { MenuGroupList } from './MenuGroupList';
import { useMediaQuery, WIDE_SCREEN_QUERY } from './useMediaQuery';
import { canSeeAdminMenu, PRIMARY_MENU, USEFUL_MENU, USER_MENU, visibleItems } from './menus';

/** The app bar is 64 px high on wide screens; the menu sits below it and scrolls on its own. */
const APP_BAR_HEIGHT_PX = 64;

/**
 * Unread chat messages of the member. Chat does not exist yet, so there is no count to show and
 * the badge stays hidden; the chat feature wires this to GET chats/{id}/status (polled every 60 s).
 */
function useUnreadMessageCount(): number {
  return 0;
}

function SignUpPrompt() {
  const dispatch = useAppDispatch();
  return (
    <Stack spacing={1} sx={{ p: 2 }}>
      <Typography variant="body2">{messages.signUpPrompt}</Typography>
      <Button
        variant="contained"
        size="small"
        onClick={() => dispatch(uiActions.modalOpened({ name: 'register', props: {} }))}
      >
        {messages.signUp}
      </Button>
    </Stack>
  );
}

function MemberCard({ user }: { user: SessionUser }) {
  const unread = useUnreadMessageCount();
  const messagesName =
    unread > 0 ? formatMessage(messages.unreadMessagesCount, { count: unread }) : messages.unreadMessages;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', p: 1, gap: 0.5 }}>
      <Button
        component={RouterLink}
        to="/profile"
        title={messages.openProfile}
        color="inherit"
        sx={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', textTransform: 'none', gap: 1 }}
      >
        <Avatar src={user.avatar ?? undefined} alt="" aria-hidden sx={{ width: 32, height: 32 }}>
          {user.nickname.slice(0, 1).toUpperCase()}
        </Avatar>
        <Typography component="span" noWrap sx={{ fontWeight: 500 }}>
          {user.nickname}
        </Typography>
      </Button>
      <IconButton component={RouterLink} to="/chat-sessions" aria-label={messagesName} title={messagesName}>
        <Badge badgeContent={unread} color="error" max={99} invisible={unread === 0}>
          <ChatIcon />
        </Badge>
      </IconButton>
    </Stack>
  );
}

export function SideMenu() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  if (!isWide) return null;
  return (
    <Box
      component="nav"
      aria-label={messages.sideMenuLabel}
      sx={{
        flex: `0 0 ${SIDE_MENU_MAX_WIDTH_PX}px`,
        maxWidth: SIDE_MENU_MAX_WIDTH_PX,
        position: 'sticky',
        top: APP_BAR_HEIGHT_PX,
        maxHeight: `calc(100vh - ${APP_BAR_HEIGHT_PX}px)`,
        overflowY: 'auto',
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      {user ? <MemberCard user={user} /> : <SignUpPrompt />}
      <Box sx={{ px: 2, pb: 1 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ShareIcon />}
          fullWidth
          onClick={() => dispatch(uiActions.modalOpened({ name: 'share', props: {} }))}
        >
          {messages.shareApp}
        </Button>
      </Box>
      <Divider />
      <MenuGroupList label={PRIMARY_MENU.label} items={visibleItems(PRIMARY_MENU, user)} />
      <Divider />
      <MenuGroupList label={USER_MENU.label} items={visibleItems(USER_MENU, user)} />
      <Divider />
      <MenuGroupList label={USEFUL_MENU.label} items={visibleItems(USEFUL_MENU, user)} />
      {canSeeAdminMenu(user) && <AdminMenu user={user} />}
    </Box>
  );
}
