/**
 * The Stats section of a profile: `/profile` shows the member's own, `/profile/{id}` another
 * member's public ones (also reached as `?section=stats`, the menu's Stats). One's own stats are
 * counted on the device, so they show offline and follow every save, without waiting for the
 * network; another member's come from the server (online only). When that member keeps them
 * private (`stats_visible_to_others` off) the server answers 403 and the section says so plainly.
 * Guests cannot use stats (SPEC §6).
 */
import { useId, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../../app/labels';
import { messages } from '@contract/messages';
import { sightingTexts } from '../../observations/texts';
import { useAppSelector } from '../../../app/hooks';
import { selectIsOnline } from '../../../app/networkSlice';
import { selectUser } from '../../../app/sessionSlice';
import { useGetUserStatsQuery } from './statsApi';
import { useOwnStats, useSpeciesNamesOnDevice, withDeviceNames } from './statsQueries';
import { namesFromSightings } from './statsRows';
import { StatsView } from './StatsView';

function OwnStats({ userId }: { userId: string }) {
  const own = useOwnStats(userId);
  const speciesIds = useMemo(() => Object.keys(own?.stats.observations ?? {}), [own]);
  const onDevice = useSpeciesNamesOnDevice(speciesIds);
  if (own === undefined) return <CircularProgress aria-label={messages.loading} />;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {sightingTexts.statsOnDevice}
      </Typography>
      <StatsView stats={own.stats} names={withDeviceNames(own.names, onDevice)} />
    </>
  );
}

function MemberStats({ userId }: { userId: string }) {
  const isOnline = useAppSelector(selectIsOnline);
  const answer = useGetUserStatsQuery(userId, { skip: !isOnline });
  const speciesIds = useMemo(() => Object.keys(answer.data?.stats.observations ?? {}), [answer.data]);
  const onDevice = useSpeciesNamesOnDevice(speciesIds);
  const names = useMemo(
    () => withDeviceNames(namesFromSightings(answer.data?.observations ?? []), onDevice),
    [answer.data, onDevice],
  );

  if (!isOnline) return <Alert severity="warning">{messages.offline}</Alert>;
  if (answer.error) {
    const failure = 'reason' in answer.error ? answer.error : null;
    // 403 is the member's own choice (settings: "Show my stats to other members" off).
    if (failure?.status === 403) return <Alert severity="info">{messages.statsHidden}</Alert>;
    return <Alert severity="warning">{failure?.reason ?? messages.serverError}</Alert>;
  }
  if (!answer.data) return <CircularProgress aria-label={messages.loading} />;
  return <StatsView stats={answer.data.stats} names={names} />;
}

export function ProfileStats({ userId }: { userId: string }) {
  const me = useAppSelector(selectUser);
  const headingId = useId();
  let content;
  if (me === null) content = <Alert severity="info">{sightingTexts.statsSignIn}</Alert>;
  else if (me.user_id === userId) content = <OwnStats userId={userId} />;
  else content = <MemberStats userId={userId} />;
  return (
    <Stack component="section" spacing={2} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h2">
        {labels.stats}
      </Typography>
      {content}
    </Stack>
  );
}
