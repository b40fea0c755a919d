/**
 * The Stats section of a profile (`/profile?section=stats`, the menu's Stats; `/profile/{id}?
 * section=stats`). One's own stats are counted on the device, so they show offline and follow every
 * save; another member's come from the server (online only), which may answer that the member keeps
 * them private — its reason is shown as it is. Guests cannot use stats (SPEC §6).
 */
import { useId, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '@contract/labels';
import { messages } from '@contract/messages';
import { sightingTexts } from '@contract/sightingTexts';
import { useAppSelector } from '../../../app/hooks';
import { selectIsOnline } from '../../../app/networkSlice';
import { selectUser } from '../../../app/sessionSlice';
import { useGetUserStatsQuery } from './statsApi';
import { useOwnStats, useSpeciesNamesOnDevice } from './statsQueries';
import { namesFromSightings } from './statsRows';
import { StatsView } from './StatsView';

function OwnStats({ userId }: { userId: string }) {
  const own = useOwnStats(userId);
  if (own === undefined) return <CircularProgress aria-label={messages.loading} />;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {sightingTexts.statsOnDevice}
      </Typography>
      <StatsView stats={own.stats} names={own.names} />
    </>
  );
}

function MemberStats({ userId }: { userId: string }) {
  const isOnline = useAppSelector(selectIsOnline);
  const answer = useGetUserStatsQuery(userId, { skip: !isOnline });
  const speciesIds = useMemo(() => Object.keys(answer.data?.stats.observations ?? {}), [answer.data]);
  const onDevice = useSpeciesNamesOnDevice(speciesIds);
  const names = useMemo(() => {
    const fromSightings = namesFromSightings(answer.data?.observations ?? []);
    return {
      species: new Map([...fromSightings.species, ...(onDevice ?? [])]),
      locations: fromSightings.locations,
    };
  }, [answer.data, onDevice]);

  if (!isOnline) return <Alert severity="warning">{messages.offline}</Alert>;
  if (answer.error) {
    const reason = 'reason' in answer.error ? answer.error.reason : messages.serverError;
    return <Alert severity="info">{reason}</Alert>;
  }
  if (!answer.data || onDevice === undefined) return <CircularProgress aria-label={messages.loading} />;
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
