// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@contract/auth';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { peopleTexts as texts } from '../people/texts';
import { AppRoutes } from '../../app/router';
import { aSignedInSession } from '../../test/factories';
import { fakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { present } from '../../test/present';

const wren: Profile = {
  user_id: 'u-1',
  firstname: 'Jenny Wren',
  nickname: 'Wren',
  username: 'wren@example.org',
  avatar: null,
  about: 'Hedgerows, mostly.',
  newsletter_subscribed: true,
  stats_visible_to_others: true,
  location_id: 'ZAF',
  location: { id: 'ZAF', name: 'South Africa' },
  created_at: 1_767_225_600,
};

const signedIn = aSignedInSession();

describe('the profile editor', () => {
  it("saves one's own profile, then the session and the device settings follow it", async () => {
    const network = fakeNetwork();
    let stored = wren;
    network.on('GET', 'users/u-1', () => ({ body: { status: 'success', profile: stored } }));
    network.on('PUT', 'users/u-1', (request) => {
      stored = { ...stored, ...(request.body as Partial<Profile>) };
      return { body: { status: 'success', profile: stored } };
    });
    const { store } = renderApp(<AppRoutes />, {
      route: '/user-profile',
      network,
      preloadedState: { session: signedIn },
    });
    const nickname = await screen.findByRole('textbox', { name: texts.displayName });
    expect((nickname as HTMLInputElement).value).toBe('Wren');
    expect(screen.getByRole('combobox', { name: texts.region })).toBeTruthy();
    fireEvent.change(nickname, { target: { value: '  Jenny  ' } });
    fireEvent.change(screen.getByRole('textbox', { name: texts.about }), { target: { value: 'Reed beds.' } });
    fireEvent.click(screen.getByRole('switch', { name: messages.settingStatsVisible }));
    fireEvent.click(screen.getByRole('switch', { name: messages.settingMapsLifer }));
    fireEvent.click(screen.getByRole('button', { name: texts.save }));

    expect(await screen.findByText(texts.saved)).toBeTruthy();
    expect(network.sent.find((r) => r.method === 'PUT')?.body).toEqual({
      nickname: 'Jenny',
      firstname: 'Jenny Wren',
      about: 'Reed beds.',
      avatar: null,
      location_id: 'ZAF',
      newsletter_subscribed: true,
      stats_visible_to_others: false,
    });
    expect(store.getState().session.user?.nickname).toBe('Jenny');
    expect(store.getState().config.config.settings).toMatchObject({
      stats_visible_to_others: false,
      maps_show_lifer: false,
      maps_show_sightings: true,
    });
  });

  it('does not send a profile without a display name', async () => {
    const network = fakeNetwork();
    network.on('GET', 'users/u-1', { body: { status: 'success', profile: wren } });
    renderApp(<AppRoutes />, { route: '/user-profile', network, preloadedState: { session: signedIn } });
    fireEvent.change(await screen.findByRole('textbox', { name: texts.displayName }), {
      target: { value: ' ' },
    });
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText(formatMessage(texts.required, { field: texts.displayName }))).toBeTruthy();
    expect(network.sent.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("tells a member who is not an admin that another's profile is not theirs to edit", async () => {
    const network = fakeNetwork();
    const { nickname, avatar, about, created_at } = wren;
    network.on('GET', 'users/u-2', {
      body: { status: 'success', profile: { user_id: 'u-2', nickname, avatar, about, created_at } },
    });
    renderApp(<AppRoutes />, { route: '/user-profile/u-2', network, preloadedState: { session: signedIn } });
    expect(await screen.findByText(texts.onlyOwnProfile)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.save })).toBeNull();
  });

  it("lets an admin edit another member's profile, without this device's settings", async () => {
    const network = fakeNetwork();
    const other = { ...wren, user_id: 'u-2', nickname: 'Heron' };
    network.on('GET', 'users/u-2', { body: { status: 'success', profile: other, roles: ['member'] } });
    network.on('PUT', 'users/u-2', { body: { status: 'success', profile: other } });
    const admin = aSignedInSession();
    present(admin.user).roles = ['member', 'admin'];
    renderApp(<AppRoutes />, { route: '/user-profile/u-2', network, preloadedState: { session: admin } });
    expect(await screen.findByText(formatMessage(texts.editingOther, { nickname: 'Heron' }))).toBeTruthy();
    expect(screen.queryByRole('switch', { name: messages.settingMapsLifer })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    await waitFor(() => {
      expect(network.sent.some((r) => r.method === 'PUT' && r.path === 'users/u-2')).toBe(true);
    });
  });

  it('shows the offline message offline', async () => {
    renderApp(<AppRoutes />, {
      route: '/user-profile',
      preloadedState: { session: signedIn, network: { isOnline: false } },
    });
    await screen.findByRole('heading', { level: 1, name: labels.editProfile });
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent === messages.offline)).toBe(true);
  });
});
