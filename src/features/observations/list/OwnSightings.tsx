/**
 * The member's own sightings, from the device (works offline), newest first, with their filters.
 * Says honestly when there is nothing yet, and when the filters leave nothing.
 */
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '@contract/labels';
import { formatMessage, messages } from '@contract/messages';
import { sightingTexts } from '@contract/sightingTexts';
import { isFiltered, matchesFilter, speciesChoicesOf } from './sightingItems';
import { SightingFilters } from './SightingFilters';
import { SightingList } from './SightingList';
import { useOwnSightings, useOwnTrips } from './sightingsQueries';
import { useSightingFilter } from './useSightingFilter';

export function OwnSightings({ userId }: { userId: string }) {
  const items = useOwnSightings(userId);
  const trips = useOwnTrips(userId);
  const filterState = useSightingFilter(trips);
  const { filter } = filterState;
  const speciesChoices = useMemo(
    () => (items ? speciesChoicesOf(items, sightingTexts.sightingUnspecified) : []),
    [items],
  );
  const shown = useMemo(
    () => items?.filter((item) => matchesFilter(item.observation, filter)),
    [items, filter],
  );

  if (items === undefined || trips === undefined || shown === undefined) {
    return <CircularProgress aria-label={messages.loading} />;
  }
  if (items.length === 0) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/species-observation" color="inherit" size="small">
            {labels.recordSighting}
          </Button>
        }
      >
        {sightingTexts.sightingsEmpty}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <SightingFilters state={filterState} speciesChoices={speciesChoices} trips={trips} />
      <Typography role="status" variant="body2" color="text.secondary">
        {isFiltered(filter)
          ? formatMessage(sightingTexts.sightingsFilteredCount, { shown: shown.length, total: items.length })
          : formatMessage(sightingTexts.sightingsCount, { count: items.length })}
      </Typography>
      {shown.length === 0 ? (
        <Alert severity="info">{sightingTexts.sightingsNoMatch}</Alert>
      ) : (
        <SightingList items={shown} label={sightingTexts.sightingsMine} />
      )}
    </Stack>
  );
}
