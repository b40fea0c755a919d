// @vitest-environment happy-dom
/**
 * The cards of the items the server writes (issue 16), in the shared feed list: a lifer, a new
 * group member linking to the group, and a trip summary with its dates, counts and photos, linking
 * to the trip for its author only (a trip's page reads the member's own trips). All of them read
 * offline from the kept feed like posts.
 */
import 'fake-indexeddb/auto';
import { act, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FeedItem, FeedResponse } from '@contract/community';
import { newsfeedTexts as texts } from './texts';
import { networkActions } from '../../app/networkSlice';
import { AppRoutes } from '../../app/router';
import { db } from '../../db/db';
import { formatDayRange } from '../../lib/dateText';
import { aSignedInSession } from '../../test/factories';
import { fakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';

const ME = 'u-1'; // aLoginResponse's member
const START = 1_795_000_000;
const END = START + 2 * 86_400;

function anItem(id: string, mod: number, overrides: Partial<FeedItem>): FeedItem {
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
    text: '',
    photos: [],
    observation: null,
    trip: null,
    hotspot: null,
    ...overrides,
  };
}

const tripOf = (id: string, name: string) => ({ trip_id: id, name, date_start: START, date_end: END });

const items: FeedItem[] = [
  anItem('t~mine', 9, {
    type: 'trip_summary',
    user_id: ME,
    author_id: ME,
    author: { user_id: ME, nickname: 'Wren', avatar: null },
    trip: tripOf('trip-1', 'Yakima canyon'),
    trip_summary: { sightings: 1, species: 1 },
  }),
  anItem('t~ann', 8, {
    type: 'trip_summary',
    trip: tripOf('trip-2', 'Coast weekend'),
    trip_summary: { sightings: 12, species: 7 },
    photos: [
      { media_id: 'm-1', path: '/media/m-1/original.jpg', thumbnail: '/media/m-1/thumbnail.webp' },
      { media_id: 'm-2', path: '/media/m-2/original.jpg', thumbnail: '/media/m-2/thumbnail.webp' },
    ],
  }),
  anItem('j~1', 7, { type: 'group_member', group_id: 'g-1', group: { group_id: 'g-1', title: 'Herons' } }),
  anItem('s~1', 6, {
    type: 'lifer',
    observation: {
      observation_id: 'obs-1',
      species_id: 'avibase-x',
      taxa: { classification: 'Birds|IOC', group_name: 'Birds', name: 'Ardea herodias' },
      date: 1_795_300_000,
      lifer: true,
      note: 'First one!',
      media: [],
      location: {},
    },
  }),
];

const page: FeedResponse = {
  status: 'success',
  items,
  deleted: [],
  last_mod: 9,
  prev_mod: null,
  more: false,
};

beforeAll(async () => {
  await import('./pages'); // lazy: compile it once, outside the tests' waits
  await import('../../app/routes/AppPages');
});

beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.newsfeed_items.clear(), db.meta.clear()]);
});

/** Intl's date ranges hold thin spaces: compare the text as it is. */
const raw = { normalizer: (text: string) => text };

const card = (heading: string) => {
  const article = screen.getByRole('heading', { name: heading }).closest('article');
  if (!(article instanceof HTMLElement)) throw new Error(`no card for ${heading}`);
  return within(article);
};

function expectCards() {
  const mine = card('Wren went on the trip Yakima canyon');
  expect(mine.getByText(`${formatDayRange(START, END)} · 1 public sighting · 1 species`, raw)).toBeTruthy();
  expect(mine.getByRole('link', { name: texts.openTrip }).getAttribute('href')).toBe('/trips-details/trip-1');

  const anns = card('Ann went on the trip Coast weekend');
  expect(anns.getByText(`${formatDayRange(START, END)} · 12 public sightings · 7 species`, raw)).toBeTruthy();
  expect(anns.getAllByRole('img', { name: 'Photo by Ann' }).map((img) => img.getAttribute('src'))).toEqual([
    '/media/m-1/thumbnail.webp',
    '/media/m-2/thumbnail.webp',
  ]);
  // Another member's trip is not on this device: the card opens the item, not the trip.
  expect(anns.queryByRole('link', { name: texts.openTrip })).toBeNull();
  expect(anns.queryByText('on the trip Coast weekend')).toBeNull();

  const joined = card('Ann joined the group Herons');
  expect(joined.getByRole('link', { name: 'Open the group Herons' }).getAttribute('href')).toBe(
    '/group-profile/g-1',
  );

  const lifer = card('Ann saw a lifer: Ardea herodias');
  expect(lifer.getByText('First one!')).toBeTruthy();
}

describe('the cards of trip summaries, lifers and new group members', () => {
  it('show what each item is with its links, online and offline from the kept feed', async () => {
    const network = fakeNetwork();
    network.on('GET', 'newsfeed', { body: page });
    const { store } = renderApp(<AppRoutes />, {
      route: '/newsfeed',
      network,
      preloadedState: { session: aSignedInSession() },
    });
    expect(await screen.findByRole('heading', { name: 'Ann saw a lifer: Ardea herodias' })).toBeTruthy();
    expectCards();

    act(() => {
      store.dispatch(networkActions.wentOffline());
    });
    expect(await screen.findByText(texts.offlineNote)).toBeTruthy();
    expectCards();
    expect(await db.newsfeed_items.count()).toBeGreaterThanOrEqual(4);
  });
});
