// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Person } from '@contract/community';
import { labels } from '../../app/labels';
import { imageViewTexts } from '../media/texts';
import { formatMessage, messages } from '@contract/messages';
import { peopleTexts as texts } from './texts';
import { networkActions } from '../../app/networkSlice';
import { AppRoutes } from '../../app/router';
import { db } from '../../db/db';
import { aSignedInSession } from '../../test/factories';
import { fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';

const signedIn = aSignedInSession();

function aPerson(id: string, nickname: string, extra: Partial<Person> = {}): Person {
  return {
    user_id: id,
    nickname,
    avatar: null,
    about: '',
    follower_count: 0,
    following_count: 0,
    following: false,
    follows_you: false,
    ...extra,
  };
}

/** The server's follow state for u-1 → u-2, answered by every people call as the server would. */
function peopleNetwork(): FakeNetwork & { follows: () => boolean } {
  const network = fakeNetwork();
  let following = false;
  const heron = () =>
    aPerson('u-2', 'Heron', { following, follower_count: following ? 1 : 0, about: 'Waders.' });
  network.on('GET', 'users/u-1/following', () => ({
    body: { status: 'success', users: following ? [heron()] : [], count: following ? 1 : 0 },
  }));
  network.on('GET', 'users/u-1/follow', () => ({
    body: { status: 'success', users: [aPerson('u-3', 'Stork', { follows_you: true })], count: 1 },
  }));
  network.on('GET', 'users', () => ({ body: { status: 'success', users: [heron()], count: 1 } }));
  network.on('POST', 'users/recommendation', () => ({
    body: {
      status: 'success',
      users: following ? [] : [{ ...heron(), mutual: 2, shared_groups: 0, nearby: 5, sightings: 9 }],
    },
  }));
  network.on('PUT', 'users/u-2/follow', (request) => {
    following = (request.body as { follow: boolean }).follow;
    return { body: { status: 'success', following, follower_count: following ? 1 : 0 } };
  });
  return Object.assign(network, { follows: () => following });
}

describe('the Friends page', () => {
  it('recommends people with the reasons, follows one, and then lists them under Following', async () => {
    const network = peopleNetwork();
    renderApp(<AppRoutes />, { route: '/people/find', network, preloadedState: { session: signedIn } });
    const list = await screen.findByRole('list', { name: texts.recommended });
    expect(within(list).getByRole('link', { name: 'Heron' }).getAttribute('href')).toBe('/profile/u-2');
    expect(within(list).getByText(/Followed by 2 you follow · 5 sightings in your region/)).toBeTruthy();
    fireEvent.click(
      within(list).getByRole('button', { name: formatMessage(texts.follow, { nickname: 'Heron' }) }),
    );
    await waitFor(() => {
      expect(network.follows()).toBe(true);
    });
    expect(network.sent.find((r) => r.method === 'PUT')?.body).toEqual({ follow: true });

    fireEvent.click(screen.getByRole('tab', { name: texts.following }));
    const following = await screen.findByRole('list', { name: texts.following });
    expect(within(following).getByText('Waders.')).toBeTruthy();
    fireEvent.click(
      within(following).getByRole('button', { name: formatMessage(texts.unfollow, { nickname: 'Heron' }) }),
    );
    await waitFor(() => {
      expect(network.follows()).toBe(false);
    });
    expect(await screen.findByText(texts.noFollowing)).toBeTruthy();
  });

  it('lists followers with "Follows you", and searches members by nickname', async () => {
    const network = peopleNetwork();
    renderApp(<AppRoutes />, { route: '/people/followers', network, preloadedState: { session: signedIn } });
    const followers = await screen.findByRole('list', { name: texts.followers });
    expect(within(followers).getByText(texts.followsYou)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: texts.find }));
    fireEvent.change(await screen.findByRole('searchbox', { name: texts.searchPeople }), {
      target: { value: 'her' },
    });
    await screen.findByRole('list', { name: texts.find });
    // The list is there before the typed search goes out (it is debounced): wait for the request.
    await waitFor(() => {
      expect(network.sent.some((r) => r.method === 'GET' && r.path.startsWith('users?search=her'))).toBe(
        true,
      );
    });
  });

  it('keeps a follow made after the signal went in the outbox, shown at once as waiting', async () => {
    const network = peopleNetwork();
    const { store } = renderApp(<AppRoutes />, {
      route: '/people/find',
      network,
      preloadedState: { session: signedIn },
    });
    const list = await screen.findByRole('list', { name: texts.recommended });
    act(() => {
      store.dispatch(networkActions.wentOffline());
    });
    fireEvent.click(
      within(list).getByRole('button', { name: formatMessage(texts.follow, { nickname: 'Heron' }) }),
    );
    expect(
      await within(list).findByRole('button', { name: formatMessage(texts.unfollow, { nickname: 'Heron' }) }),
    ).toBeTruthy();
    expect(within(list).getByText(imageViewTexts.imageViewWaiting)).toBeTruthy();
    const rows = await db.outbox.toArray();
    expect(rows).toMatchObject([
      { url: 'users/u-2/follow', type: 'PUT', data: { follow: true }, user_id: 'u-1' },
    ]);
    expect(network.sent.some((r) => r.method === 'PUT')).toBe(false);
    await db.outbox.clear();
  });

  it('shows the offline message offline and asks nothing of the server', async () => {
    const network = peopleNetwork();
    renderApp(<AppRoutes />, {
      route: '/people',
      network,
      preloadedState: { session: signedIn, network: { isOnline: false } },
    });
    await screen.findByRole('heading', { level: 1, name: labels.friends });
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent === messages.offline)).toBe(true);
    expect(network.sent.filter((r) => r.path.startsWith('users'))).toEqual([]);
  });

  it('refuses a guest with the need-an-account message (SPEC §6: guests cannot use friends)', async () => {
    const network = peopleNetwork();
    const { store } = renderApp(<AppRoutes />, { route: '/people', network });
    const refusal = formatMessage(messages.needAccount, { title: labels.friends });
    await waitFor(() => {
      expect(store.getState().ui.toast?.message).toBe(refusal);
    });
    expect(screen.queryByRole('heading', { level: 1, name: labels.friends })).toBeNull();
    expect(network.sent.filter((r) => r.path.startsWith('users'))).toEqual([]);
  });
});
