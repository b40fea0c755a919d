// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { configActions, defaultConfig } from '../../app/configSlice';
import { networkActions } from '../../app/networkSlice';
import { db } from '../../db/db';
import type { StoredConfig } from '../../db/kv';
import { renderApp } from '../../test/renderApp';
import { speciesRoutes } from './routes';
import { speciesTexts } from './speciesTexts';
import { speciesSyncActions } from './sync/speciesSyncSlice';
import { reptileRowsFromExtract } from './testReptiles';
import { DEMO_SPECIES } from './testSpecies';

const unitedStates = { location_id: 'USA', name: 'United States of America', parent_location: [] };
const southAfrica = { location_id: 'ZAF', name: 'South Africa', parent_location: [] };

beforeAll(async () => {
  // The pages are lazy: load the module once so no test's first wait is spent compiling it.
  await import('./SpeciesListPage');
});

beforeEach(async () => {
  await db.species.clear();
});

function renderList(config: Partial<StoredConfig>, route = '/species') {
  const app = renderApp(
    <Routes>
      {speciesRoutes.map((entry) => (
        <Route key={entry.path} path={entry.path} element={entry.element} />
      ))}
    </Routes>,
    { route },
  );
  act(() => {
    app.store.dispatch(configActions.restored({ ...defaultConfig, ...config }));
  });
  return app;
}

