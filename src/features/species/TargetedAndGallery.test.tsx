// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { labels } from '../../app/labels';
import { configActions, defaultConfig } from '../../app/configSlice';
import { db } from '../../db/db';
import type { SpeciesRow } from '../../db/rows';
import { fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { speciesRoutes } from './routes';
import { speciesTexts } from './speciesTexts';
import { demoSpecies, DEMO_SPECIES } from './testSpecies';

const southAfrica = { location_id: 'ZAF', name: 'South Africa', parent_location: [] };

beforeAll(async () => {
  await import('./pages'); // the pages are lazy: compile them once, outside the tests' waits
});

beforeEach(async () => {
  await db.species.clear();
});

function renderPage(route: string, options: { network?: FakeNetwork; offline?: boolean } = {}) {
  const app = renderApp(
    <Routes>
      {speciesRoutes.map((entry) => (
        <Route key={entry.path} path={entry.path} element={entry.element} />
      ))}
    </Routes>,
    {
      route,
      ...(options.network ? { network: options.network } : {}),
      ...(options.offline ? { preloadedState: { network: { isOnline: false } } } : {}),
    },
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

  describe('with photos of public sightings', () => {
    const elephant = demoSpecies('Loxodonta africana');
    const squeaker = demoSpecies('Arthroleptis stenodactylus');
    const sightingPhoto = (speciesId: string, mediaId: string) => ({
      species_id: speciesId,
      media_id: mediaId,
      path: `/api/v1.0/media/${mediaId}/original.jpg`,
      thumbnail: `/api/v1.0/media/${mediaId}/thumbnail.webp`,
      width: 800,
      height: 600,
      created_at: 1_795_355_286,
    });
    const withSightingPhotos = () => {
      const network = fakeNetwork();
      network.on('GET', 'species_images', {
        body: {
          status: 'success',
          images: [sightingPhoto(elephant.id, 's-1'), sightingPhoto(squeaker.id, 's-2')],
          total: 2,
        },
      });
      return network;
    };
    const tiles = async () =>
      within(await screen.findByRole('list', { name: labels.speciesGallery }))
        .getAllByRole('img')
        .map((image) => [image.getAttribute('alt'), image.getAttribute('src')]);

    it("online, a species without a reference photo shows a public sighting's photo", async () => {
      await db.species.bulkPut([...DEMO_SPECIES, withPhoto(elephant, 'm-1')]);
      const network = withSightingPhotos();
      renderPage('/species-gallery', { network });
      // The reference photo first; the squeaker has none, so its sighting photo.
      await waitFor(async () => {
        expect(await tiles()).toEqual([
          ['African Savanna Elephant', '/media/m-1/thumbnail.jpg'],
          ['Common Squeaker', '/api/v1.0/media/s-2/thumbnail.webp'],
        ]);
      });
      const asked = network.sent.find((request) => request.path.startsWith('species_images?'));
      const query = new URLSearchParams(asked?.path.split('?')[1]);
      expect(query.get('location_id')).toBe('ZAF');
      expect(query.get('classifications')).toBe('Mammals|All,Amphibians');
    });

    it('offline, shows the reference photos only and asks nothing', async () => {
      await db.species.bulkPut([...DEMO_SPECIES, withPhoto(elephant, 'm-1')]);
      const network = withSightingPhotos();
      renderPage('/species-gallery', { network, offline: true });
      expect(await tiles()).toEqual([['African Savanna Elephant', '/media/m-1/thumbnail.jpg']]);
      expect(network.sent.filter((request) => request.path.startsWith('species_images'))).toEqual([]);
    });
  });
});
