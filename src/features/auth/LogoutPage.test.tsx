// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import type { RootState } from '../../app/store';
import { renderApp } from '../../test/renderApp';
import { LogoutPage } from './LogoutPage';

const signedIn: Partial<RootState> = {
  session: {
    user: {
      user_id: 'u-1',
      nickname: 'Wren',
      username: 'wren@example.org',
      avatar: null,
      roles: ['member'],
      permissions: {},
      auth_method: 'basic',
      social_provider: null,
      profile: null,
    },
    authToken: 'auth.4000000000',
    refreshToken: 'refresh.4100000000',
    clientToken: null,
    isRestored: true,
  },
};

function renderLogout(preloadedState?: Partial<RootState>) {
  return renderApp(
    <Routes>
      <Route path="/" element={<h1>Home</h1>} />
      <Route path="/logout" element={<LogoutPage />} />
    </Routes>,
    { route: '/logout', preloadedState },
  );
}

describe('/logout', () => {
  it("asks 'Log Out / Are you sure?' and warns that offline members cannot log back in", async () => {
    renderLogout(signedIn);
    const dialog = await screen.findByRole('dialog', { name: messages.logoutTitle });
    expect(dialog.textContent).toContain(messages.logoutConfirm);
    expect(dialog.textContent).toContain(messages.logoutOfflineWarning);
    expect(within(dialog).getByRole('button', { name: messages.cancel })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: messages.logoutConfirmButton })).toBeTruthy();
  });

  it('Cancel keeps the session and returns to the page the member came from', async () => {
    const { store, network } = renderApp(
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route
          path="/species"
          element={
            <>
              <h1>Species</h1>
              <Link to="/logout">Logout</Link>
            </>
          }
        />
        <Route path="/logout" element={<LogoutPage />} />
      </Routes>,
      { route: '/species', preloadedState: signedIn },
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Logout' }));
    fireEvent.click(await screen.findByRole('button', { name: messages.cancel }));
    await screen.findByRole('heading', { name: 'Species' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().session.user?.nickname).toBe('Wren');
    expect(network.sent).toEqual([]);
  });

  it('Cancel goes home when /logout was opened directly (nothing of ours to go back to)', async () => {
    const { store } = renderLogout(signedIn);
    fireEvent.click(await screen.findByRole('button', { name: messages.cancel }));
    await screen.findByRole('heading', { name: 'Home' });
    expect(store.getState().session.user?.nickname).toBe('Wren');
  });

  it("'Yes, log me out!' ends the session on the server and the device, then goes home", async () => {
    const { store, network } = renderLogout(signedIn);
    network.on('POST', 'logout', { body: { status: 'success' } });
    fireEvent.click(await screen.findByRole('button', { name: messages.logoutConfirmButton }));

    await screen.findByRole('heading', { name: 'Home' });
    expect(network.sent).toEqual([
      {
        method: 'POST',
        path: 'logout',
        body: { refresh_token: 'refresh.4100000000' },
        authorization: 'Bearer auth.4000000000',
      },
    ]);
    expect(store.getState().session).toMatchObject({ user: null, authToken: null, refreshToken: null });
    expect((await screen.findByRole('alert')).textContent).toBe(messages.loggedOut);
  });

  it('signs out on the device even when the server cannot be reached', async () => {
    const { store, network } = renderLogout(signedIn);
    network.on('POST', 'logout', { status: 500, body: { status: 'failed', reason: messages.serverError } });
    fireEvent.click(await screen.findByRole('button', { name: messages.logoutConfirmButton }));
    await waitFor(() => {
      expect(store.getState().session.user).toBeNull();
    });
  });

  it('sends a signed-out visitor home without asking', async () => {
    renderLogout();
    await screen.findByRole('heading', { name: 'Home' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