const list = () => screen.findByRole('list', { name: 'Species' });
const linkNames = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('the species list page', () => {
  it('lists the member’s groups and region by family, in taxonomic order', async () => {
    await db.species.bulkPut([...DEMO_SPECIES]);
    renderList({ location: unitedStates, species: ['Birds|IOC', 'Mammals|Large'] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Species' })).toBeTruthy();
    const species = await list();
    await waitFor(() => {
      expect(
        within(species)
          .getAllByRole('heading', { level: 2 })
          .map((heading) => heading.textContent),
      ).toEqual(['Anatidae', 'Phasianidae', 'Accipitridae', 'Turdidae', 'Mustelidae', 'Ursidae']);
    });
    expect(
      within(species)
        .getByRole('link', { name: /^Bald Eagle/ })
        .getAttribute('href'),
    ).toBe('/species/avibase-fed3756c');
    expect(within(species).queryByRole('link', { name: /Northern Flying Squirrel/ })).toBeNull(); // Small
    expect(within(species).queryByRole('link', { name: /Elephant/ })).toBeNull(); // South Africa
    expect(screen.getByText(/^14 species · United States of America/)).toBeTruthy();
  });

  it('follows the config: another region and other groups', async () => {
    await db.species.bulkPut([...DEMO_SPECIES]);
    renderList({ location: southAfrica, species: ['Mammals|All', 'Amphibians'] });
    const species = await list();
    await waitFor(() => {
      expect(linkNames(species)).toEqual([
        'African Savanna ElephantLoxodonta africana',
        'BluebuckHippotragus leucophaeus · Extinct',
        'Common SqueakerArthroleptis stenodactylus',
      ]);
    });
  });

  it('shows names in the additional language', async () => {
    await db.species.bulkPut([...DEMO_SPECIES]);
    renderList({ location: unitedStates, species: ['Birds|IOC'], language: { language: 'French' } });
    const species = await list();
    expect(
      await within(species).findByRole('link', { name: /^American Robin Merle d'Amérique/ }),
    ).toBeTruthy();
  });

  it('searches after a pause in typing, tolerating a typo', async () => {
    await db.species.bulkPut([...DEMO_SPECIES]);
    renderList({ location: unitedStates, species: ['Birds|IOC', 'Mammals|Large'] });
    await list();
    fireEvent.change(screen.getByRole('searchbox', { name: speciesTexts.speciesSearchLabel }), {
      target: { value: 'robn' },
    });
    await waitFor(() => {
      expect(linkNames(screen.getByRole('list', { name: 'Species' }))).toHaveLength(1);
    });
    expect(screen.getByRole('link', { name: /^American Robin/ })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 species match');
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('says when nothing matches', async () => {
    await db.species.bulkPut([...DEMO_SPECIES]);
    renderList({ location: unitedStates, species: ['Birds|IOC'] }, '/species?q=zebra');
    expect(await screen.findByText("No species match 'zebra'.")).toBeTruthy();
  });

  it('asks for a region before anything else', async () => {
    renderList({ location: null });
    expect(await screen.findByText(speciesTexts.speciesNoConfig)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: speciesTexts.speciesChooseList }));
    expect(await screen.findByRole('dialog', { name: messages.configTitle })).toBeTruthy();
  });

  it('says species are on their way while none are on the device', async () => {
    renderList({ location: unitedStates });
    expect(await screen.findByText(speciesTexts.speciesSyncing)).toBeTruthy();
  });

  it('shows the sync’s progress while the first species arrive, and says when it cannot', async () => {
    const { store } = renderList({ location: unitedStates });
    act(() => {
      store.dispatch(speciesSyncActions.started());
      store.dispatch(speciesSyncActions.progressed({ received: 250, total: 1000 }));
    });
    const bar = await screen.findByRole('progressbar', { name: speciesTexts.speciesSyncing });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    act(() => {
      store.dispatch(speciesSyncActions.failed());
    });
    expect(await screen.findByText(messages.speciesSyncFailed)).toBeTruthy();
    act(() => {
      store.dispatch(networkActions.wentOffline());
    });
    expect(await screen.findByText(messages.speciesSyncOffline)).toBeTruthy();
  });

  it('says the server is still loading its lists, lets the member search what is here, and stops saying it', async () => {
    await db.species.bulkPut([...DEMO_SPECIES]);
    const { store } = renderList({ location: unitedStates, species: ['Birds|IOC', 'Mammals|Large'] });
    await list();
    act(() => {
      store.dispatch(speciesSyncActions.started());
      store.dispatch(speciesSyncActions.finished({ serverLoading: { done: 12000, total: 40020 } }));
    });
    expect(await screen.findByText(/still loading the species lists \(12,000 of 40,020\)/)).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: speciesTexts.speciesSearchLabel }), {
      target: { value: 'robin' },
    });
    await waitFor(() => {
      expect(screen.getByRole('link', { name: /^American Robin/ })).toBeTruthy();
    });
    // The engine's next pull: the notice stays while it runs, and goes once the server has loaded.
    act(() => {
      store.dispatch(speciesSyncActions.started());
    });
    expect(screen.getByText(/still loading the species lists/)).toBeTruthy();
    act(() => {
      store.dispatch(speciesSyncActions.finished());
    });
    await waitFor(() => {
      expect(screen.queryByText(/still loading the species lists/)).toBeNull();
    });
  });

  it('keeps only a window of a long list in the page', async () => {
    const reptiles = reptileRowsFromExtract();
    expect(reptiles.length).toBe(12_502);
    await db.species.bulkPut(reptiles);
    renderList({ location: southAfrica, species: ['Reptiles'] });
    // fake-indexeddb reads 12,502 rows slowly; a real browser takes a fraction of this.
    const species = await screen.findByRole('list', { name: 'Species' });
    const rows = await within(species).findAllByRole('listitem');
    const total = Number(rows[0]?.getAttribute('aria-setsize'));
    // 12,502 species under their families' headers, of which a screenful and the overscan render.
    expect(total).toBeGreaterThan(12_502);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(within(rows[0] as HTMLElement).getByRole('heading', { level: 2 }).textContent).toBe(
      'Acrochordidae',
    );
    // A reptile has no common name: its scientific name is said once, not twice (issue 23).
    const shown = reptiles.filter((row) => rows.some((item) => item.textContent.includes(row.name)));
    expect(shown.length).toBeGreaterThan(0);
    for (const reptile of shown) {
      const text = rows.find((item) => item.textContent.includes(reptile.name))?.textContent ?? '';
      expect(text.split(reptile.scientific_name).length - 1, text).toBe(1);
    }
  });
});
