// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addListener, type UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@contract/auth';
import { formatMessage, messages } from '@contract/messages';
import { configActions, defaultConfig } from '../../app/configSlice';
import { sessionActions } from '../../app/sessionSlice';
import { uiActions } from '../../app/uiSlice';
import type { StoredConfig } from '../../db/kv';
import { apiCalls, fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { configProceeded } from './events';
import { groupsAt } from './testGroups';
import { aLoginResponse } from '../../test/factories';

const usa = { location_id: 'USA', name: 'United States of America', parent_location: [] };

function referenceData(network: FakeNetwork) {
  network.on('GET', 'taxa/classifications', (request) => {
    const locationId = new URLSearchParams(request.path.split('?')[1]).get('location_id');
    return {
      body: {
        status: 'success',
        location_id: locationId,
        classifications: groupsAt(locationId?.startsWith('ZAF') ? 'noBirds' : 'local'),
      },
    };
  });
  network.on('GET', 'languages', {
    body: {
      status: 'success',
      languages: [
        { id: 'en', locale: 'en', name: 'English', native_name: 'English', direction: 'ltr', default: true },
        {
          id: 'pt',
          locale: 'pt',
          name: 'Portuguese',
          native_name: 'Português',
          direction: 'ltr',
          default: false,
        },
      ],
    },
  });
  network.on('GET', 'locations', {
    body: {
      status: 'success',
      locations: [
        {
          id: 'ZAF-1189',
          name: 'Western Cape',
          type: 'region',
          parent_id: 'ZAF',
          country_id: 'ZAF',
          latitude: -33.3,
          longitude: 19.9,
          parent_location: [{ id: 'ZAF', name: 'South Africa' }],
        },
      ],
    },
  });
}

async function openConfig(
  options: {
    config?: Partial<StoredConfig>;
    section?: 'all' | 'location' | 'species';
    showBack?: boolean;
    notice?: boolean;
  } = {},
) {
  const network = fakeNetwork();
  referenceData(network);
  const app = renderApp(null, { network });
  const seen: UnknownAction[] = [];
  act(() => {
    app.store.dispatch(addListener({ predicate: () => true, effect: (action) => void seen.push(action) }));
    app.store.dispatch(configActions.restored({ ...defaultConfig, location: usa, ...options.config }));
    app.store.dispatch(
      uiActions.modalOpened({
        name: 'config',
        props: {
          section: options.section ?? 'all',
          ...(options.showBack ? { showBack: true } : {}),
          ...(options.notice ? { notice: true } : {}),
        },
      }),
    );
  });
  const dialog = await screen.findByRole('dialog', { name: messages.configTitle });
  await within(dialog).findByRole('checkbox', { name: /Birds/ });
  return { ...app, dialog, seen };
}

const proceed = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: messages.configProceed }));

