// @vitest-environment happy-dom
/**
 * /species on a first visit (issue 23): while the device holds none of the member's list, the
 * server's first page (`POST species`) is shown with the list's total; the device list takes over
 * once the sync has put rows there. Only the network is a stand-in (a fake fetch).
 */
import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Species } from '@contract/species';
import { configActions, defaultConfig } from '../../app/configSlice';
import { db } from '../../db/db';
import type { SpeciesRow } from '../../db/rows';
import { fakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { speciesRoutes } from './routes';
import { speciesTexts } from './speciesTexts';
import { FIRST_PAGE_SIZE } from './useServerFirstPage';
import { demoSpecies } from './testSpecies';

const unitedStates = { location_id: 'USA', name: 'United States of America', parent_location: [] };
const eagle = demoSpecies('Haliaeetus leucocephalus');
const robin = demoSpecies('Turdus migratorius');

/** A device row as the server answers the species. */
function asServerSpecies({
  id,
  location_ids: _ids,
  tokens: _tokens,
  rev: _rev,
  ...rest
}: SpeciesRow): Species {
  return { _id: id, ...rest };
}

beforeAll(async () => {
  await import('./SpeciesListPage');
});

beforeEach(async () => {
  await db.species.clear();
});

function renderFirstVisit(network = fakeNetwork()) {
  const app = renderApp(
    <Routes>
      {speciesRoutes.map((entry) => (
        <Route key={entry.path} path={entry.path} element={entry.element} />
      ))}
    </Routes>,
    { route: '/species', network },
  );
  act(() => {
    app.store.dispatch(
      configActions.restored({ ...defaultConfig, location: unitedStates, species: ['Birds|IOC'] }),
    );
  });
  return app;
}

const list = () => screen.findByRole('list', { name: 'Species' });

describe('the species list on a first visit', () => {
  it('shows the server’s first page with the list’s total until the device has the list', async () => {
    const network = fakeNetwork();
    network.on('POST', 'species', () => ({
      body: { status: 'success', species: [eagle, robin].map(asServerSpecies), total: 1234 },
    }));
    renderFirstVisit(network);

    const species = await list();
    expect(
      within(species)
        .getByRole('link', { name: /^Bald Eagle/ })
        .getAttribute('href'),
    ).toBe(`/species/${eagle.id}`);
    expect(screen.getByText(/^1,234 species · United States of America/)).toBeTruthy();
    expect(
      screen.getByText(
        'The first 2 of 1,234 species, from the server, while the whole list downloads to this device.',
      ),
    ).toBeTruthy();
    const asked = network.sent.find((request) => request.method === 'POST' && request.path === 'species');
    expect(asked?.body).toEqual({
      classifications: ['Birds|IOC'],
      location_id: 'USA',
      limit: FIRST_PAGE_SIZE,
    });

    // The sync brings the first of the list: the device's list replaces the server's page.
    await act(async () => {
      await db.species.put(robin);
    });
    await waitFor(() => {
      expect(screen.getByText(/^1 species · United States of America/)).toBeTruthy();
    });
    expect(within(await list()).queryByRole('link', { name: /^Bald Eagle/ })).toBeNull();
    expect(screen.queryByText(/from the server/)).toBeNull();
  });

  it('waits for the sync as before when the server cannot answer', async () => {
    const network = fakeNetwork();
    network.on('POST', 'species', () => ({ status: 500, body: { status: 'failed', reason: 'Down' } }));
    renderFirstVisit(network);
    expect(await screen.findByText(speciesTexts.speciesSyncing)).toBeTruthy();
    await waitFor(() => {
      expect(network.sent.some((request) => request.method === 'POST' && request.path === 'species')).toBe(
        true,
      );
    });
    expect(screen.queryByRole('list', { name: 'Species' })).toBeNull();
  });
});
