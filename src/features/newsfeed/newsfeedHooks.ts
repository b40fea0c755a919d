/**
 * The newsfeed pages' data: live queries over the device (newsfeedStore.ts, the outbox), brought up
 * to date from the server while online (newsfeedApi.ts). A page renders what the device holds and
 * never waits on the network, so offline it is the same page showing the feed read before.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { FeedItem } from '@contract/community';
import { messages } from '@contract/messages';
import { ApiError } from '../../api/ApiError';
import { apiClientFrom } from '../../api/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import type { AppThunk } from '../../app/thunk';
import { db } from '../../db/db';
import type { FeedKey } from '../../db/newsfeedRows';
import type { PhotoUploadRow } from '../../db/rows';
import { speciesOnDeviceById } from '../species/embeds';
import { deletePost, fetchItem, fetchOlder, refreshFeed } from './newsfeedApi';
import { feedMarks, feedOnDevice, itemOnDevice, type FeedMarks } from './newsfeedStore';
import {
  discardEdit,
  discardPost,
  editPost,
  pendingEdits,
  pendingPosts,
  writePost,
  type NewPost,
  type PendingEdit,
  type PendingPost,
} from './postWrites';

const reasonOf = (error: unknown) =>
  error instanceof ApiError ? error.reason : error instanceof Error ? error.message : messages.serverError;

const refreshThunk =
  (feed: FeedKey): AppThunk<Promise<void>> =>
  (_dispatch, _getState, extra) =>
    refreshFeed(db, apiClientFrom(extra), feed);

const olderThunk =
  (feed: FeedKey): AppThunk<Promise<boolean>> =>
  (_dispatch, _getState, extra) =>
    fetchOlder(db, apiClientFrom(extra), feed);

const itemThunk =
  (feedId: string): AppThunk<Promise<FeedItem | null>> =>
  (_dispatch, _getState, extra) =>
    fetchItem(db, apiClientFrom(extra), feedId);

/** The member's posts waiting in the outbox (refused ones too), newest first; [] for a guest. */
export function usePendingPosts(userId: string | null): PendingPost[] | undefined {
  return useLiveQuery(async () => {
    if (userId === null) return [];
    return pendingPosts(await db.outbox.filter((row) => row.user_id === userId).toArray());
  }, [userId]);
}

/** The member's waiting edits of their posts, the newest per post; an empty map for a guest. */
export function usePendingEdits(userId: string | null): ReadonlyMap<string, PendingEdit> | undefined {
  return useLiveQuery(async () => {
    if (userId === null) return NO_EDITS;
    return pendingEdits(await db.outbox.filter((row) => row.user_id === userId).toArray());
  }, [userId]);
}

/** Keeps a new text of one's post on the device for the sync runtime to send (postWrites.ts). */
export function useEditPost(): (postId: string, text: string) => Promise<void> {
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  return useCallback(
    async (postId, text) => {
      if (userId === null) throw new Error(messages.signInRequired);
      await editPost(db, userId, postId, text);
    },
    [userId],
  );
}

/** Lets a refused edit go. */
export function discardPendingEdit(edit: PendingEdit): Promise<void> {
  return discardEdit(db, edit);
}

/** The photos of a waiting post that are still in the upload queue, in the post's order. */
export function useQueuedPhotos(mediaIds: readonly string[]): PhotoUploadRow[] | undefined {
  const key = mediaIds.join();
  return useLiveQuery(
    async () =>
      (await db.photo_uploads.bulkGet(key === '' ? [] : key.split(','))).filter((row) => row !== undefined),
    [key],
  );
}

/** Keeps a post of the signed-in member on the device for the sync runtime to send. */
export function useWritePost(): (post: NewPost) => Promise<void> {
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  return useCallback(
    async (post) => {
      if (userId === null) throw new Error(messages.signInRequired);
      await writePost(db, userId, post);
    },
    [userId],
  );
}

const deleteThunk =
  (feedId: string): AppThunk<Promise<void>> =>
  (_dispatch, _getState, extra) =>
    deletePost(db, apiClientFrom(extra), feedId);

/** Deletes one's own post on the server and forgets it here (online only). */
export function useDeletePost(): (feedId: string) => Promise<void> {
  const dispatch = useAppDispatch();
  return useCallback((feedId) => dispatch(deleteThunk(feedId)), [dispatch]);
}

/** How many of the member's latest public sightings the composer offers to link. */
const LINKABLE_SIGHTINGS = 20;

/** The member's latest public sightings on this device, to link to a post: id and species name. */
export function useLinkableSightings(userId: string | null): { id: string; name: string; date: number }[] {
  return (
    useLiveQuery(async () => {
      if (userId === null) return [];
      const rows = await db.species_observations
        .where('[user_id+date]')
        .between([userId, -Infinity], [userId, Infinity])
        .reverse()
        .filter((row) => row.deleted !== true && row.public && row.species_id !== null)
        .limit(LINKABLE_SIGHTINGS)
        .toArray();
      const species = await speciesOnDeviceById(
        db,
        rows.map((row) => row.species_id),
      );
      return rows.map((row) => ({
        id: row.id,
        date: row.date,
        name: species.get(row.species_id ?? '')?.name ?? row.taxa?.name ?? row.species_id ?? '',
      }));
    }, [userId]) ?? []
  );
}

/** Lets a refused post go, with its photos still queued. */
export function discardPendingPost(post: PendingPost): Promise<void> {
  return discardPost(db, post);
}

