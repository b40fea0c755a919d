// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { labels } from '../labels';
import { logbookTexts } from '@contract/logbookTexts';
import { formatMessage, messages } from '@contract/messages';
import type { Permissions } from '@contract/permissions';
import { product } from '@config/product';
import { aLoginResponse, aSignedInSession } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { configActions, defaultConfig } from '../configSlice';
import { AppRoutes } from '../router';
import { sessionActions } from '../sessionSlice';
import type { AppStore } from '../store';

const loginAnswer = aLoginResponse();
const usa = { location_id: 'USA', name: 'United States of America', parent_location: [] };

/** A device whose member already dealt with the config notice: a sign-in opens nothing. */
function noticeDone(store: AppStore) {
  act(() => {
    store.dispatch(
      configActions.restored({
        ...defaultConfig,
        location: usa,
        settings: { ...defaultConfig.settings, show_config_notice: false },
      }),
    );
  });
}

describe('the shell', () => {
  it('shows the product name and, signed out, Sign In and Sign Up', async () => {
    renderApp(<AppRoutes />);
    const banner = screen.getByRole('banner');
    expect(banner.textContent).toContain(product.name);
    expect(within(banner).getByRole('button', { name: messages.signIn })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: messages.signUp })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeTruthy();
  });

  it('opens Login from Sign In and Register from Sign Up', async () => {
    renderApp(<AppRoutes />);
    const banner = screen.getByRole('banner');
    fireEvent.click(within(banner).getByRole('button', { name: messages.signIn }));
    fireEvent.click(await screen.findByRole('button', { name: messages.close }));
    fireEvent.click(within(banner).getByRole('button', { name: messages.signUp }));
    expect(await screen.findByRole('dialog', { name: messages.registerTitle })).toBeTruthy();
  });

  it('refreshes on the login and logout events: avatar and nickname, Logout, then Sign In again', () => {
    const { store } = renderApp(<AppRoutes />);
    noticeDone(store);
    act(() => {
      store.dispatch(
        sessionActions.loggedIn({ response: loginAnswer, username: 'wren@example.org', method: 'basic' }),
      );
    });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Wren')).toBeTruthy();
    // The avatar opens the profile; on a phone it is all the bar shows of the member.
    expect(within(banner).getByRole('link', { name: 'Wren' }).getAttribute('href')).toBe('/profile');
    expect(within(banner).getByRole('link', { name: messages.logout }).getAttribute('href')).toBe('/logout');
    expect(within(banner).queryByRole('button', { name: messages.signIn })).toBeNull();

    act(() => {
      store.dispatch(sessionActions.loggedOut());
    });
    expect(within(banner).getByRole('button', { name: messages.signIn })).toBeTruthy();
  });

  it('sends unknown paths to the welcome page', async () => {
    renderApp(<AppRoutes />, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeTruthy();
  });

  it('answers a content page the server does not have with "page not found"', async () => {
    // The stand-in network answers 404 to anything it was not told about.
    renderApp(<AppRoutes />, { route: '/general-content-page/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: messages.pageNotFoundTitle })).toBeTruthy();
  });

  it('opens Reset Password when the mailed link is followed', async () => {
    renderApp(<AppRoutes />, { route: '/?action=forgotpassword&rid=abc' });
    const dialog = await screen.findByRole('dialog', { name: messages.resetTitle });
    expect(within(dialog).getByLabelText(messages.fieldResetPin)).toBeTruthy();
  });
});

function signIn(store: AppStore, roles: string[] = ['member'], permissions: Permissions = {}) {
  noticeDone(store);
  act(() => {
    store.dispatch(
      sessionActions.loggedIn({
        response: { ...loginAnswer, roles, permissions },
        username: 'wren@example.org',
        method: 'basic',
      }),
    );
  });
}

/** The toast host is rendered by the shell and by renderApp, so a toast shows twice here. */
async function toastSaying(text: string) {
  const alerts = await screen.findAllByRole('alert');
  return alerts.find((alert) => alert.textContent.includes(text));
}

const sideMenu = () => screen.getByRole('navigation', { name: messages.sideMenuLabel });

describe('the side menu (wide screens)', () => {
  it('sits beside the page for guests, with the Sign Up prompt and no signed-in items', async () => {
    renderApp(<AppRoutes />, { route: '/species' });
    const menu = await screen.findByRole('navigation', { name: messages.sideMenuLabel });
    expect(within(menu).getByText(messages.signUpPrompt)).toBeTruthy();
    expect(within(menu).getByRole('button', { name: messages.signUp })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: messages.shareApp })).toBeTruthy();
    const primary = within(menu).getByRole('list', { name: labels.menuPrimary });
    expect(within(primary).getByRole('link', { name: labels.species }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(primary).queryByRole('link', { name: labels.friendsAndGroups })).toBeNull();
    expect(within(menu).queryByRole('link', { name: labels.logout })).toBeNull();
    expect(within(menu).queryByRole('list', { name: labels.menuAdministration })).toBeNull();
    expect(screen.queryByRole('link', { name: messages.openMenu })).toBeNull();
  });

  it.each(['/', '/cart', '/checkout', '/payment', '/products', '/fulfilment/t-1/success'])(
    'is hidden on %s, where the app bar links to the menu instead',
    async (route) => {
      renderApp(<AppRoutes />, { route });
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: messages.sideMenuLabel })).toBeNull();
      expect(screen.getByRole('link', { name: messages.openMenu }).getAttribute('href')).toBe('/menu');
    },
  );

  it('shows the avatar and nickname (to the profile), messages, Friends & Groups and Logout when signed in', async () => {
    const { store } = renderApp(<AppRoutes />, { route: '/species' });
    signIn(store);
    const menu = await screen.findByRole('navigation', { name: messages.sideMenuLabel });
    expect(within(menu).getByRole('link', { name: 'Wren' }).getAttribute('href')).toBe('/profile');
    expect(within(menu).getByRole('link', { name: messages.unreadMessages }).getAttribute('href')).toBe(
      '/chat-sessions',
    );
    expect(within(menu).getByRole('link', { name: labels.friendsAndGroups }).getAttribute('href')).toBe(
      '/people',
    );
    expect(within(menu).getByRole('link', { name: labels.logout }).getAttribute('href')).toBe('/logout');
    expect(within(menu).queryByText(messages.signUpPrompt)).toBeNull();
    expect(within(menu).queryByRole('list', { name: labels.menuAdministration })).toBeNull();
  });

  it('adds the Administration menu for an admin, with every item', async () => {
    const { store } = renderApp(<AppRoutes />, { route: '/species' });
    signIn(store, ['member', 'admin']);
    const admin = await within(sideMenu()).findByRole('list', { name: labels.menuAdministration });
    expect(within(admin).getAllByRole('link')).toHaveLength(10);
  });

  it('opens Share with Friends from the share button', async () => {
    const { store } = renderApp(<AppRoutes />, { route: '/species' });
    fireEvent.click(
      await within(await screen.findByRole('navigation', { name: messages.sideMenuLabel })).findByRole(
        'button',
        { name: messages.shareApp },
      ),
    );
    expect(store.getState().ui.modals.at(-1)?.name).toBe('share');
  });
});

