/**
 * /home, /home/newsfeed, /newsfeed (everyone's feed) and /home/newsfeed/people (Posts from
 * Friends: the member's and the people they follow; SPEC §2, §6 guests cannot use friends). The
 * feed is what the device kept (live query), brought up to date while online, so offline it shows
 * the feed read before with a note (SPEC §4 says an empty feed; keeping it is issue 16's choice,
 * docs/sync.md). Older items load as the end of the list comes into view, or with the button; a
 * pull down on touch or the Refresh button brings what changed.
 */
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import { newsfeedTexts as texts } from './texts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { uiActions } from '../../app/uiSlice';
import type { FeedKey } from '../../db/newsfeedRows';
import { SponsoredAd } from '../ads/embeds';
import { FeedList } from './FeedList';
import { FeedRefreshButton } from './FeedRefreshButton';
import { useFeed } from './newsfeedHooks';
import { PostComposer } from './PostComposer';
import { usePullToRefresh } from './usePullToRefresh';

export const EVERYONE_PATH = '/home/newsfeed';
export const FOLLOWING_PATH = '/home/newsfeed/people';

type Tab = 'everyone' | 'following';

/** Which tab a /home… address is; null for an address SPEC does not name (it goes to ''). */
export function tabOfHomePath(pathname: string): Tab | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/home' || path === EVERYONE_PATH) return 'everyone';
  if (path === FOLLOWING_PATH) return 'following';
  return null;
}

export function HomePage() {
  // The address itself: the shell's routes put their own splat in the params.
  const tab = tabOfHomePath(useLocation().pathname);
  if (tab === null) return <Navigate to="/" replace />;
  return <FeedPage tab={tab} />;
}

export function NewsfeedPage() {
  return <FeedPage tab="everyone" />;
}

function FeedPage({ tab }: { tab: Tab }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const feed: FeedKey | null = tab === 'everyone' ? 'all' : user ? `following:${user.user_id}` : null;
  const view = useFeed(feed);
  const title = tab === 'everyone' ? labels.newsfeed : labels.postsFromFriends;
  usePullToRefresh(view.refresh, feed !== null && view.isOnline);

  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 880 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {feed !== null && <FeedRefreshButton view={view} />}
      </Stack>
      <Tabs value={tab} aria-label={texts.tabs}>
        <Tab value="everyone" label={texts.tabEveryone} component={RouterLink} to={EVERYONE_PATH} />
        <Tab value="following" label={texts.tabFollowing} component={RouterLink} to={FOLLOWING_PATH} />
      </Tabs>
      {!view.isOnline && <Alert severity="info">{texts.offlineNote}</Alert>}
      {view.failure && <Alert severity="error">{view.failure}</Alert>}
      {user ? (
        <PostComposer />
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography>{tab === 'following' ? texts.followingSignIn : texts.composerSignIn}</Typography>
          <Button
            variant="outlined"
            onClick={() => dispatch(uiActions.modalOpened({ name: 'login', props: {} }))}
          >
            {messages.loginButton}
          </Button>
        </Stack>
      )}
      {feed !== null && <SponsoredAd />}
      {feed !== null && (
        <FeedList view={view} emptyText={tab === 'following' ? texts.emptyFollowing : texts.empty} />
      )}
    </Stack>
  );
}
