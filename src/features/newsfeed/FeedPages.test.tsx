// @vitest-environment happy-dom
/**
 * The newsfeed pages as the app renders them (real store, router, guards, Dexie on
 * fake-indexeddb); only the network is a stand-in. The feed read online is kept and shown again
 * offline with a note; a post written offline is kept in the outbox and shows at once as waiting;
 * one item opens offline from the kept feed.
 */
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FeedItem, FeedResponse } from '@contract/community';
import { product } from '@config/product';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import { newsfeedTexts as texts } from './texts';
import { networkActions } from '../../app/networkSlice';
import { AppRoutes } from '../../app/router';
import { db } from '../../db/db';
import { aSignedInSession } from '../../test/factories';
import { apiCalls, fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { PULL_DISTANCE } from './usePullToRefresh';

const ME = 'u-1'; // aLoginResponse's member
const signedIn = aSignedInSession();

function anItem(id: string, mod: number, overrides: Partial<FeedItem> = {}): FeedItem {
  return {
    feed_id: id,
    type: 'post',
    user_id: 'u-ann',
    author_id: 'u-ann',
    author: { user_id: 'u-ann', nickname: 'Ann', avatar: null },
    group_id: null,
    group: null,
    date: 1_795_355_000,
    mod,
    text: `Post ${id}`,
    photos: [],
    observation: null,
    trip: null,
    hotspot: null,
    ...overrides,
  };
}

const sighting = anItem('s~1', 7, {
  type: 'sighting',
  text: '',
  observation: {
    observation_id: 'obs-1',
    species_id: 'avibase-x',
    taxa: { classification: 'Birds|IOC', group_name: 'Birds', name: 'Ardea herodias' },
    date: 1_795_300_000,
    lifer: false,
    note: 'At the pond, <b>not bold</b>',
    media: [],
    location: { 'USA-3521': 'Washington' },
  },
});

function page(items: FeedItem[], more = false): FeedResponse {
  return {
    status: 'success',
    items,
    deleted: [],
    last_mod: items[0]?.mod ?? 0,
    prev_mod: more ? (items.at(-1)?.mod ?? null) : null,
    more,
  };
}

/** The feed calls a page made (the page also asks for other things, such as an ad). */
const feedCalls = (network: FakeNetwork) =>
  apiCalls(network).filter((call) => call.startsWith('GET newsfeed'));

const noSignal: FakeNetwork = {
  ...fakeNetwork(),
  fetch: () => Promise.reject(new TypeError('Failed to fetch')),
};

beforeAll(async () => {
  await import('./pages'); // lazy: compile it once, outside the tests' waits
  await import('../../app/routes/AppPages');
});

beforeEach(async () => {
  await Promise.all([
    db.outbox.clear(),
    db.photo_uploads.clear(),
    db.newsfeed_items.clear(),
    db.meta.clear(),
    db.species_observations.clear(),
  ]);
});

const feedList = () => within(screen.getByRole('region', { name: texts.feedList }));

describe('the newsfeed', () => {
  it("shows everyone's feed to a guest, text as text, pages older items, and keeps it for offline", async () => {
    const network = fakeNetwork();
    network.on('GET', 'newsfeed', (request) =>
      request.path.includes('prev_mod=7')
        ? { body: page([anItem('p-old', 3)]) }
        : { body: page([anItem('p-new', 9), sighting], true) },
    );
    const { store } = renderApp(<AppRoutes />, { route: '/newsfeed', network });

    expect(await screen.findByRole('heading', { level: 1, name: labels.newsfeed })).toBeTruthy();
    expect(await feedList().findByText('Post p-new')).toBeTruthy();
    expect(feedList().getByText('At the pond, <b>not bold</b>')).toBeTruthy();
    expect(feedList().getByRole('heading', { name: 'Ann saw Ardea herodias' })).toBeTruthy();
    expect(screen.getByText(texts.composerSignIn)).toBeTruthy();
    expect(screen.queryByLabelText(texts.composerText)).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: texts.loadOlder }));
    expect(await feedList().findByText('Post p-old')).toBeTruthy();
    expect(await screen.findByText(texts.end)).toBeTruthy();
    expect(feedCalls(network)).toEqual(['GET newsfeed?limit=20', 'GET newsfeed?limit=20&prev_mod=7']);

    act(() => {
      store.dispatch(networkActions.wentOffline());
    });
    expect(await screen.findByText(texts.offlineNote)).toBeTruthy();
    expect(feedList().getAllByRole('article')).toHaveLength(3);
  });

  it('refreshes on a pull down from the top of the page (touch): only what changed is asked', async () => {
    const network = fakeNetwork();
    network.on('GET', 'newsfeed', (request) =>
      request.path.includes('last_mod=9')
        ? { body: { ...page([anItem('p-newer', 12)]), last_mod: 12 } }
        : { body: page([anItem('p-new', 9)]) },
    );
    renderApp(<AppRoutes />, { route: '/newsfeed', network });
    expect(await screen.findByRole('heading', { level: 1, name: labels.newsfeed })).toBeTruthy();
    expect(await feedList().findByText('Post p-new')).toBeTruthy();

    fireEvent.touchStart(window, { touches: [{ clientY: 10 }] });
    fireEvent.touchMove(window, { touches: [{ clientY: 10 + PULL_DISTANCE / 2 }] });
    fireEvent.touchEnd(window, { touches: [] });
    fireEvent.touchStart(window, { touches: [{ clientY: 10 }] });
    fireEvent.touchMove(window, { touches: [{ clientY: 10 + PULL_DISTANCE }] });
    fireEvent.touchEnd(window, { touches: [] });

    expect(await feedList().findByText('Post p-newer')).toBeTruthy();
    expect(feedCalls(network)).toEqual(['GET newsfeed?limit=20', 'GET newsfeed?limit=100&last_mod=9']);
  });

  it('offline on a fresh device says nothing is kept yet', async () => {
    renderApp(<AppRoutes />, {
      route: '/home',
      network: noSignal,
      preloadedState: { network: { isOnline: false } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: labels.newsfeed })).toBeTruthy();
    expect(await screen.findByText(texts.emptyOffline)).toBeTruthy();
    expect(screen.getByText(texts.offlineNote)).toBeTruthy();
  });

  it("Posts from Friends asks for the member's followed feed; a post written offline waits at the top", async () => {
    const network = fakeNetwork();
    network.on('GET', 'newsfeed', { body: page([anItem('p-1', 4)]) });
    const { store } = renderApp(<AppRoutes />, {
      route: '/home/newsfeed/people',
      network,
      preloadedState: { session: signedIn },
    });
    expect(await screen.findByRole('heading', { level: 1, name: labels.postsFromFriends })).toBeTruthy();
    expect(await feedList().findByText('Post p-1')).toBeTruthy();
    expect(feedCalls(network)).toEqual(['GET newsfeed?limit=20&include_following=true']);

    act(() => {
      store.dispatch(networkActions.wentOffline());
    });
    fireEvent.click(screen.getByRole('button', { name: texts.composerSubmit }));
    expect(await screen.findByText(texts.composerEmpty)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(texts.composerText), { target: { value: '  Two herons!  ' } });
    fireEvent.click(screen.getByRole('button', { name: texts.composerSubmit }));

    expect(await feedList().findByText('Two herons!')).toBeTruthy();
    expect(feedList().getByText(texts.postWaiting)).toBeTruthy();
    expect((await screen.findAllByText(messages.storedLocally)).length).toBeGreaterThan(0);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ type: 'PUT', user_id: ME, data: { text: 'Two herons!', photos: [] } });
    expect(row?.url).toMatch(/^newsfeed\/[0-9a-f-]{36}$/);
  });

  it("links one of the member's public sightings to a post", async () => {
    await db.species_observations.put({
      id: 'obs-9',
      rev: '1_dev',
      observation_id: 'obs-9',
      user_id: ME,
      species_id: 'avibase-x',
      taxa: { classification: 'Birds|IOC', group_name: 'Birds', name: 'Ardea herodias' },
      coordinate: null,
      coordinate_hidden: true,
      date: 1_795_000_000,
      public: true,
      lifer: false,
      note: '',
      media: [],
      trips: [],
    });
    renderApp(<AppRoutes />, {
      route: '/newsfeed',
      network: noSignal,
      preloadedState: { session: signedIn, network: { isOnline: false } },
    });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: texts.composerSighting }));
    fireEvent.click(await screen.findByRole('option', { name: /^Ardea herodias/ }));
    fireEvent.click(screen.getByRole('button', { name: texts.composerSubmit }));

    await waitFor(async () => {
      expect(await db.outbox.count()).toBe(1);
    });
    const [row] = await db.outbox.toArray();
    expect(row?.data).toEqual({ text: '', photos: [], observation_id: 'obs-9' });
  });

  it('asks a guest to sign in for Posts from Friends', async () => {
    renderApp(<AppRoutes />, { route: '/home/newsfeed/people' });
    expect(await screen.findByText(texts.followingSignIn)).toBeTruthy();
  });

  it('sends an address /home does not know to the start page', async () => {
    renderApp(<AppRoutes />, { route: '/home/elsewhere' });
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeTruthy();
    expect(screen.queryByRole('tablist', { name: texts.tabs })).toBeNull();
  });
});

