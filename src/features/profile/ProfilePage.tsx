/**
 * /profile (the signed-in member's own) and /profile/{user_id} (anybody's public profile): who the
 * member is, from GET users/{id}. The owner also sees their name, email and region and a link to
 * the profile editor. `?section=stats` (the menu's Stats) shows the member's stats (stats/), also
 * when the profile itself cannot be loaded: one's own are counted on the device, offline too.
 * Posts, places and sightings (the menu opens them as `?section=…`) are not built yet, and the
 * page says so instead of showing made-up figures.
 */
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '@contract/labels';
import { formatMessage, messages } from '@contract/messages';
import { product } from '@config/product';
import { useGetUserQuery } from '../../api/api';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { ProfileStats } from './stats/ProfileStats';

const SECTIONS: Record<string, string> = {
  stats: labels.stats,
  posts: labels.posts,
  places: labels.places,
  sightings: labels.sightings,
};

const memberSince = (seconds: number) =>
  new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long' }).format(new Date(seconds * 1000));

export function ProfilePage() {
  const { user_id: requestedId } = useParams();
  const [search] = useSearchParams();
  const me = useAppSelector(selectUser);
  const id = requestedId ?? me?.user_id;
  const isOwn = id !== undefined && id === me?.user_id;
  const { data, error, isLoading } = useGetUserQuery(id ? { id } : skipToken);
  const sectionKey = search.get('section') ?? '';
  const section = SECTIONS[sectionKey];
  const stats = sectionKey === 'stats' && id !== undefined && <ProfileStats userId={id} />;

  if (isLoading) {
    return (
      <Box sx={{ py: 6, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label={messages.loading} />
      </Box>
    );
  }
  if (error || !data) {
    const reason = error && 'reason' in error ? error.reason : messages.serverError;
    return (
      <Stack spacing={2} sx={{ py: 6 }}>
        <Typography variant="h4" component="h1">
          {labels.profile}
        </Typography>
        <Alert severity="error">{reason}</Alert>
        {stats}
      </Stack>
    );
  }

  const { profile } = data;
  const full = 'username' in profile ? profile : null;
  return (
    <Stack spacing={3} sx={{ py: 4, maxWidth: 720 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          src={profile.avatar ?? undefined}
          alt=""
          aria-hidden
          sx={{ width: 72, height: 72, fontSize: 32 }}
        >
          {profile.nickname.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box>
          <Typography variant="h4" component="h1">
            {profile.nickname}
          </Typography>
          <Typography color="text.secondary">
            {formatMessage(messages.profileMemberSince, { date: memberSince(profile.created_at) })}
          </Typography>
        </Box>
      </Stack>
      {profile.about && <Typography sx={{ whiteSpace: 'pre-line' }}>{profile.about}</Typography>}
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
      {stats}
      {section && !stats && (
        <Alert severity="info">
          {formatMessage(messages.profileSectionComingSoon, { section, product: product.name })}
        </Alert>
      )}
      {isOwn && (
        <Box>
          <Button component={RouterLink} to="/user-profile" variant="outlined">
            {messages.profileEdit}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
