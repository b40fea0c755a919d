// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { configActions, defaultConfig } from '../../app/configSlice';
import { ADMIN_MENU, PRIMARY_MENU, USEFUL_MENU, USER_MENU, visibleItems } from '../../app/shell/menus';
import { AppRoutes } from '../../app/router';
import { sessionActions } from '../../app/sessionSlice';
import { renderApp } from '../../test/renderApp';
import { MENU_ROWS } from './menuRows';
import { aLoginResponse, aSignedInSession } from '../../test/factories';
import { present } from '../../test/present';

function signIn(store: ReturnType<typeof renderApp>['store']) {
  act(() => {
    // The config notice is not what these tests are about (src/app/shell/Shell.test.tsx).
    store.dispatch(
      configActions.restored({
        ...defaultConfig,
        settings: { ...defaultConfig.settings, show_config_notice: false },
      }),
    );
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
  it('shows the five slider rows of SPEC §2 with their items in order, and no Administration row', async () => {
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
      // Global Map and Profile are not in SPEC §2's rows: a phone has no side menu to reach them.
      ['See Local Species', 'Record a Sighting', 'Explore Places', 'Global Map'],
      ['Profile', 'My Logbooks', 'Stats', 'Settings', 'Posts', 'Friends', 'Places', 'Sightings'],
      ['News', 'Posts from Friends', 'Find Friends', 'Message Friends', 'Field Guides'],
      ['Terms', 'Privacy', 'Help', 'About', 'Logout'],
    ]);
    expect(MENU_ROWS.map((row) => row.slidesPerView)).toEqual([4.5, 3.5, 3.5, 3.5, 3.5]);
    expect(within(menu).queryByRole('region', { name: labels.menuAdministration })).toBeNull();
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
    for (const row of within(menu).getAllByRole('region')) {
      expect(within(row).queryAllByRole('button')).toHaveLength(0);
    }
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

describe('the mobile menu on a phone, where there is no side menu', () => {
  function signedInAs(roles: string[], permissions: Record<string, ('r' | 'c')[]> = {}) {
    const session = aSignedInSession();
    return { session: { ...session, user: { ...present(session.user), roles, permissions } } };
  }

  it('leads an admin to every item of the desktop side menu, the account part included', async () => {
    const { store } = renderApp(<AppRoutes />, {
      route: '/menu',
      preloadedState: signedInAs(['member', 'admin']),
    });
    const menu = await openMenu();
    const hrefs = new Set(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    );
    const user = store.getState().session.user;
    for (const group of [PRIMARY_MENU, USER_MENU, USEFUL_MENU, ADMIN_MENU]) {
      for (const item of visibleItems(group, user)) expect(hrefs, item.label).toContain(item.to);
    }
    const admin = within(menu).getByRole('region', { name: labels.menuAdministration });
    expect(within(admin).getAllByRole('link')).toHaveLength(ADMIN_MENU.items.length);
    // The side menu's top: the avatar and nickname to the profile, messages, share the app.
    expect(within(menu).getByRole('link', { name: 'Wren' }).getAttribute('href')).toBe('/profile');
    expect(within(menu).getByRole('link', { name: messages.unreadMessages }).getAttribute('href')).toBe(
      '/chat-sessions',
    );
    fireEvent.click(within(menu).getByRole('button', { name: messages.shareApp }));
    expect(store.getState().ui.modals.at(-1)?.name).toBe('share');
  });

  it('shows a holder of admin:r the admin items their permissions allow', async () => {
    renderApp(<AppRoutes />, {
      route: '/menu',
      preloadedState: signedInAs(['member'], { admin: ['r'], 'admin-users': ['r'] }),
    });
    const admin = within(await openMenu()).getByRole('region', { name: labels.menuAdministration });
    expect(
      within(admin)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      labels.locations,
      labels.places,
      labels.fieldGuides,
      labels.users,
      labels.issueReports,
      labels.ebooks,
      labels.merchantProducts,
    ]);
  });

  it('offers a guest the Sign Up prompt and Share the app at the top', async () => {
    const { store } = renderApp(<AppRoutes />, { route: '/menu' });
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole('button', { name: messages.signUp }));
    expect(store.getState().ui.modals.at(-1)?.name).toBe('register');
    expect(within(menu).getByRole('button', { name: messages.shareApp })).toBeTruthy();
  });
});
