/**
 * The newsfeed on the device (docs/sync.md "The newsfeed offline"): every page the server answers
 * for a feed is kept in `newsfeed_items`, with the feed's two marks in `meta`, and the pages read
 * only from here through live queries, so the feed read before opens offline.
 *
 * What is kept of a feed is always one unbroken run of the server's items, from its newest down:
 * - `last_mod` is the newest mark the device has seen: a refresh asks for every change after it
 *   (new and edited items, and the ids of deleted ones), so nothing in the run goes stale;
 * - `prev_mod` is where the run ends: the next older page is asked below it (null: the feed's end);
 * - a feed is trimmed to its newest KEEP_PER_FEED items before a refresh, its `prev_mod` moved up to
 *   the oldest one left, so a device never holds an ever-growing copy.
 */
import type { FeedItem, FeedResponse } from '@contract/community';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { FeedKey, NewsfeedItemRow } from '../../db/newsfeedRows';

/** The most items of one feed a device keeps between visits. */
export const KEEP_PER_FEED = 100;

export interface FeedMarks {
  /** The newest mark seen; null when nothing was read yet. */
  last_mod: number | null;
  /** Where the kept run ends (ask older items below it); null when it reaches the feed's end. */
  prev_mod: number | null;
  /** Whether the run was ever read from the server (an empty feed read online is still read). */
  read: boolean;
}

const NO_MARKS: FeedMarks = { last_mod: null, prev_mod: null, read: false };

const marksKey = (feed: FeedKey) => `newsfeed:${feed}`;

export async function feedMarks(db: FieldmarkDB, feed: FeedKey): Promise<FeedMarks> {
  const value = (await db.meta.get(marksKey(feed)))?.value;
  if (typeof value !== 'string') return NO_MARKS;
  try {
    const parsed = JSON.parse(value) as Partial<FeedMarks>;
    return {
      last_mod: typeof parsed.last_mod === 'number' ? parsed.last_mod : null,
      prev_mod: typeof parsed.prev_mod === 'number' ? parsed.prev_mod : null,
      read: parsed.read === true,
    };
  } catch {
    return NO_MARKS;
  }
}

function rowsOf(feed: FeedKey, items: readonly FeedItem[], now: number): NewsfeedItemRow[] {
  return items.map((item) => ({ feed, feed_id: item.feed_id, mod: item.mod, kept: now, item }));
}

/** Replaces the feed by its newest page (first read, or a refresh that could not catch up). */
export async function keepNewestPage(
  db: FieldmarkDB,
  feed: FeedKey,
  answer: Pick<FeedResponse, 'items' | 'last_mod' | 'prev_mod'>,
  now = Date.now(),
): Promise<void> {
  await db.transaction('rw', db.newsfeed_items, db.meta, async () => {
    await db.newsfeed_items.where('[feed+mod]').between([feed, -Infinity], [feed, Infinity]).delete();
    await db.newsfeed_items.bulkPut(rowsOf(feed, answer.items, now));
    const marks: FeedMarks = { last_mod: answer.last_mod, prev_mod: answer.prev_mod, read: true };
    await db.meta.put({ key: marksKey(feed), value: JSON.stringify(marks) });
  });
}

/** Adds an older page below the kept run (infinite scroll). */
export async function keepOlderPage(
  db: FieldmarkDB,
  feed: FeedKey,
  answer: Pick<FeedResponse, 'items' | 'prev_mod'>,
  now = Date.now(),
): Promise<void> {
  await db.transaction('rw', db.newsfeed_items, db.meta, async () => {
    const marks = await feedMarks(db, feed);
    await db.newsfeed_items.bulkPut(rowsOf(feed, answer.items, now));
    await db.meta.put({
      key: marksKey(feed),
      value: JSON.stringify({ ...marks, prev_mod: answer.prev_mod }),
    });
  });
}

/** Applies the changes after `last_mod` (oldest first): items replaced, deleted ones removed. */
export async function keepChanges(
  db: FieldmarkDB,
  feed: FeedKey,
  answer: Pick<FeedResponse, 'items' | 'deleted' | 'last_mod'>,
  now = Date.now(),
): Promise<void> {
  await db.transaction('rw', db.newsfeed_items, db.meta, async () => {
    const marks = await feedMarks(db, feed);
    await db.newsfeed_items.bulkDelete(answer.deleted.map((id): [string, string] => [feed, id]));
    await db.newsfeed_items.bulkPut(rowsOf(feed, answer.items, now));
    await db.meta.put({
      key: marksKey(feed),
      value: JSON.stringify({ ...marks, last_mod: answer.last_mod }),
    });
  });
}

/** Trims the feed to its newest `keep` items, moving its end mark up to the oldest one left. */
export async function trimFeed(db: FieldmarkDB, feed: FeedKey, keep = KEEP_PER_FEED): Promise<void> {
  await db.transaction('rw', db.newsfeed_items, db.meta, async () => {
    const range = db.newsfeed_items.where('[feed+mod]').between([feed, -Infinity], [feed, Infinity]);
    const count = await range.count();
    if (count <= keep) return;
    const newest = await range.clone().reverse().limit(keep).toArray();
    const oldestKept = newest.at(-1);
    if (!oldestKept) return;
    await db.newsfeed_items.where('[feed+mod]').between([feed, -Infinity], [feed, oldestKept.mod]).delete();
    const marks = await feedMarks(db, feed);
    await db.meta.put({ key: marksKey(feed), value: JSON.stringify({ ...marks, prev_mod: oldestKept.mod }) });
  });
}

/** The kept items of a feed, newest mark first. */
export async function feedOnDevice(db: FieldmarkDB, feed: FeedKey): Promise<FeedItem[]> {
  const rows = await db.newsfeed_items
    .where('[feed+mod]')
    .between([feed, -Infinity], [feed, Infinity])
    .reverse()
    .toArray();
  return rows.map((row) => row.item);
}

/** One item as kept in any feed (the freshest copy), or undefined. */
export async function itemOnDevice(db: FieldmarkDB, feedId: string): Promise<FeedItem | undefined> {
  const rows = await db.newsfeed_items.where('feed_id').equals(feedId).toArray();
  return rows.sort((a, b) => b.mod - a.mod || b.kept - a.kept)[0]?.item;
}

/** Keeps one item read on its own page into every feed that holds it (a fresher copy). */
export async function keepItem(db: FieldmarkDB, item: FeedItem, now = Date.now()): Promise<void> {
  await db.newsfeed_items
    .where('feed_id')
    .equals(item.feed_id)
    .modify((row) => {
      row.item = item;
      row.mod = item.mod;
      row.kept = now;
    });
}

/** Removes an item from every feed (deleted, or gone from the server). */
export async function forgetItem(db: FieldmarkDB, feedId: string): Promise<void> {
  await db.newsfeed_items.where('feed_id').equals(feedId).delete();
}
