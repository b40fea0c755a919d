/**
 * /menu (SPEC §2): the mobile menu, five slider rows of tiles (Quick, Explore, Personal, Community,
 * More), and an Administration row for those who see the desktop's admin menu. Above them, the
 * side menu's account part (Sign Up prompt, or avatar to the profile and messages; Share the app):
 * a phone has no side menu, so this page reaches every item of it (menuRows.ts). Tiles needing an
 * account are disabled for guests but still answer a tap, with 'To view '{title}' you need to have
 * an account and be logged in!'; they stay focusable and are announced as unavailable
 * (aria-disabled). Back on this page asks before leaving (useBackToExit).
 */
import { useCallback } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import ArticleIcon from '@mui/icons-material/Article';
import AutoStoriesIcon from '@mui/icons-material/AutoStories';
import BarChartIcon from '@mui/icons-material/BarChart';
import CampaignIcon from '@mui/icons-material/Campaign';
import ChatIcon from '@mui/icons-material/Chat';
import DynamicFeedIcon from '@mui/icons-material/DynamicFeed';
import FlagIcon from '@mui/icons-material/Flag';
import GavelIcon from '@mui/icons-material/Gavel';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import HikingIcon from '@mui/icons-material/Hiking';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MapIcon from '@mui/icons-material/Map';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import PetsIcon from '@mui/icons-material/Pets';
import PlaceIcon from '@mui/icons-material/Place';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import PublicIcon from '@mui/icons-material/Public';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { formatMessage, messages } from '@contract/messages';
import { labels } from '../../app/labels';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { MenuAccount } from '../../app/shell/MenuAccount';
import { uiActions } from '../../app/uiSlice';
import { BACK_EXIT_WINDOW_MS } from '../../lib/constants';
import { SliderRow } from '../../ui/SliderRow';
import { adminRow, MENU_ROWS, type MenuIconName, type MobileMenuItem } from './menuRows';
import { useBackToExit } from './useBackToExit';

const ICONS: Record<MenuIconName, SvgIconComponent> = {
  record: AddLocationAltIcon,
  news: DynamicFeedIcon,
  logbook: MenuBookIcon,
  stats: BarChartIcon,
  places: PlaceIcon,
  trips: HikingIcon,
  friends: PeopleIcon,
  findFriends: PersonSearchIcon,
  messages: ChatIcon,
  sightings: VisibilityIcon,
  settings: SettingsIcon,
  species: PetsIcon,
  fieldGuides: AutoStoriesIcon,
  terms: GavelIcon,
  privacy: PrivacyTipIcon,
  help: HelpOutlinedIcon,
  about: InfoOutlinedIcon,
  logout: LogoutIcon,
  globalMap: MapIcon,
  profile: AccountCircleIcon,
  locations: PublicIcon,
  pages: ArticleIcon,
  ads: CampaignIcon,
  users: ManageAccountsIcon,
  issueReports: FlagIcon,
  ebooks: LibraryBooksIcon,
  shop: StorefrontIcon,
};

const tileSx = {
  width: '100%',
  minHeight: 88,
  flexDirection: 'column',
  gap: 0.5,
  p: 1,
  borderRadius: 2,
  textAlign: 'center',
  textTransform: 'none',
  bgcolor: 'background.paper',
  color: 'text.primary',
  boxShadow: 1,
  '&:hover': { bgcolor: 'action.hover' },
  '& svg': { color: 'primary.main', fontSize: 32 },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;

function Tile({
  item,
  isDisabled,
  onDisabledTap,
}: {
  item: MobileMenuItem;
  isDisabled: boolean;
  onDisabledTap: (item: MobileMenuItem) => void;
}) {
  const Icon = ICONS[item.icon];
  const content = (
    <>
      <Icon aria-hidden />
      <Typography variant="body2" component="span" sx={{ fontWeight: 500, lineHeight: 1.2 }}>
        {item.label}
      </Typography>
    </>
  );
  if (isDisabled) {
    return (
      <Button
        aria-disabled="true"
        onClick={() => {
          onDisabledTap(item);
        }}
        sx={{ ...tileSx, opacity: 0.5, boxShadow: 0, border: 1, borderColor: 'divider' }}
      >
        {content}
      </Button>
    );
  }
  return (
    <Button component={RouterLink} to={item.to} sx={tileSx}>
      {content}
    </Button>
  );
}

export function MenuPage({ isInstalled }: { isInstalled: boolean }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const isSignedIn = user !== null;
  const admin = adminRow(user);
  const rows = admin ? [...MENU_ROWS, admin] : MENU_ROWS;

  const promptExit = useCallback(() => {
    dispatch(
      uiActions.toastShown({
        message: messages.pressBackToExit,
        severity: 'info',
        durationMs: BACK_EXIT_WINDOW_MS,
      }),
    );
  }, [dispatch]);
  useBackToExit({ onPrompt: promptExit, isInstalled });

  const explainDisabled = (item: MobileMenuItem) => {
    dispatch(
      uiActions.toastShown({
        message: formatMessage(messages.needAccount, { title: item.label }),
        severity: 'warning',
      }),
    );
  };

  return (
    <Box component="nav" aria-label={messages.appMenuLabel} sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {labels.menu}
      </Typography>
      <Box sx={{ maxWidth: 480, mx: -2, mb: 1 }}>
        <MenuAccount />
      </Box>
      {rows.map((row) => (
        <SliderRow key={row.id} title={row.label} slidesPerView={row.slidesPerView}>
          {row.items.map((item) => (
            <li key={item.id}>
              <Tile
                item={item}
                isDisabled={!isSignedIn && item.needsAccount === true}
                onDisabledTap={explainDisabled}
              />
            </li>
          ))}
        </SliderRow>
      ))}
    </Box>
  );
}
