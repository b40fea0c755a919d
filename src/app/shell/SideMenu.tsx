/**
 * The desktop side menu (SPEC §2 "Shell and menus"): signed out, a Sign Up prompt; signed in, the
 * avatar and nickname (opening the profile) and the unread-messages badge (opening /chat-sessions);
 * the share-app button; then the Primary, User and Useful menus and, for those allowed, the
 * Administration menu. It follows the session, so it refreshes on login and logout (SPEC §4). The
 * phone's /menu shows the same account part and reaches every item too (features/menu).
 */
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { messages } from '@contract/messages';
import { SIDE_MENU_MAX_WIDTH_PX } from '../../lib/constants';
import { useAppSelector } from '../hooks';
import { selectUser } from '../sessionSlice';
import { AdminMenu } from './AdminMenu';
import { MenuAccount } from './MenuAccount';
import { MenuGroupList } from './MenuGroupList';
import { useMediaQuery, WIDE_SCREEN_QUERY } from './useMediaQuery';
import { canSeeAdminMenu, PRIMARY_MENU, USEFUL_MENU, USER_MENU, visibleItems } from './menus';

/** The app bar is 64 px high on wide screens; the menu sits below it and scrolls on its own. */
const APP_BAR_HEIGHT_PX = 64;

export function SideMenu() {
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
      <MenuAccount />
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
