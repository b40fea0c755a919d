// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { labels } from '@contract/labels';
import { formatMessage, messages } from '@contract/messages';
import { AppRoutes } from '../../app/router';
import { sessionActions } from '../../app/sessionSlice';
import { renderApp } from '../../test/renderApp';
import { MENU_ROWS } from './menuRows';
import { aLoginResponse } from '../../test/factories';

function signIn(store: ReturnType<typeof renderApp>['store']) {
  act(() => {
    store.dispatch(
      sessionActions.loggedIn({
        response: aLoginResponse(),
        username: 'wren@example.org',
        method: 'basic',
      }),
    );
  });
}

async function openMenu() {
  return screen.findByRole('navigation', { name: messages.appMenuLabel });
}

/** The toast host is rendered by the shell and by renderApp, so a toast shows twice here. */
async function toastSaying(text: string) {
  const alerts = await screen.findAllByRole('alert');
  return alerts.find((alert) => alert.textContent.includes(text));
}

describe('the mobile menu', () => {
  it('shows the five slider rows of SPEC §2 with their items in order', async () => {
    renderApp(<AppRoutes />, { route: '/menu' });
    const menu = await openMenu();
    const rows = within(menu).getAllByRole('region');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'Quick',
      'Explore',
      'Personal',
      'Community',
      'More',
    ]);
    const names = rows.map((row) =>
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    );
    expect(names).toEqual([
      [
        'Log Sighting',
        'News',
        'Logbook',
        'Stats',
        'Places',
        'Trips',
        'Friends',
        'Messages',
        'View Sightings',
        'Settings',
      ],
      ['See Local Species', 'Record a Sighting', 'Explore Places'],
      ['My Logbooks', 'Stats', 'Settings', 'Posts', 'Friends', 'Places', 'Sightings'],
      ['News', 'Posts from Friends', 'Find Friends', 'Message Friends', 'Field Guides'],
      ['Terms', 'Privacy', 'Help', 'About', 'Logout'],
    ]);
    expect(MENU_ROWS.map((row) => row.slidesPerView)).toEqual([4.5, 3.5, 3.5, 3.5, 3.5]);
  });

  it('disables the items needing an account for a guest, and says why when one is tapped', async () => {
    renderApp(<AppRoutes />, { route: '/menu' });
    const quick = within(await openMenu()).getByRole('region', { name: labels.rowQuick });
    const logSighting = within(quick).getByRole('button', { name: labels.logSighting });
    expect(logSighting.getAttribute('aria-disabled')).toBe('true');
    expect(within(quick).getByRole('link', { name: labels.news }).getAttribute('href')).toBe('/newsfeed');

    fireEvent.click(logSighting);
    expect(
      await toastSaying(formatMessage(messages.needAccount, { title: labels.logSighting })),
    ).toBeTruthy();
    expect(screen.getByRole('navigation', { name: messages.appMenuLabel })).toBeTruthy();
  });

  it('enables every item for a member', async () => {
    const { store } = renderApp(<AppRoutes />, { route: '/menu' });
    signIn(store);
    const menu = await openMenu();
    expect(within(menu).queryAllByRole('button')).toHaveLength(0);
    const quick = within(menu).getByRole('region', { name: labels.rowQuick });
    expect(within(quick).getByRole('link', { name: labels.logSighting }).getAttribute('href')).toBe(
      '/species-observation',
    );
    const community = within(menu).getByRole('region', { name: labels.rowCommunity });
    expect(within(community).getByRole('link', { name: labels.postsFromFriends }).getAttribute('href')).toBe(
      '/home/newsfeed/people',
    );
  });

  it("asks 'Press back again to exit' on the first back press", async () => {
    window.history.replaceState(null, '', '/menu');
    renderApp(<AppRoutes />, { route: '/menu' });
    await openMenu();
    // happy-dom has no user activation: the guard entry waits for the first tap.
    fireEvent.pointerDown(document.body);
    const entries = window.history.length;
    act(() => {
      window.history.back();
    });
    expect(await toastSaying(messages.pressBackToExit)).toBeTruthy();
    expect(window.history.length).toBe(entries);
  });
});