/** The common names of the items' species that this device has (its region's list, or kept). */
export function useSpeciesNames(items: readonly FeedItem[] | undefined): ReadonlyMap<string, string> {
  const key = [...new Set((items ?? []).flatMap((item) => item.observation?.species_id ?? []))].sort().join();
  return (
    useLiveQuery(async () => {
      const found = await speciesOnDeviceById(db, key === '' ? [] : key.split(','));
      return new Map([...found].map(([id, row]) => [id, row.name]));
    }, [key]) ?? NO_NAMES
  );
}
const NO_NAMES: ReadonlyMap<string, string> = new Map();
const NO_POSTS: PendingPost[] = [];
const NO_EDITS: ReadonlyMap<string, PendingEdit> = new Map();

/**
 * Whether a waiting post shows in a feed: everyone's and friends' show all of the member's, a
 * member's feed only on the member's own profile, a group's only the posts in it.
 */
export function showsPending(feed: FeedKey | null, userId: string | null, post: PendingPost): boolean {
  if (feed === null) return false;
  if (feed.startsWith('group:')) return post.groupId === feed.slice('group:'.length);
  if (feed.startsWith('member:')) return feed.slice('member:'.length) === userId;
  return true;
}

export interface FeedView {
  /** The kept items, newest first; undefined while the device is read. */
  items: FeedItem[] | undefined;
  marks: FeedMarks | undefined;
  pending: PendingPost[];
  /** The member's waiting edits, by post id. */
  edits: ReadonlyMap<string, PendingEdit>;
  isOnline: boolean;
  refreshing: boolean;
  loadingOlder: boolean;
  failure: string | null;
  refresh: () => void;
  loadOlder: () => void;
}

/**
 * One feed: refreshed when the page opens online, when the device comes back online, and each time
 * one of the member's posts has left the outbox (the sync runtime sent it), so it shows as posted.
 */
export function useFeed(feed: FeedKey | null): FeedView {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  const local = useLiveQuery(
    async () =>
      feed === null ? null : { feed, items: await feedOnDevice(db, feed), marks: await feedMarks(db, feed) },
    [feed],
  );
  const current = local && local.feed === feed ? local : undefined;
  const allPending = usePendingPosts(userId) ?? NO_POSTS;
  const edits = usePendingEdits(userId) ?? NO_EDITS;
  const [refreshing, setRefreshing] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const refresh = useCallback(() => {
    if (feed === null || !isOnline) return;
    setRefreshing(true);
    dispatch(refreshThunk(feed))
      .then(() => {
        if (live.current) setFailure(null);
      })
      .catch((error: unknown) => {
        if (live.current) setFailure(reasonOf(error));
      })
      .finally(() => {
        if (live.current) setRefreshing(false);
      });
  }, [dispatch, feed, isOnline]);

  const loadOlder = useCallback(() => {
    if (feed === null || !isOnline || loadingOlder) return;
    setLoadingOlder(true);
    dispatch(olderThunk(feed))
      .then(() => {
        if (live.current) setFailure(null);
      })
      .catch((error: unknown) => {
        if (live.current) setFailure(reasonOf(error));
      })
      .finally(() => {
        if (live.current) setLoadingOlder(false);
      });
  }, [dispatch, feed, isOnline, loadingOlder]);

  // On opening the page online and on coming back online.
  useEffect(() => {
    if (isOnline) refresh();
  }, [isOnline, refresh]);

  // A waiting post or edit sent by the sync runtime: read the feed again so it shows as the server
  // has it.
  const waiting =
    allPending.filter((post) => post.refused === null).length +
    [...edits.values()].filter((edit) => edit.refused === null).length;
  const before = useRef(waiting);
  useEffect(() => {
    if (waiting < before.current) refresh();
    before.current = waiting;
  }, [waiting, refresh]);

  return {
    items: current?.items,
    marks: current?.marks,
    pending: allPending.filter((post) => showsPending(feed, userId, post)),
    edits,
    isOnline,
    refreshing,
    loadingOlder,
    failure,
    refresh,
    loadOlder,
  };
}

export type ItemAbsence = 'loading' | 'offline' | 'gone' | 'failed';

/**
 * One item: the device's copy at once when a feed holds it, and the server's (fetched once per
 * visit while online), which also refreshes the kept copies or forgets a deleted item.
 */
export function useFeedItem(feedId: string): {
  item: FeedItem | null;
  absence: ItemAbsence | null;
  failure: string | null;
} {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const local = useLiveQuery(
    async () => ({ feedId, item: (await itemOnDevice(db, feedId)) ?? null }),
    [feedId],
  );
  const kept = local && local.feedId === feedId ? local.item : undefined;
  const [fetched, setFetched] = useState<{
    feedId: string;
    state: 'running' | 'done' | 'gone' | 'failed';
    item?: FeedItem;
    reason?: string;
  }>();
  const outcome = fetched && fetched.feedId === feedId ? fetched : undefined;
  useEffect(() => {
    if (!isOnline || outcome !== undefined) return;
    setFetched({ feedId, state: 'running' });
    dispatch(itemThunk(feedId)).then(
      (item) => {
        setFetched(item ? { feedId, state: 'done', item } : { feedId, state: 'gone' });
      },
      (error: unknown) => {
        setFetched({ feedId, state: 'failed', reason: reasonOf(error) });
      },
    );
  }, [dispatch, feedId, isOnline, outcome]);
  const failure = outcome?.state === 'failed' ? (outcome.reason ?? null) : null;
  if (outcome?.state === 'gone') return { item: null, absence: 'gone', failure };
  const item = kept ?? outcome?.item ?? null;
  if (item) return { item, absence: null, failure };
  if (kept === undefined || outcome?.state === 'running') return { item: null, absence: 'loading', failure };
  if (outcome?.state === 'failed') return { item: null, absence: 'failed', failure };
  return { item: null, absence: isOnline ? 'loading' : 'offline', failure };
}
