// @vitest-environment happy-dom
/**
 * Config Proceed → species sync → the progress popup, with the real store and its listeners, the
 * sync engine and Dexie (fake-indexeddb); only the network is a stand-in, answering the species
 * collection in pages the test can hold.
 */
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import type { SyncRecord } from '@contract/sync';
import { configActions, defaultConfig } from '../../../app/configSlice';
import { networkActions } from '../../../app/networkSlice';
import { db } from '../../../db/db';
import type { StoredConfig } from '../../../db/kv';
import { baldEagle, northernRaccoon, speciesRecord, virginiaOpossum } from '../../../db/sync/speciesFixtures';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderApp } from '../../../test/renderApp';
import { configProceeded } from '../../config/events';

const config: StoredConfig = {
  ...defaultConfig,
  location: { location_id: 'USA', name: 'United States of America', parent_location: [] },
  species: ['Birds|IOC', 'Mammals|Large'],
};

const US_SPECIES = [baldEagle, virginiaOpossum, northernRaccoon].map((species) => speciesRecord(species));

/** The species collection in pages of two; `hold()` keeps the next pages back until `release()`. */
function speciesNetwork(records: SyncRecord[], { sendTotal = true } = {}) {
  const network = fakeNetwork();
  let gate: Promise<void> = Promise.resolve();
  let release: () => void = () => undefined;
  network.on('GET', 'collection/species', (request) => {
    const lastMod = Number(new URLSearchParams(request.path.split('?')[1]).get('last_mod'));
    const page = records.slice(lastMod, lastMod + 2);
    return {
      body: {
        status: 'success',
        records: page,
        more: lastMod + page.length < records.length,
        last_mod: lastMod + page.length,
        ...(sendTotal ? { total: records.length - lastMod } : {}),
      },
    };
  });
  const speciesPulls = () => network.sent.filter((request) => request.path.startsWith('collection/species'));
  return {
    network: {
      ...network,
      fetch: (async (input, init) => {
        // Only the second and later pages wait: the first always comes through.
        const url = input instanceof Request ? input.url : input.toString();
        if (url.includes('last_mod=') && !url.includes('last_mod=0')) await gate;
        return network.fetch(input, init);
      }) as typeof fetch,
    },
    speciesPulls,
    hold() {
      gate = new Promise((resolve) => {
        release = resolve;
      });
    },
    release: () => {
      release();
    },
  };
}

/** As the popup writes a percentage (the locale's format). */
const percent = (value: number) => new Intl.NumberFormat(undefined, { style: 'percent' }).format(value / 100);

function proceed(store: ReturnType<typeof renderApp>['store']) {
  act(() => {
    store.dispatch(configActions.saved(config));
    store.dispatch(configProceeded({ config, previous: defaultConfig }));
  });
}

// The popup is a lazy chunk: its first import, cold, can take longer than findByRole's default 1 s
// on a loaded machine (the first test failed there every time while other suites ran).
const popup = () => screen.findByRole('dialog', { name: messages.speciesSyncTitle });
const noPopup = () => {
  expect(screen.queryByRole('dialog', { name: messages.speciesSyncTitle })).toBeNull();
};

beforeEach(async () => {
  await db.species.clear();
  await db.collection_marks.clear();
});

describe('Species sync progress popup', () => {
  it('shows the percentage on a determinate bar and closes itself at 100 %', async () => {
    const server = speciesNetwork(US_SPECIES);
    server.hold();
    const { store } = renderApp(null, { network: server.network });
    proceed(store);

    const dialog = await popup();
    const bar = within(dialog).getByRole('progressbar', { name: messages.speciesSyncProgress });
    await waitFor(() => {
      expect(bar.getAttribute('aria-valuenow')).toBe('66');
    });
    expect(within(dialog).getByText(percent(66))).toBeTruthy();

    server.release();
    await waitFor(() => {
      expect(bar.getAttribute('aria-valuenow')).toBe('100');
    });
    await waitFor(noPopup);
    expect((await db.species.toCollection().primaryKeys()).sort()).toEqual([
      'ioc-7769',
      'mdd-1000023',
      'mdd-1005892',
    ]);
    expect(server.speciesPulls()[0]?.path).toContain(
      `filter=${encodeURIComponent(JSON.stringify({ classifications: ['Birds|IOC', 'Mammals|Larger'], location_ids: ['USA'] }))}`,
    );
  });

  it('closes on Continue in Background while the sync goes on', async () => {
    const server = speciesNetwork(US_SPECIES);
    server.hold();
    const { store } = renderApp(null, { network: server.network });
    proceed(store);

    const dialog = await popup();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.continueInBackground }));
    await waitFor(noPopup);
    expect(store.getState().speciesSync?.status).toBe('syncing');

    server.release();
    await waitFor(() => {
      expect(store.getState().speciesSync?.status).toBe('done');
    });
    expect(await db.species.count()).toBe(3);
    noPopup();
  });

  it('shows an indeterminate bar without a percentage when the server sends no total', async () => {
    const server = speciesNetwork(US_SPECIES, { sendTotal: false });
    server.hold();
    const { store } = renderApp(null, { network: server.network });
    proceed(store);

    const dialog = await popup();
    await waitFor(() => {
      expect(store.getState().speciesSync?.received).toBe(2);
    });
    const bar = within(dialog).getByRole('progressbar', { name: messages.speciesSyncProgress });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(within(dialog).queryByText(/%/)).toBeNull();
    server.release();
    await waitFor(noPopup);
  });

  it('closes with a toast when offline, and the species sync once back online', async () => {
    const server = speciesNetwork(US_SPECIES);
    const { store } = renderApp(null, { network: server.network });
    act(() => {
      store.dispatch(networkActions.wentOffline());
    });
    proceed(store);

    expect(await screen.findByText(messages.speciesSyncOffline)).toBeTruthy();
    await waitFor(noPopup);
    expect(server.speciesPulls()).toEqual([]);
    expect(await db.collection_marks.get('species')).toMatchObject({ needs_retry: true });

    act(() => {
      store.dispatch(networkActions.wentOnline());
    });
    await waitFor(async () => {
      expect(await db.species.count()).toBe(3);
    });
    expect(await db.collection_marks.get('species')).toMatchObject({ needs_retry: false, remote_mod: 3 });
  });
});