describe('Customize Your Experience', () => {
  it('is named by its title and labels its region, groups, language and Proceed', async () => {
    const { dialog } = await openConfig();
    expect(within(dialog).getByRole('button', { name: `${messages.configRegion} ${usa.name}` })).toBeTruthy();
    for (const name of ['Birds', 'Mammals', 'Reptiles', 'Amphibians']) {
      expect(within(dialog).getByRole('checkbox', { name: new RegExp(name) })).toBeTruthy();
    }
    expect(within(dialog).getByRole('radiogroup', { name: 'Birds list' })).toBeTruthy();
    expect(
      await within(dialog).findByRole('button', { name: `${messages.configLanguage} English` }),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: messages.configProceed })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: messages.back })).toBeNull();
  });

  it('ticks the stored groups, reading Mammals|Large as Mammals|Larger', async () => {
    const { dialog } = await openConfig();
    expect(within(dialog).getByRole('checkbox', { name: /Birds/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: /Mammals/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: /Reptiles/ })).toHaveProperty('checked', false);
    expect(within(dialog).getByRole('radio', { name: 'Larger' })).toHaveProperty('checked', true);
  });

  it('shows the back arrow only when allowed, and it closes without saving', async () => {
    const { dialog, store } = await openConfig({ showBack: true });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.back }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: messages.configTitle })).toBeNull();
    });
    expect(store.getState().config.config.species).toEqual(defaultConfig.species);
  });

  it('refuses an empty group selection with the spec message, saving nothing', async () => {
    const { dialog, store } = await openConfig();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Birds/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Mammals/ }));
    proceed(dialog);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', messages.configGroupRequired);
    expect(store.getState().config.config.species).toEqual(defaultConfig.species);
    expect(screen.getByRole('dialog', { name: messages.configTitle })).toBeTruthy();
  });

  it('asks for the location before the groups', async () => {
    const { dialog } = await openConfig({ config: { location: null, species: [] } });
    proceed(dialog);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', messages.configLocationRequired);
  });

  it('refuses an inactive group with the "released soon" message', async () => {
    const { dialog } = await openConfig({
      config: { location: { location_id: 'ZAF', name: 'South Africa', parent_location: [] } },
    });
    const birds = within(dialog).getByRole('checkbox', { name: /Birds/ });
    expect(birds).toHaveProperty('checked', false);
    fireEvent.click(birds);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      formatMessage(messages.configGroupInactive, { group: 'Birds' }),
    );
    expect(within(dialog).getByRole('checkbox', { name: /Birds/ })).toHaveProperty('checked', false);
  });

  it('changes the region through the picker and re-reads the groups for it', async () => {
    const { dialog, network } = await openConfig();
    fireEvent.click(within(dialog).getByRole('button', { name: `${messages.configRegion} ${usa.name}` }));
    const picker = await screen.findByRole('dialog', { name: messages.configRegionPicker });
    fireEvent.change(within(picker).getByLabelText(messages.pickerSearch), { target: { value: 'cape' } });
    // The search goes out once typing has paused (250 ms).
    await waitFor(() => {
      expect(apiCalls(network)).toContain('GET locations?types=country%2Cregion&search_term=cape&length=30');
    });
    fireEvent.click(await within(picker).findByRole('radio', { name: /Western Cape/ }));
    fireEvent.click(within(picker).getByRole('button', { name: messages.pickerOk }));
    expect(
      await within(dialog).findByRole('button', { name: `${messages.configRegion} Western Cape` }),
    ).toBeTruthy();
    await waitFor(() => {
      expect(apiCalls(network)).toContain('GET taxa/classifications?location_id=ZAF-1189');
    });
  });

  it('Proceed saves the config, announces config/proceeded, updates the profile location, and closes', async () => {
    const { dialog, store, network, seen } = await openConfig();
    const profile: Profile = {
      user_id: 'u-1',
      firstname: 'Jenny',
      nickname: 'Wren',
      username: 'wren@example.org',
      avatar: null,
      about: '',
      newsletter_subscribed: true,
      stats_visible_to_others: true,
      location_id: 'USA',
      location: null,
      created_at: 1,
    };
    network.on('PUT', 'users/u-1', { body: { status: 'success', profile } });
    const login = aLoginResponse();
    act(() => {
      store.dispatch(
        sessionActions.loggedIn({ response: login, username: 'wren@example.org', method: 'basic' }),
      );
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Reptiles/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Clements' }));
    fireEvent.click(within(dialog).getByRole('button', { name: `${messages.configLanguage} English` }));
    const languages = await screen.findByRole('dialog', { name: messages.configLanguage });
    fireEvent.click(within(languages).getByRole('button', { name: /Portuguese/ }));
    expect(
      await within(dialog).findByRole('button', { name: `${messages.configLanguage} Portuguese` }),
    ).toBeTruthy();
    proceed(dialog);

    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: messages.configTitle })).toBeNull();
    });
    const saved = {
      ...defaultConfig,
      location: usa,
      species: ['Birds|Clements', 'Mammals|Larger', 'Reptiles'],
      language: { language: 'Portuguese' },
    };
    expect(store.getState().config.config).toEqual(saved);
    const event = seen.find(configProceeded.match);
    expect(event?.payload).toMatchObject({ config: saved, previous: { species: defaultConfig.species } });
    await waitFor(() => {
      expect(store.getState().session.user?.profile).toEqual(profile);
    });
    const put = network.sent.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({ path: 'users/u-1', body: { location_id: 'USA' } });
  });

  it("the location section shows the region only and keeps the member's groups", async () => {
    const network = fakeNetwork();
    referenceData(network);
    const app = renderApp(null, { network });
    act(() => {
      app.store.dispatch(configActions.restored({ ...defaultConfig, location: usa, species: ['Reptiles'] }));
      app.store.dispatch(uiActions.modalOpened({ name: 'config', props: { section: 'location' } }));
    });
    const dialog = await screen.findByRole('dialog', { name: messages.configTitle });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: new RegExp(messages.configLanguage) })).toBeNull();
    await waitFor(() => {
      expect(within(dialog).getByRole('button', { name: messages.configProceed })).toHaveProperty(
        'disabled',
        false,
      );
    });
    proceed(dialog);
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: messages.configTitle })).toBeNull();
    });
    expect(app.store.getState().config.config.species).toEqual(['Reptiles']);
  });

  it('keeps the chosen groups when the groups cannot be loaded, rather than refusing them', async () => {
    const network = fakeNetwork();
    referenceData(network);
    network.on('GET', 'taxa/classifications', { status: 503, body: { status: 'failed', reason: 'Down' } });
    const app = renderApp(null, { network });
    act(() => {
      app.store.dispatch(configActions.restored({ ...defaultConfig, location: usa }));
      app.store.dispatch(uiActions.modalOpened({ name: 'config', props: { section: 'all' } }));
    });
    const dialog = await screen.findByRole('dialog', { name: messages.configTitle });
    expect(await within(dialog).findByRole('button', { name: messages.tryAgain })).toBeTruthy();
    proceed(dialog);
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: messages.configTitle })).toBeNull();
    });
    expect(app.store.getState().config.config.species).toEqual(['Birds|IOC', 'Mammals|Larger']);
  });
});

