// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { product } from '@config/product';
import { renderApp } from '../../test/renderApp';
import { AppRoutes } from '../router';
import { sessionActions } from '../sessionSlice';

const loginAnswer = {
  status: 'success' as const,
  email_verification_required: false,
  roles: ['member'],
  permissions: {},
  auth_token: 'auth.4000000000',
  refresh_token: 'refresh.4100000000',
  nickname: 'Wren',
  user_id: 'u-1',
  avatar: null,
};

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

  it('refreshes on the login and logout events: nickname and Logout, then Sign In again', () => {
    const { store } = renderApp(<AppRoutes />);
    act(() => {
      store.dispatch(
        sessionActions.loggedIn({ response: loginAnswer, username: 'wren@example.org', method: 'basic' }),
      );
    });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Wren')).toBeTruthy();
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

  it('answers a content page honestly with "page not found" until the CMS exists', async () => {
    renderApp(<AppRoutes />, { route: '/general-content-page/terms-conditions' });
    expect(await screen.findByRole('heading', { level: 1, name: messages.pageNotFoundTitle })).toBeTruthy();
  });

  it('opens Reset Password when the mailed link is followed', async () => {
    renderApp(<AppRoutes />, { route: '/?action=forgotpassword&rid=abc' });
    const dialog = await screen.findByRole('dialog', { name: messages.resetTitle });
    expect(within(dialog).getByLabelText(messages.fieldResetPin)).toBeTruthy();
  });
});
