/**
 * The items of one feed as every feed page lists them (the newsfeed pages, a group's page, a
 * member's profile): the member's waiting posts first, then the kept items newest first, with older
 * pages loaded as the end of the list comes into view or with the button.
 */
import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@contract/messages';
import { newsfeedTexts as texts } from './texts';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { FeedItemCard } from './FeedItemCard';
import { useSpeciesNames, type FeedView } from './newsfeedHooks';
import { PendingPostCard } from './PendingPostCard';

/** Loads the next older page when the end of the list comes into view (where the browser can say). */
function useLoadWhenSeen(load: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load();
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [load, enabled]);
  return sentinel;
}

/** Whether older items can be asked: only below a run read from the server (the first read is the refresh's). */
export function hasOlder(view: FeedView): boolean {
  return view.marks?.read === true && view.marks.prev_mod !== null;
}

export function FeedList({ view, emptyText }: { view: FeedView; emptyText: string }) {
  const user = useAppSelector(selectUser);
  const names = useSpeciesNames(view.items);
  const more = hasOlder(view);
  const sentinel = useLoadWhenSeen(view.loadOlder, view.isOnline && more && !view.loadingOlder);
  return (
    <Stack component="section" spacing={2} aria-label={texts.feedList}>
      {user &&
        view.pending.map((post) => <PendingPostCard key={post.rowId} post={post} nickname={user.nickname} />)}
      {view.items === undefined ? (
        <CircularProgress aria-label={messages.loading} />
      ) : view.items.length === 0 && view.pending.length === 0 ? (
        <Typography color="text.secondary">
          {!view.isOnline && !view.marks?.read ? texts.emptyOffline : emptyText}
        </Typography>
      ) : (
        view.items.map((item) => (
          <FeedItemCard
            key={item.feed_id}
            item={item}
            pendingEdit={view.edits.get(item.feed_id) ?? null}
            speciesName={
              item.observation?.species_id ? (names.get(item.observation.species_id) ?? null) : null
            }
          />
        ))
      )}
      <div ref={sentinel} />
      {view.items !== undefined &&
        view.items.length > 0 &&
        (more ? (
          <Button
            onClick={view.loadOlder}
            disabled={!view.isOnline || view.loadingOlder}
            sx={{ alignSelf: 'center' }}
          >
            {view.loadingOlder ? messages.loading : texts.loadOlder}
          </Button>
        ) : (
          <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
            {texts.end}
          </Typography>
        ))}
    </Stack>
  );
}
