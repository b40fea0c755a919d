/**
 * The member's own sightings, from the device (works offline), newest first, with their filters.
 * Read a page at a time through the indexes (the next page when the list's end comes near), with
 * index counts, so it opens as fast with a long history as with a short one. Says honestly when
 * there is nothing yet, and when the filters leave nothing.
 */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { sightingTexts } from '../texts';
import { OWN_PAGE_SIZE } from './ownSightingReads';
import { isFiltered, type SightingFilter } from './sightingItems';
import { SightingFilters } from './SightingFilters';
import { SightingList } from './SightingList';
import {
  keyOf,
  useOwnSightingsCount,
  useOwnSightingsPage,
  useOwnSpeciesChoices,
  useOwnTrips,
} from './sightingsQueries';
import { usePagedLimit } from './usePagedLimit';
import { useSightingFilter } from './useSightingFilter';

const NO_FILTER: SightingFilter = {};

export function OwnSightings({ userId }: { userId: string }) {
  const trips = useOwnTrips(userId);
  const filterState = useSightingFilter(trips);
  const { filter } = filterState;
  const filtered = isFiltered(filter);
  const { limit, showMore } = usePagedLimit(keyOf(userId, filter), OWN_PAGE_SIZE);
  const page = useOwnSightingsPage(userId, filter, limit);
  const total = useOwnSightingsCount(userId, NO_FILTER);
  // Only a filtered list counts its matches (a second index count); unfiltered they are the total.
  const matching = useOwnSightingsCount(filtered ? userId : null, filter);
  const speciesChoices = useOwnSpeciesChoices(userId);

  if (total === undefined || trips === undefined) {
    return <CircularProgress aria-label={messages.loading} />;
  }
  if (total === 0) {
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
  const loading = page === undefined || matching === undefined;
  return (
    <Stack spacing={2}>
      <SightingFilters state={filterState} speciesChoices={speciesChoices ?? []} trips={trips} />
      {loading ? (
        <CircularProgress aria-label={messages.loading} />
      ) : (
        <>
          <Typography role="status" variant="body2" color="text.secondary">
            {filtered
              ? formatMessage(sightingTexts.sightingsFilteredCount, { shown: matching, total })
              : formatMessage(sightingTexts.sightingsCount, { count: total })}
          </Typography>
          {page.items.length === 0 ? (
            <Alert severity="info">{sightingTexts.sightingsNoMatch}</Alert>
          ) : (
            <SightingList
              items={page.items}
              label={sightingTexts.sightingsMine}
              {...(page.more ? { onEndReached: showMore } : {})}
            />
          )}
        </>
      )}
    </Stack>
  );
}
