/**
 * The member's own sightings that match a filter, as other pages embed them (a trip's page): live
 * from the device, newest first, with their count, or `emptyText` when none match.
 */
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { matchesFilter, type SightingFilter } from './sightingItems';
import { SightingList } from './SightingList';
import { useOwnSightings } from './sightingsQueries';
import { messages } from '@contract/messages';

export interface OwnSightingListProps {
  userId: string;
  filter: SightingFilter;
  /** Accessible name of the list. */
  label: string;
  emptyText: string;
  /** The count above the list, e.g. "3 sightings". */
  countText: (count: number) => string;
}

export function OwnSightingList({ userId, filter, label, emptyText, countText }: OwnSightingListProps) {
  const items = useOwnSightings(userId);
  const shown = useMemo(
    () => items?.filter((item) => matchesFilter(item.observation, filter)),
    [items, filter],
  );
  if (shown === undefined) return <CircularProgress aria-label={messages.loading} />;
  if (shown.length === 0) return <Alert severity="info">{emptyText}</Alert>;
  return (
    <>
      <Typography role="status" variant="body2" color="text.secondary">
        {countText(shown.length)}
      </Typography>
      <SightingList items={shown} label={label} />
    </>
  );
}
