/**
 * Rows of the newsfeed kept on the device (issue 16; docs/sync.md "The newsfeed offline"): copies
 * of the items the server answered for a feed the member read online, so the feed read before
 * stays readable offline. Read-only public data: a newer answer replaces a row, a deletion the
 * server reports removes it, and each feed keeps only its newest items (newsfeedStore.ts).
 * Version 12.
 */
import type { FeedItem } from '@contract/community';

/**
 * Which feed a row was read in: `all` (everyone's: /home, /newsfeed), `following:{user_id}`
 * (the member's and the people they follow: /home/newsfeed/people, so each member of a shared
 * device has their own), `member:{user_id}` (one member's items, on their profile) or
 * `group:{group_id}` (a group's feed, on its page).
 */
export type FeedKey = 'all' | `following:${string}` | `member:${string}` | `group:${string}`;

/** One item of one feed, keyed by [feed+feed_id]. */
export interface NewsfeedItemRow {
  feed: FeedKey;
  feed_id: string;
  /** The item's modification mark: feeds are shown newest mark first, as the server pages them. */
  mod: number;
  /** When the device stored it (ms since the epoch). */
  kept: number;
  item: FeedItem;
}