describe('Customize Your Experience as the config notice (after a sign-in)', () => {
  const noticeOff = { ...defaultConfig.settings, show_config_notice: false };

  it('says why it is there, and Not now turns the notice off and changes nothing else', async () => {
    const { dialog, store, seen } = await openConfig({ notice: true });
    expect(within(dialog).getByText(messages.configNoticeIntro)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Reptiles/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: messages.configNoticeLater }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: messages.configTitle })).toBeNull();
    });
    expect(store.getState().config.config).toEqual({ ...defaultConfig, location: usa, settings: noticeOff });
    expect(seen.some(configProceeded.match)).toBe(false);
  });

  it('is put off by Escape as well', async () => {
    const { dialog, store } = await openConfig({ notice: true });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => {
      expect(store.getState().config.config.settings).toEqual(noticeOff);
    });
  });

  it('Proceed saves the choice with the notice turned off', async () => {
    const { dialog, store, seen } = await openConfig({ notice: true });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Reptiles/ }));
    proceed(dialog);
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: messages.configTitle })).toBeNull();
    });
    expect(store.getState().config.config).toEqual({
      ...defaultConfig,
      location: usa,
      species: ['Birds|IOC', 'Mammals|Larger', 'Reptiles'],
      settings: noticeOff,
    });
    expect(seen.find(configProceeded.match)?.payload.config.settings).toEqual(noticeOff);
  });

  it('put off before any region is stored, stores one in the same save, so the species can follow', async () => {
    const { dialog, store, seen } = await openConfig({ notice: true, config: { location: null } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.configNoticeLater }));
    await waitFor(() => {
      expect(store.getState().config.config.settings).toEqual(noticeOff);
    });
    const saves = seen.filter(configActions.saved.match);
    expect(saves).toHaveLength(1);
    // No device position here: the initial config's chain asks the server by IP (GET locations,
    // answered with Western Cape by this fake network).
    expect(saves[0]?.payload.location).toMatchObject({ location_id: 'ZAF-1189', name: 'Western Cape' });
  });

  it('does not touch the notice when opened from Settings', async () => {
    const { dialog, store } = await openConfig({ showBack: true });
    expect(within(dialog).queryByText(messages.configNoticeIntro)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: messages.configNoticeLater })).toBeNull();
    proceed(dialog);
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: messages.configTitle })).toBeNull();
    });
    expect(store.getState().config.config.settings.show_config_notice).toBe(true);
  });
});
