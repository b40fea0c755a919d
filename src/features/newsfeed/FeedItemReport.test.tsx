// @vitest-environment happy-dom
/**
 * The Report action on feed items (issue 18): another member's post is reported as a post (its
 * feed id), a sighting or lifer as the sighting it shows; never one's own item, nor a guest.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FeedItem } from '@contract/community';
import { reportActionTexts } from '../reports/texts';
import { db } from '../../db/db';
import { aSignedInSession } from '../../test/factories';
import { fakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { FeedItemCard } from './FeedItemCard';

const session = aSignedInSession();
const ME = session.user?.user_id ?? '';

function anItem(overrides: Partial<FeedItem>): FeedItem {
  return {
    feed_id: 'p-1',
    type: 'post',
    user_id: 'u-ann',
    author_id: 'u-ann',
    author: { user_id: 'u-ann', nickname: 'Ann', avatar: null },
    group_id: null,
    group: null,
    date: 1_795_355_000,
    mod: 1,
    text: 'Herons at dawn',
    photos: [],
    observation: null,
    trip: null,
    hotspot: null,
    ...overrides,
  };
}

const sightingOf = (type: 'sighting' | 'lifer') =>
  anItem({
    feed_id: `${type}~1`,
    type,
    text: '',
    observation: {
      observation_id: 'obs-1',
      species_id: 'avibase-x',
      taxa: { classification: 'Birds|IOC', group_name: 'Birds', name: 'Ardea herodias' },
      date: 1_795_300_000,
      lifer: type === 'lifer',
      note: '',
      media: [],
      location: {},
    },
  });

beforeEach(async () => {
  await db.outbox.clear();
});

function renderCard(item: FeedItem, guest = false) {
  const network = fakeNetwork();
  network.on('POST', 'report_issue/create', { body: { status: 'success', created: true } });
  renderApp(<FeedItemCard item={item} />, { network, ...(guest ? {} : { preloadedState: { session } }) });
  return network;
}

async function report(what: string) {
  fireEvent.click(screen.getByRole('button', { name: `Report this ${what}` }));
  const dialog = await screen.findByRole('dialog', { name: `Report this ${what}` });
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
  fireEvent.click(within(dialog).getByRole('button', { name: reportActionTexts.send }));
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).toBeNull();
  });
}

describe('the Report action on feed items', () => {
  it("reports another member's post by its feed id", async () => {
    const network = renderCard(anItem({}));
    await report('post');
    expect(network.sent.find((request) => request.path === 'report_issue/create')?.body).toEqual({
      section: 'post',
      id: 'p-1',
      user_id: ME,
      category: 'spam',
      description: '',
    });
  });

  it.each(['sighting', 'lifer'] as const)('reports the sighting a %s item shows', async (type) => {
    const network = renderCard(sightingOf(type));
    await report('sighting');
    expect(network.sent.find((request) => request.path === 'report_issue/create')?.body).toMatchObject({
      section: 'observation',
      id: 'obs-1',
    });
  });

  it('is offered neither on one’s own items, nor to a guest, nor on a group join', () => {
    renderCard(
      anItem({ author_id: ME, user_id: ME, author: { user_id: ME, nickname: 'Wren', avatar: null } }),
    );
    expect(screen.queryByRole('button', { name: /^Report this/ })).toBeNull();
    cleanup();
    renderCard(anItem({}), true);
    expect(screen.queryByRole('button', { name: /^Report this/ })).toBeNull();
    cleanup();
    renderCard(anItem({ type: 'group_member', text: '' }));
    expect(screen.queryByRole('button', { name: /^Report this/ })).toBeNull();
  });
});
