// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { labels } from '../../app/labels';
import { peopleTexts } from '../people/texts';
import { formatMessage, messages } from '@contract/messages';
import { sightingTexts } from '../observations/texts';
import { product } from '@config/product';
import { AppRoutes } from '../../app/router';
import { fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { aSignedInSession } from '../../test/factories';

const wren = {
  user_id: 'u-1',
  firstname: 'Jenny Wren',
  nickname: 'Wren',
  username: 'wren@example.org',
  avatar: null,
  about: 'Hedgerows, mostly.',
  newsletter_subscribed: true,
  stats_visible_to_others: true,
  location_id: 'loc-za',
  location: { id: 'loc-za', name: 'South Africa' },
  created_at: 1_767_225_600, // 2026-01-01
};

const signedIn = aSignedInSession();

describe('the profile page', () => {
  it("shows the signed-in member's own profile from GET users/{id}, with the editor link", async () => {
    const network = fakeNetwork();
    network.on('GET', 'users/u-1', { body: { status: 'success', profile: wren, roles: ['member'] } });
    renderApp(<AppRoutes />, { route: '/profile', network, preloadedState: { session: signedIn } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wren' })).toBeTruthy();
    expect(await screen.findByText('Hedgerows, mostly.')).toBeTruthy();
    expect(screen.getByText('wren@example.org')).toBeTruthy();
    expect(screen.getByText('South Africa')).toBeTruthy();
    expect(screen.getByRole('link', { name: messages.profileEdit }).getAttribute('href')).toBe(
      '/user-profile',
    );
  });

  it("shows another member's public profile to a guest, without private fields or the editor", async () => {
    const network = fakeNetwork();
    const { nickname, avatar, about, created_at } = wren;
    network.on('GET', 'users/u-2', {
      body: { status: 'success', profile: { user_id: 'u-2', nickname, avatar, about, created_at } },
    });
    renderApp(<AppRoutes />, { route: '/profile/u-2', network });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wren' })).toBeTruthy();
    expect(screen.queryByText('wren@example.org')).toBeNull();
    expect(screen.queryByRole('link', { name: messages.profileEdit })).toBeNull();
  });

  it('says plainly that a section is not built yet when the menu asks for it', async () => {
    const network = fakeNetwork();
    network.on('GET', 'users/u-1', { body: { status: 'success', profile: wren } });
    renderApp(<AppRoutes />, {
      route: '/profile?section=places',
      network,
      preloadedState: { session: signedIn },
    });
    expect(
      await screen.findByText(
        formatMessage(messages.profileSectionComingSoon, { section: labels.places, product: product.name }),
      ),
    ).toBeTruthy();
  });

  it("shows the server's reason when the profile cannot be loaded", async () => {
    const network = fakeNetwork();
    network.on('GET', 'users/nobody', { status: 404, body: { status: 'failed', reason: messages.notFound } });
    renderApp(<AppRoutes />, { route: '/profile/nobody', network });
    expect(await screen.findByText(messages.notFound)).toBeTruthy();
  });

  it("shows one's own stats on /profile itself, before GET users/{id} has answered", async () => {
    const network = fakeNetwork();
    // The profile call never answers here: the stats and the header must not wait for it.
    const waiting: FakeNetwork = {
      ...network,
      fetch: (input, init) =>
        String(input instanceof Request ? input.url : input).includes('/users/u-1')
          ? new Promise<Response>(() => {})
          : network.fetch(input, init),
    };
    renderApp(<AppRoutes />, { route: '/profile', network: waiting, preloadedState: { session: signedIn } });
    const stats = await screen.findByRole('region', { name: labels.stats });
    expect(await within(stats).findByText(sightingTexts.statsEmpty)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Wren' })).toBeTruthy();
    expect(screen.queryByText('wren@example.org')).toBeNull();
  });

  it("gives a signed-in member another's follow figures and a follow button that follows", async () => {
    const network = fakeNetwork();
    const { nickname, avatar, about, created_at } = wren;
    let following = false;
    const person = () => ({
      user_id: 'u-2',
      nickname,
      avatar,
      about,
      follower_count: following ? 4 : 3,
      following_count: 7,
      following,
      follows_you: true,
    });
    network.on('GET', 'users/u-2', () => ({
      body: {
        status: 'success',
        profile: { user_id: 'u-2', nickname, avatar, about, created_at },
        person: person(),
      },
    }));
    network.on('PUT', 'users/u-2/follow', () => {
      following = true;
      return { body: { status: 'success', following, follower_count: 4 } };
    });
    renderApp(<AppRoutes />, { route: '/profile/u-2', network, preloadedState: { session: signedIn } });
    expect(await screen.findByText('3 followers')).toBeTruthy();
    expect(screen.getByText('7 following')).toBeTruthy();
    expect(screen.getByText(peopleTexts.followsYou)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: formatMessage(peopleTexts.follow, { nickname }) }));
    expect(await screen.findByText('4 followers')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: formatMessage(peopleTexts.unfollow, { nickname }) }),
    ).toBeTruthy();
    // Members can report another member (issue 18).
    expect(screen.getByRole('button', { name: 'Report this member' })).toBeTruthy();
  });
});