describe('the page guard', () => {
  it("tells a guest opening an admin page 'Sorry, You aren't authorised' and goes to ''", async () => {
    renderApp(<AppRoutes />, { route: '/admin-users' });
    expect(await toastSaying(messages.notAuthorised)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeTruthy();
  });

  it('refuses a member who is no admin in the same way', async () => {
    const { store } = renderApp(<AppRoutes />, { route: '/species' });
    signIn(store);
    fireEvent.click(within(sideMenu()).getByRole('link', { name: labels.globalMap }));
    expect(await screen.findByRole('heading', { level: 1, name: labels.globalMap })).toBeTruthy();
    act(() => {
      store.dispatch(sessionActions.loggedOut());
    });
    signIn(store, ['member'], { admin: ['r'] });
    const admin = await within(sideMenu()).findByRole('list', { name: labels.menuAdministration });
    fireEvent.click(within(admin).getByRole('link', { name: labels.locations }));
    expect(await toastSaying(messages.notAuthorised)).toBeTruthy();
    // The refused navigation is undone: the member stays on the page they came from.
    expect(await screen.findByRole('heading', { level: 1, name: labels.globalMap })).toBeTruthy();
  });

  it('keeps a guest on the page they were on when a my-page is refused, naming it', async () => {
    renderApp(<AppRoutes />, { route: '/species' });
    const primary = within(await screen.findByRole('navigation', { name: messages.sideMenuLabel })).getByRole(
      'list',
      {
        name: labels.menuPrimary,
      },
    );
    fireEvent.click(within(primary).getByRole('link', { name: labels.profile }));
    expect(await toastSaying(formatMessage(messages.needAccount, { title: labels.profile }))).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: labels.species })).toBeTruthy();
  });

  it('lets an admin page through once allowed, under its route-table title', async () => {
    const { store } = renderApp(<AppRoutes />, { route: '/' });
    signIn(store, ['member', 'admin']);
    renderApp(<AppRoutes />, {
      route: '/ebook-media',
      preloadedState: { session: store.getState().session },
    });
    expect(await screen.findByRole('heading', { level: 1, name: labels.ebookMedia })).toBeTruthy();
    expect(screen.queryByText(messages.notAuthorised)).toBeNull();
  });

  it('sends a member without a logbook from /logbooks to /logbooks/overview', async () => {
    const { store } = renderApp(<AppRoutes />, { route: '/' });
    signIn(store);
    renderApp(<AppRoutes />, { route: '/logbooks', preloadedState: { session: store.getState().session } });
    expect(await screen.findByRole('heading', { level: 1, name: labels.logbooksOverview })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: logbookTexts.whatTitle })).toBeTruthy();
  });
});

