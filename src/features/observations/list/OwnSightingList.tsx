/**
 * The member's own sightings that match a filter, as other pages embed them (a trip's page): live
 * from the device, newest first and a page at a time (ownSightingReads.ts), with their count, or
 * `emptyText` when none match.
 */
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { messages } from '@contract/messages';
import { OWN_PAGE_SIZE } from './ownSightingReads';
import type { SightingFilter } from './sightingItems';
import { SightingList } from './SightingList';
import { keyOf, useOwnSightingsCount, useOwnSightingsPage } from './sightingsQueries';
import { usePagedLimit } from './usePagedLimit';

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
  const { limit, showMore } = usePagedLimit(keyOf(userId, filter), OWN_PAGE_SIZE);
  const page = useOwnSightingsPage(userId, filter, limit);
  const count = useOwnSightingsCount(userId, filter);
  if (page === undefined || count === undefined) return <CircularProgress aria-label={messages.loading} />;
  if (page.items.length === 0) return <Alert severity="info">{emptyText}</Alert>;
  return (
    <>
      <Typography role="status" variant="body2" color="text.secondary">
        {countText(count)}
      </Typography>
      <SightingList items={page.items} label={label} {...(page.more ? { onEndReached: showMore } : {})} />
    </>
  );
}
