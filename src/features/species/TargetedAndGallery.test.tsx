// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { labels } from '@contract/labels';
import { speciesTexts } from '@contract/speciesTexts';
import { configActions, defaultConfig } from '../../app/configSlice';
import { db } from '../../db/db';
import type { SpeciesRow } from '../../db/rows';
import { renderApp } from '../../test/renderApp';
import { speciesRoutes } from './routes';
import { demoSpecies, DEMO_SPECIES } from './testSpecies';

const southAfrica = { location_id: 'ZAF', name: 'South Africa', parent_location: [] };

beforeAll(async () => {
  await import('./pages'); // the pages are lazy: compile them once, outside the tests' waits
});

beforeEach(async () => {
  await db.species.clear();
});

function renderPage(route: string) {
  const app = renderApp(
    <Routes>
      {speciesRoutes.map((entry) => (
        <Route key={entry.path} path={entry.path} element={entry.element} />
      ))}
    </Routes>,
    { route },
  );
  act(() => {
    app.store.dispatch(
      configActions.restored({
        ...defaultConfig,
        location: southAfrica,
        species: ['Mammals|All', 'Amphibians'],
      }),
    );
  });
  return app;
}

/** A real species with a photo, as an administrator's upload would give it (the lists have none). */
const withPhoto = (row: SpeciesRow, mediaId: string): SpeciesRow => ({
  ...row,
  photo: { thumbs: [{ media_id: mediaId, path: `/media/${mediaId}/thumbnail.jpg` }] },
});

describe('the targeted species page', () => {
  it('lists the species of the member’s list by family, as none is recorded on this device', async () => {
    await db.species.bulkPut([...DEMO_SPECIES]);
    renderPage('/targeted-species');
    expect(await screen.findByRole('heading', { level: 1, name: labels.targetedSpecies })).toBeTruthy();
    expect(screen.getByText(speciesTexts.targetedGuest)).toBeTruthy();
    const list = await screen.findByRole('list', { name: labels.targetedSpecies });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'African Savanna ElephantLoxodonta africana',
      'BluebuckHippotragus leucophaeus · Extinct',
      'Common SqueakerArthroleptis stenodactylus',
    ]);
    expect(screen.getByRole('status').textContent).toBe('3 of 3 species still to find');
  });
});

describe('the species gallery', () => {
  it('says honestly that there are no photos yet', async () => {
    await db.species.bulkPut([...DEMO_SPECIES]);
    renderPage('/species-gallery');
    expect(await screen.findByText(speciesTexts.galleryEmpty)).toBeTruthy();
  });

  it('shows a tile per species with a photo, filterable by group', async () => {
    await db.species.bulkPut([
      ...DEMO_SPECIES,
      withPhoto(demoSpecies('Loxodonta africana'), 'm-1'),
      withPhoto(demoSpecies('Arthroleptis stenodactylus'), 'm-2'),
    ]);
    renderPage('/species-gallery');
    const gallery = await screen.findByRole('list', { name: labels.speciesGallery });
    const tiles = () =>
      within(gallery)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
    expect(tiles()).toEqual(['/species/mdd-1000522', '/species/aweb-1432']);
    expect(within(gallery).getByRole('img', { name: 'African Savanna Elephant' }).getAttribute('src')).toBe(
      '/media/m-1/thumbnail.jpg',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Amphibians' }));
    expect(tiles()).toEqual(['/species/aweb-1432']);
  });
});
