// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import { configActions, defaultConfig } from '../../app/configSlice';
import { sessionActions } from '../../app/sessionSlice';
import { db } from '../../db/db';
import { aLoginResponse } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { forgetBasemap } from './map/useBasemap';
import { basemapFetch } from './map/testBasemap';
import { speciesRoutes } from './routes';
import { speciesTexts } from './speciesTexts';
import { demoSpecies, DEMO_SPECIES } from './testSpecies';

const baldEagle = demoSpecies('Haliaeetus leucocephalus');
const polarBear = demoSpecies('Ursus maritimus');
const deathAdder = demoSpecies('Acanthophis antarcticus');

beforeAll(async () => {
  await import('./pages'); // the pages are lazy: compile them once, outside the tests' waits
});

beforeEach(async () => {
  forgetBasemap();
  vi.stubGlobal('fetch', basemapFetch());
  await db.species.clear();
  await db.species.bulkPut([...DEMO_SPECIES]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(route: string, options: { language?: string; roles?: string[]; offline?: boolean } = {}) {
  const app = renderApp(
    <Routes>
      {speciesRoutes.map((entry) => (
        <Route key={entry.path} path={entry.path} element={entry.element} />
      ))}
    </Routes>,
    { route, ...(options.offline ? { preloadedState: { network: { isOnline: false } } } : {}) },
  );
  act(() => {
    app.store.dispatch(
      configActions.restored({ ...defaultConfig, language: { language: options.language ?? 'English' } }),
    );
    if (options.roles) {
      app.store.dispatch(
        sessionActions.loggedIn({
          response: aLoginResponse({ roles: options.roles }),
          username: 'wren@example.org',
          method: 'basic',
        }),
      );
    }
  });
  return app;
}

describe('the species page', () => {
  it('shows the names, the map of where it lives and its classification', async () => {
    renderPage(`/species/${baldEagle.id}`, { language: 'French' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bald Eagle' })).toBeTruthy();
    expect(screen.getByText('Pygargue à tête blanche')).toBeTruthy();
    expect(screen.getByText('Haliaeetus leucocephalus')).toBeTruthy();
    const map = await screen.findByRole('img', {
      name: 'Distribution map: Canada, United States of America',
    });
    expect(
      [...map.querySelectorAll('[data-location-id]')].map((path) => path.getAttribute('data-location-id')),
    ).toEqual(['USA', 'CAN']);
    expect(screen.getByText('Found in: Canada, United States of America')).toBeTruthy();
    const classification = screen.getByRole('region', { name: speciesTexts.speciesClassification });
    expect(within(classification).getByText('Accipitridae')).toBeTruthy();
    expect(within(classification).getByText('Birds (Clements), Birds (IOC)')).toBeTruthy();
    expect(screen.getByText(speciesTexts.speciesNoPhotos)).toBeTruthy();
  });

  it('names regions after countries', async () => {
    renderPage(`/species/${polarBear.id}`);
    expect(
      await screen.findByRole('img', { name: 'Distribution map: United States of America, Alaska' }),
    ).toBeTruthy();
  });

  it('says when a group has no distribution data', async () => {
    renderPage(`/species/${deathAdder.id}`);
    expect(await screen.findByText(speciesTexts.speciesNoDistribution)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('asks a guest to sign in before recording a sighting', async () => {
    renderPage(`/species/${baldEagle.id}`);
    fireEvent.click(await screen.findByRole('button', { name: labels.recordSighting }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.recordSignedOut);
    expect(screen.queryByRole('button', { name: 'Report this species page' })).toBeNull();
  });

  it('takes a member to record a sighting of this species', async () => {
    renderPage(`/species/${baldEagle.id}`, { roles: ['member'] });
    const record = await screen.findByRole('link', { name: labels.recordSighting });
    expect(record.getAttribute('href')).toBe(`/species-observation/${baldEagle.id}`);
    expect(screen.queryByRole('link', { name: labels.speciesEdit })).toBeNull();
    // Anything wrong on the page can be reported (issue 18; the dialog: src/features/reports).
    expect(screen.getByRole('button', { name: 'Report this species page' })).toBeTruthy();
  });

  it('offers admins the editor', async () => {
    renderPage(`/species/${baldEagle.id}`, { roles: ['admin'] });
    const edit = await screen.findByRole('link', { name: labels.speciesEdit });
    expect(edit.getAttribute('href')).toBe(`/species-details-edit/${baldEagle.id}`);
  });

  it('says so for a species that is not on the device', async () => {
    renderPage('/species/avibase-00000000');
    expect(
      await screen.findByRole('heading', { level: 1, name: speciesTexts.speciesNotOnDevice }),
    ).toBeTruthy();
  });

  it('offline, offers to add the region or group of a species never downloaded', async () => {
    for (const page of ['species', 'species-details']) {
      const { store, network } = renderPage(`/${page}/avibase-00000000`, { offline: true });
      expect(
        await screen.findByRole('heading', { level: 1, name: speciesTexts.speciesNotOnDevice }),
      ).toBeTruthy();
      expect(screen.getByText(speciesTexts.speciesNotDownloadedBody)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: speciesTexts.speciesAddRegionOrGroup }));
      expect(await screen.findByRole('dialog', { name: messages.configTitle })).toBeTruthy();
      expect(store.getState().ui.modals.at(-1)).toMatchObject({ name: 'config', props: { section: 'all' } });
      // Offline nothing was asked of the server.
      expect(network.sent.filter((request) => request.path.startsWith('species/'))).toEqual([]);
      cleanup();
    }
  });
});

describe('the species details page', () => {
  it('lists every name, each classification and each checklist', async () => {
    renderPage(`/species-details/${baldEagle.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bald Eagle' })).toBeTruthy();

    const names = screen.getByRole('table', { name: speciesTexts.speciesNames });
    const nameRows = within(names)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(nameRows[1]).toBe('EnglishBald Eagle');
    expect(nameRows).toContain('FrenchPygargue à tête blanche');
    expect(nameRows).toContain('Japaneseハクトウワシ');
    expect(nameRows).toHaveLength(Object.keys(baldEagle.names).length + 1);

    const taxonomy = screen.getByRole('table', { name: speciesTexts.speciesClassifications });
    expect(
      within(taxonomy)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ClassificationListScientific nameEnglish nameCodeIn this classification',
      'Birds (Clements)AviList v2025Haliaeetus leucocephalusBald EaglebaleagYes',
      'Birds (IOC)IOC World Bird List v10.2Haliaeetus leucocephalusBald Eagle—Yes',
    ]);

    const checklists = screen.getByRole('table', { name: speciesTexts.speciesChecklists });
    expect(await within(checklists).findByRole('cell', { name: 'United States of America' })).toBeTruthy();
    expect(
      within(checklists)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'PlaceOccurrenceChecklist',
      'CanadalistedNorth American Breeding Bird Survey (USGS, 2014)',
      'United States of AmericalistedNorth American Breeding Bird Survey (USGS, 2014)',
    ]);
  });

  it('shows the status of an extinct species', async () => {
    renderPage(`/species-details/${demoSpecies('Neogale macrodon').id}`);
    const taxonomy = await screen.findByRole('region', { name: speciesTexts.speciesTaxonomy });
    expect(within(taxonomy).getByText(speciesTexts.speciesExtinct)).toBeTruthy();
  });
});
