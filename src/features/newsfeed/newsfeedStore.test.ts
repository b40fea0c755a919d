/**
 * The kept feed on a real Dexie (fake-indexeddb): one unbroken run from the newest item down,
 * trimmed to its newest items with its end mark moved up, changes applied, feeds kept apart.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '@contract/community';
import { freshDatabases } from '../../db/testDatabases';
import {
  feedMarks,
  feedOnDevice,
  forgetItem,
  itemOnDevice,
  keepChanges,
  keepNewestPage,
  keepOlderPage,
  trimFeed,
} from './newsfeedStore';

const openDb = freshDatabases('newsfeed-store');

const anItem = (id: string, mod: number) => ({ feed_id: id, mod, text: id }) as FeedItem;
const ids = (items: FeedItem[]) => items.map((item) => item.feed_id);

describe('the kept newsfeed', () => {
  it('keeps pages as one run, newest first, and applies changes after last_mod', async () => {
    const db = await openDb();
    await keepNewestPage(db, 'all', {
      items: [anItem('c', 30), anItem('b', 20)],
      last_mod: 30,
      prev_mod: 20,
    });
    await keepOlderPage(db, 'all', { items: [anItem('a', 10)], prev_mod: null });
    expect(ids(await feedOnDevice(db, 'all'))).toEqual(['c', 'b', 'a']);
    expect(await feedMarks(db, 'all')).toEqual({ last_mod: 30, prev_mod: null, read: true });

    // 'b' edited (a new mark: it moves up), 'a' deleted, 'd' new.
    await keepChanges(db, 'all', { items: [anItem('b', 31), anItem('d', 32)], deleted: ['a'], last_mod: 32 });
    expect(ids(await feedOnDevice(db, 'all'))).toEqual(['d', 'b', 'c']);
    expect((await feedMarks(db, 'all')).last_mod).toBe(32);

    // Another feed is apart; one item is found in any feed and forgotten in all.
    await keepNewestPage(db, 'following:u-1', { items: [anItem('c', 30)], last_mod: 30, prev_mod: null });
    expect((await itemOnDevice(db, 'c'))?.feed_id).toBe('c');
    await forgetItem(db, 'c');
    expect(await itemOnDevice(db, 'c')).toBeUndefined();
    expect(ids(await feedOnDevice(db, 'all'))).toEqual(['d', 'b']);
    expect(await feedOnDevice(db, 'following:u-1')).toEqual([]);
  });

  it('trims a feed to its newest items and moves its end mark up to the oldest one left', async () => {
    const db = await openDb();
    const items = [50, 40, 30, 20, 10].map((mod) => anItem(`p${mod}`, mod));
    await keepNewestPage(db, 'all', { items, last_mod: 50, prev_mod: null });
    await trimFeed(db, 'all', 3);
    expect(ids(await feedOnDevice(db, 'all'))).toEqual(['p50', 'p40', 'p30']);
    expect(await feedMarks(db, 'all')).toEqual({ last_mod: 50, prev_mod: 30, read: true });
    await trimFeed(db, 'all', 3);
    expect(ids(await feedOnDevice(db, 'all'))).toEqual(['p50', 'p40', 'p30']);
  });

  it('answers no marks for a feed never read', async () => {
    const db = await openDb();
    expect(await feedMarks(db, 'all')).toEqual({ last_mod: null, prev_mod: null, read: false });
  });
});