describe('one newsfeed item', () => {
  it('opens offline from the kept feed, without likes or comments for an item without a photo', async () => {
    await db.newsfeed_items.put({ feed: 'all', feed_id: 'p-9', mod: 9, kept: 1, item: anItem('p-9', 9) });
    renderApp(<AppRoutes />, {
      route: '/newsfeed-item/p-9',
      network: noSignal,
      preloadedState: { network: { isOnline: false } },
    });
    expect(await screen.findByText('Post p-9')).toBeTruthy();
    expect(screen.getByText(texts.noDiscussion)).toBeTruthy();
    expect(screen.getByText(texts.offlineNote)).toBeTruthy();
  });

  it('lets the author edit their post offline: the new text waits, and shows after a reload', async () => {
    const mine = anItem('p-7', 7, {
      user_id: ME,
      author_id: ME,
      author: { user_id: ME, nickname: 'Wren', avatar: null },
    });
    await db.newsfeed_items.put({ feed: 'all', feed_id: 'p-7', mod: 7, kept: 1, item: mine });
    const offline = { session: signedIn, network: { isOnline: false } };
    renderApp(<AppRoutes />, { route: '/newsfeed-item/p-7', network: noSignal, preloadedState: offline });
    fireEvent.click(await screen.findByRole('button', { name: texts.editPost }));
    const editor = screen.getByRole('form', { name: texts.editPost });
    fireEvent.change(within(editor).getByRole('textbox', { name: texts.editText }), {
      target: { value: '' },
    });
    fireEvent.click(within(editor).getByRole('button', { name: texts.editSave }));
    expect(await within(editor).findByText(texts.composerEmpty)).toBeTruthy();
    fireEvent.change(within(editor).getByRole('textbox', { name: texts.editText }), {
      target: { value: '  Two herons, not one  ' },
    });
    fireEvent.click(within(editor).getByRole('button', { name: texts.editSave }));
    expect(await screen.findByText(texts.editWaiting)).toBeTruthy();
    const [row] = await db.outbox.toArray();
    expect([row?.type, row?.url, row?.data]).toEqual([
      'PUT',
      'newsfeed/p-7',
      { text: 'Two herons, not one' },
    ]);

    cleanup();
    renderApp(<AppRoutes />, { route: '/newsfeed', network: noSignal, preloadedState: offline });
    const card = (await screen.findByText(texts.editWaiting)).closest('article');
    expect(card?.textContent).toContain('Two herons, not one');
    expect(card?.textContent).not.toContain('Post p-7');
    // An edit is not a new post: nothing waits at the top of the feed.
    expect(screen.queryByText(texts.postWaiting)).toBeNull();
  });

  it('says so offline when the item is not kept, and when the server has it no more', async () => {
    renderApp(<AppRoutes />, {
      route: '/newsfeed-item/p-unknown',
      network: noSignal,
      preloadedState: { network: { isOnline: false } },
    });
    expect(await screen.findByText(texts.itemNotKept)).toBeTruthy();
  });

  it('shows a gone item as gone online and forgets the kept copy', async () => {
    await db.newsfeed_items.put({ feed: 'all', feed_id: 'p-9', mod: 9, kept: 1, item: anItem('p-9', 9) });
    const network = fakeNetwork();
    network.on('GET', 'newsfeed/all/p-9', {
      status: 404,
      body: { status: 'failed', reason: messages.feedItemNotFound },
    });
    renderApp(<AppRoutes />, { route: '/newsfeed-item/p-9', network });
    expect(await screen.findByText(texts.itemGone)).toBeTruthy();
    await waitFor(async () => {
      expect(await db.newsfeed_items.count()).toBe(0);
    });
  });
});
