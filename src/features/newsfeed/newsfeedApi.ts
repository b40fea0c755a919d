/**
 * What the newsfeed pages ask the server (GET newsfeed[/{id}], GET newsfeed/{id}/{x}, DELETE
 * newsfeed/{id}; docs/api.md "Newsfeed"), each answer kept on the device (newsfeedStore.ts) so the
 * pages, which read only the device, show it now and offline later. Every function takes the
 * database and the one HTTP client, so tests run them against a fake or the real server.
 */
import type { FeedItemResponse, FeedQuery, FeedResponse } from '@contract/community';
import { ApiError } from '../../api/ApiError';
import type { ApiClient } from '../../api/client';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { FeedKey } from '../../db/newsfeedRows';
import {
  feedMarks,
  forgetItem,
  keepChanges,
  keepItem,
  keepNewestPage,
  keepOlderPage,
  trimFeed,
} from './newsfeedStore';

/** Items asked per page: a screenful and more. */
export const FEED_PAGE = 20;
/** Changes asked per refresh call (the server's most). */
const CHANGES_PAGE = 100;
/** A refresh that still has more after this many calls starts again from the newest page. */
const CHANGE_CALLS = 3;

/** The call that answers a feed: GET newsfeed for everyone's and friends', GET newsfeed/{id} else. */
function feedPath(feed: FeedKey): string {
  if (feed === 'all' || feed.startsWith('following:')) return 'newsfeed';
  return `newsfeed/${encodeURIComponent(feed.slice(feed.indexOf(':') + 1))}`;
}

function feedCall(api: ApiClient, feed: FeedKey, query: Partial<FeedQuery>): Promise<FeedResponse> {
  const following = feed.startsWith('following:');
  return api.request<FeedResponse>('GET', feedPath(feed), {
    limit: FEED_PAGE,
    ...query,
    ...(following ? { include_following: true } : {}),
  });
}

/**
 * Brings the kept feed up to date: its changes since the last read (so deletions leave too), or,
 * on a first read or after a long absence, its newest page in place of what was kept.
 */
export async function refreshFeed(db: FieldmarkDB, api: ApiClient, feed: FeedKey): Promise<void> {
  await trimFeed(db, feed);
  const marks = await feedMarks(db, feed);
  if (marks.read && marks.last_mod !== null) {
    let lastMod = marks.last_mod;
    for (let call = 0; call < CHANGE_CALLS; call += 1) {
      const answer = await feedCall(api, feed, { last_mod: lastMod, limit: CHANGES_PAGE });
      await keepChanges(db, feed, answer);
      if (!answer.more) return;
      lastMod = answer.last_mod;
    }
  }
  await keepNewestPage(db, feed, await feedCall(api, feed, {}));
}

/** Fetches the page below the kept run; false when the run already reaches the feed's end. */
export async function fetchOlder(db: FieldmarkDB, api: ApiClient, feed: FeedKey): Promise<boolean> {
  const marks = await feedMarks(db, feed);
  if (!marks.read) {
    await refreshFeed(db, api, feed);
    return true;
  }
  if (marks.prev_mod === null) return false;
  await keepOlderPage(db, feed, await feedCall(api, feed, { prev_mod: marks.prev_mod }));
  return true;
}

/** Fetches one item (GET newsfeed/all/{x}) into the feeds that hold it; false when it is gone. */
export async function fetchItem(db: FieldmarkDB, api: ApiClient, feedId: string) {
  try {
    const answer = await api.request<FeedItemResponse>('GET', `newsfeed/all/${encodeURIComponent(feedId)}`);
    await keepItem(db, answer.item);
    return answer.item;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      await forgetItem(db, feedId);
      return null;
    }
    throw error;
  }
}

/** Deletes one's own post (online only: SPEC §4's offline message otherwise) and forgets it here. */
export async function deletePost(db: FieldmarkDB, api: ApiClient, feedId: string): Promise<void> {
  await api.request('DELETE', `newsfeed/${encodeURIComponent(feedId)}`);
  await forgetItem(db, feedId);
}
