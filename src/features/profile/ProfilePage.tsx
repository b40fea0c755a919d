/**
 * /profile (the signed-in member's own) and /profile/{user_id} (anybody's public profile): who the
 * member is, from GET users/{id}, and their stats (stats/). The owner also sees their name, email
 * and region and a link to the profile editor.
 *
 * The parts do not wait for each other: one's own header comes from the session and one's own
 * stats are counted on the device (offline too), so both show at once while GET users/{id} is on
 * its way (or failed); another member's header and stats each show when their own call answers.
 * A signed-in viewer also gets the follow figures (GET users/{id} `person`) and, on another
 * member's profile, the follow button (issue 16); one's own counts link to the Friends lists.
 * Below, the member's posts (their feed, GET newsfeed/{id}, kept on the device like the newsfeed so
 * a profile visited before shows them offline). Places and sightings (the menu opens them as
 * `?section=…`) are not built yet, and the page says so instead of showing made-up figures.
 */
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { product } from '@config/product';
import { useGetUserQuery } from '../../api/api';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { peopleTexts } from '../people/texts';
import type { Person } from '@contract/community';
import { FeedSection } from '../newsfeed/embeds';
import { FollowButton } from '../people/embeds';
import { ReportButton } from '../reports/embeds';
import { ProfileStats } from './stats/ProfileStats';

/** Parts the menu asks for that are not built yet (Stats always shows). */
const SECTIONS: Record<string, string> = {
  places: labels.places,
  sightings: labels.sightings,
};

const memberSince = (seconds: number) =>
  new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long' }).format(new Date(seconds * 1000));

function Header({ nickname, avatar, since }: { nickname: string; avatar: string | null; since?: number }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar src={avatar ?? undefined} alt="" aria-hidden sx={{ width: 72, height: 72, fontSize: 32 }}>
        {nickname.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {nickname}
        </Typography>
        {since !== undefined && (
          <Typography color="text.secondary">
            {formatMessage(messages.profileMemberSince, { date: memberSince(since) })}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

/** Follower and following counts (links to the lists on one's own profile) and the follow button. */
function FollowFigures({ person, isOwn }: { person: Person; isOwn: boolean }) {
  const followers = formatMessage(peopleTexts.followerCount, { count: person.follower_count });
  const following = formatMessage(peopleTexts.followingCount, { count: person.following_count });
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {isOwn ? (
        <>
          <Link component={RouterLink} to="/people/followers">
            {followers}
          </Link>
          <Link component={RouterLink} to="/people/following">
            {following}
          </Link>
        </>
      ) : (
        <>
          <Typography>{followers}</Typography>
          <Typography>{following}</Typography>
          {person.follows_you && <Chip size="small" label={peopleTexts.followsYou} />}
          <Box sx={{ flex: 1 }} />
          <FollowButton userId={person.user_id} nickname={person.nickname} following={person.following} />
          <ReportButton section="user" id={person.user_id} what="member" ownerId={null} />
        </>
      )}
    </Stack>
  );
}

export function ProfilePage() {
  const { user_id: requestedId } = useParams();
  const [search] = useSearchParams();
  const me = useAppSelector(selectUser);
  const id = requestedId ?? me?.user_id;
  const isOwn = id !== undefined && id === me?.user_id;
  const { data, error, isLoading } = useGetUserQuery(id ? { id } : skipToken);
  const section = SECTIONS[search.get('section') ?? ''];
  const profile = data?.profile;
  const full = profile && 'username' in profile ? profile : null;
  const reason = error && 'reason' in error ? error.reason : error ? messages.serverError : null;

  let header;
  if (profile) {
    header = <Header nickname={profile.nickname} avatar={profile.avatar} since={profile.created_at} />;
  } else if (isOwn) {
    header = <Header nickname={me.nickname} avatar={me.avatar} />;
  } else if (isLoading) {
    header = (
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label={messages.loading} />
      </Box>
    );
  } else {
    header = (
      <Typography variant="h4" component="h1">
        {labels.profile}
      </Typography>
    );
  }

  return (
    <Stack spacing={3} sx={{ py: 4, maxWidth: 720 }}>
      {header}
      {reason && <Alert severity="error">{reason}</Alert>}
      {data?.person && me && <FollowFigures person={data.person} isOwn={isOwn} />}
      {profile?.about && <Typography sx={{ whiteSpace: 'pre-line' }}>{profile.about}</Typography>}
      {isOwn && full && (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, columnGap: 3 }}
        >
          <Typography component="dt" color="text.secondary">
            {messages.profileName}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {full.firstname}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {messages.fieldEmail}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {full.username}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {messages.profileRegion}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {full.location?.name ?? messages.profileNoRegion}
          </Typography>
        </Box>
      )}
      {section && (
        <Alert severity="info">
          {formatMessage(messages.profileSectionComingSoon, { section, product: product.name })}
        </Alert>
      )}
      {id !== undefined && <ProfileStats userId={id} />}
      {isOwn && (
        <Box>
          <Button component={RouterLink} to="/user-profile" variant="outlined">
            {messages.profileEdit}
          </Button>
        </Box>
      )}
      {id !== undefined && <FeedSection memberId={id} />}
    </Stack>
  );
}
