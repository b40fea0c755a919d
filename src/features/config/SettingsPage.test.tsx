// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { configActions, defaultConfig } from '../../app/configSlice';
import { sessionActions } from '../../app/sessionSlice';
import { renderApp } from '../../test/renderApp';
import { configRoutes } from './routes';
import { aLoginResponse } from '../../test/factories';

const login = aLoginResponse();

function renderSettings() {
  const app = renderApp(
    <Routes>
      {configRoutes.map((route) => (
        <Route key={route.path} path={route.path} element={route.element} />
      ))}
    </Routes>,
    { route: '/general-settings' },
  );
  act(() => {
    app.store.dispatch(
      configActions.restored({
        ...defaultConfig,
        location: { location_id: 'ZAF-1189', name: 'Western Cape', parent_location: [] },
      }),
    );
  });
  return app;
}

describe('the settings page', () => {
  it('shows the region, groups and language of the config', async () => {
    renderSettings();
    expect(await screen.findByRole('heading', { level: 1, name: messages.settingsTitle })).toBeTruthy();
    expect(screen.getByText('Western Cape')).toBeTruthy();
    expect(screen.getByText('Birds (IOC), Mammals (Larger)')).toBeTruthy();
  });

  it('saves each of the four settings as it changes', async () => {
    const { store } = renderSettings();
    const labels = [
      [messages.settingStatsVisible, 'stats_visible_to_others'],
      [messages.settingMapsLifer, 'maps_show_lifer'],
      [messages.settingMapsSightings, 'maps_show_sightings'],
      [messages.settingConfigNotice, 'show_config_notice'],
    ] as const;
    for (const [label, key] of labels) {
      const toggle = await screen.findByRole('switch', { name: label });
      expect(toggle).toHaveProperty('checked', true);
      fireEvent.click(toggle);
      expect(store.getState().config.config.settings[key]).toBe(false);
      expect(store.getState().config.isStored).toBe(true);
    }
  });

  it("sends 'stats visible to others' to a signed-in member's profile", async () => {
    const { store, network } = renderSettings();
    const profile = {
      user_id: 'u-1',
      firstname: 'Jenny',
      nickname: 'Wren',
      username: 'wren@example.org',
      avatar: null,
      about: '',
      newsletter_subscribed: true,
      stats_visible_to_others: false,
      location_id: null,
      location: null,
      created_at: 1,
    };
    network.on('PUT', 'users/u-1', { body: { status: 'success', profile } });
    act(() => {
      store.dispatch(
        sessionActions.loggedIn({ response: login, username: 'wren@example.org', method: 'basic' }),
      );
    });
    fireEvent.click(await screen.findByRole('switch', { name: messages.settingStatsVisible }));
    await waitFor(() => {
      expect(network.sent.find((request) => request.method === 'PUT')).toMatchObject({
        path: 'users/u-1',
        body: { stats_visible_to_others: false },
      });
    });
    await waitFor(() => {
      expect(store.getState().session.user?.profile).toEqual(profile);
    });
  });

  it('opens Customize Your Experience with its back arrow', async () => {
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: messages.configTitle }));
    const dialog = await screen.findByRole('dialog', { name: messages.configTitle });
    expect(dialog.querySelector(`[aria-label="${messages.back}"]`)).toBeTruthy();
  });
});