describe("'' in the installed app", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens the menu rather than the welcome page', async () => {
    const matchMedia = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
      query === '(display-mode: standalone)'
        ? Object.defineProperty(matchMedia(query), 'matches', { value: true })
        : matchMedia(query),
    );
    renderApp(<AppRoutes />, { route: '/' });
    expect(await screen.findByRole('navigation', { name: messages.appMenuLabel })).toBeTruthy();
  });
});

describe('the config notice', () => {
  const noticeDialog = () => screen.queryByRole('dialog', { name: messages.configTitle });
  const signInNow = (store: AppStore) => {
    act(() => {
      store.dispatch(
        sessionActions.loggedIn({ response: loginAnswer, username: 'wren@example.org', method: 'basic' }),
      );
    });
  };

  it('opens Customize Your Experience once after a sign-in, and Not now turns it off', async () => {
    const { store } = renderApp(<AppRoutes />, { route: '/species' });
    act(() => {
      store.dispatch(configActions.restored({ ...defaultConfig, location: usa }));
    });
    signInNow(store);
    const dialog = await screen.findByRole('dialog', { name: messages.configTitle });
    expect(within(dialog).getByText(messages.configNoticeIntro)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.configNoticeLater }));
    await waitFor(() => {
      expect(noticeDialog()).toBeNull();
    });
    expect(store.getState().config.config).toEqual({
      ...defaultConfig,
      location: usa,
      settings: { ...defaultConfig.settings, show_config_notice: false },
    });

    act(() => {
      store.dispatch(sessionActions.loggedOut());
    });
    signInNow(store);
    expect(await screen.findByRole('heading', { level: 1, name: labels.species })).toBeTruthy();
    expect(store.getState().ui.modals).toEqual([]);
  });

  it('does not open for a session restored at start (a reload is no sign-in)', async () => {
    const { store } = renderApp(<AppRoutes />, {
      route: '/species',
      preloadedState: { session: aSignedInSession() },
    });
    expect(await screen.findByRole('heading', { level: 1, name: labels.species })).toBeTruthy();
    expect(store.getState().ui.modals).toEqual([]);
  });

  it('does not open once the member turned the notice off', async () => {
    const { store } = renderApp(<AppRoutes />, { route: '/species' });
    noticeDone(store);
    signInNow(store);
    expect(await screen.findByRole('heading', { level: 1, name: labels.species })).toBeTruthy();
    expect(store.getState().ui.modals).toEqual([]);
  });
});
