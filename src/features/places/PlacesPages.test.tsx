// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportActionTexts } from '../reports/texts';
import { placeTexts } from './texts';
import { db } from '../../db/db';
import { aSignedInSession } from '../../test/factories';
import { fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { FieldGuideOverviewPage } from '../fieldguides/FieldGuideOverviewPage';
import { FieldGuidesPage } from '../fieldguides/FieldGuidesPage';
import { LocationsPage } from './LocationsPage';
import { PlaceOverviewPage } from './PlaceOverviewPage';
import { rememberPosition } from './placesHooks';
import { kruger, yosemite } from './testPlaces';
import { WhereToSeeIt } from './WhereToSeeIt';
import { present } from '../../test/present';

const signedIn = aSignedInSession();
const WREN = present(signedIn.user).user_id;

const GUIDE_ID = '0b4f7a52-6a0e-4c1c-9f3e-2f6d1f0e9a11';

function placesNetwork(): FakeNetwork {
  const network = fakeNetwork();
  const list = { body: { status: 'success', hotspots: [kruger, yosemite] } };
  network.on('GET', 'hotspots/popular', list);
  network.on('GET', 'hotspots/nearby', list);
  network.on('GET', 'hotspots', { body: { status: 'success', hotspots: [yosemite] } });
  network.on('GET', 'hotspots/kruger-national-park', {
    body: {
      status: 'success',
      hotspot: { ...kruger, guides: [{ field_guide_id: GUIDE_ID, name: 'Test Guiding Co' }] },
    },
  });
  network.on('GET', 'hotspots/kruger-national-park/species', {
    body: {
      status: 'success',
      species: [
        {
          species_id: 'avibase-test-1',
          name: 'Lilac-breasted Roller',
          scientific_name: 'Coracias caudatus',
          group_id: 'birds',
          regular: true,
          sightings: 2,
          last_seen: 1_767_225_600,
        },
      ],
    },
  });
  network.on('GET', 'hotspots/kruger-national-park/ratings', {
    body: { status: 'success', average: null, count: 0, ratings: [] },
  });
  const guide = {
    field_guide_id: GUIDE_ID,
    name: 'Test Guiding Co',
    about: 'Guided drives.',
    phone: '+27 13 000 0000',
    email: 'guides@example.org',
    website: 'https://example.org',
    languages: ['English', 'Afrikaans'],
    location_id: null,
    latitude: -24.5,
    longitude: 31.6,
    hotspots: 1,
  };
  network.on('GET', 'field_guides/list', { body: { status: 'success', field_guides: [guide] } });
  network.on('GET', `field_guides/${GUIDE_ID}`, {
    body: {
      status: 'success',
      field_guide: { ...guide, places: [{ hotspot_id: kruger.hotspot_id, name: kruger.name }] },
    },
  });
  network.on('GET', `field_guides/${GUIDE_ID}/species`, { body: { status: 'success', species: [] } });
  return network;
}

function renderAt(route: string, network = placesNetwork(), isOnline = true) {
  return renderApp(
    <Routes>
      <Route path="/locations" element={<LocationsPage />} />
      <Route path="/hotspot-overview/:hotspot_id" element={<PlaceOverviewPage />} />
      <Route path="/fieldguides" element={<FieldGuidesPage />} />
      <Route path="/fieldguide-overview/:field_guide_id" element={<FieldGuideOverviewPage />} />
    </Routes>,
    { route, network, preloadedState: { session: signedIn, network: { isOnline } } },
  );
}

async function placeNames(): Promise<string[]> {
  const list = await screen.findByRole('list', { name: placeTexts.placesList });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent ?? '');
}

beforeAll(async () => {
  await import('./pages'); // compile the page modules once, outside the tests' waits
});

beforeEach(async () => {
  await Promise.all([db.places.clear(), db.field_guides.clear(), db.hotspot_likes.clear(), db.dirty.clear()]);
  await db.meta.delete('places_position');
});

describe('/locations', () => {
  it('lists the places the server answers, most liked first, and keeps them for offline', async () => {
    renderAt('/locations');
    await waitFor(async () => {
      expect(await placeNames()).toEqual(['Yosemite National Park', 'Kruger National Park']);
    });
    cleanup();

    // Offline, nothing answers: the list is the device's.
    renderAt('/locations', fakeNetwork(), false);
    expect(await placeNames()).toEqual(['Yosemite National Park', 'Kruger National Park']);
  });

  it('puts the place containing the member first, computed on the device, and marks liked places', async () => {
    await rememberPosition({ lat: -24.39, lng: 31.78 }); // Satara, inside Kruger
    renderAt('/locations', fakeNetwork(), false);
    await db.places.bulkPut([
      { ...kruger, id: kruger.hotspot_id, kept: 1 },
      { ...yosemite, id: yosemite.hotspot_id, kept: 1 },
    ]);
    await waitFor(async () => {
      expect(await placeNames()).toEqual(['Kruger National Park', 'Yosemite National Park']);
    });
    expect(screen.getByText(new RegExp(placeTexts.here))).toBeTruthy();
    expect(screen.queryByTitle(placeTexts.liked)).toBeNull();
    await act(async () => {
      const { setPlaceLiked } = await import('./placeLikesRepo');
      await setPlaceLiked(db, WREN, kruger.hotspot_id, true);
    });
    expect(await screen.findByTitle(placeTexts.liked)).toBeTruthy();
  });

  it('searches the server and the device by word starts', async () => {
    renderAt('/locations');
    fireEvent.change(await screen.findByLabelText(placeTexts.searchPlaces), { target: { value: 'yos' } });
    await waitFor(async () => {
      expect(await placeNames()).toEqual(['Yosemite National Park']);
    });
  });
});

describe('/hotspot-overview/{id}', () => {
  it('shows the place with its species, guides and ratings; the like is a dirty hotspot_likes record', async () => {
    renderAt('/hotspot-overview/kruger-national-park');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kruger National Park' })).toBeTruthy();
    expect(screen.getByText('savanna')).toBeTruthy();
    // Regular there and seen there: in both lists.
    expect(await screen.findAllByRole('link', { name: 'Lilac-breasted Roller' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Test Guiding Co' }).getAttribute('href')).toBe(
      `/fieldguide-overview/${GUIDE_ID}`,
    );
    expect(await screen.findByText(placeTexts.notRated)).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: placeTexts.like }));
    expect(await screen.findByRole('button', { name: placeTexts.unlike })).toBeTruthy();
    const [like] = await db.hotspot_likes.toArray();
    expect(like).toMatchObject({ user_id: WREN, hotspot_id: 'kruger-national-park', liked: true });
    expect(await db.dirty.get(['hotspot_likes', present(like, 'a like').id])).toMatchObject({
      user_id: WREN,
    });
  });

  it('a member reports the place (issue 18): the report names the place', async () => {
    const network = placesNetwork();
    network.on('POST', 'report_issue/create', { body: { status: 'success', created: true } });
    renderAt('/hotspot-overview/kruger-national-park', network);
    fireEvent.click(await screen.findByRole('button', { name: 'Report this place' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this place' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Wrong location' }));
    fireEvent.click(within(dialog).getByRole('button', { name: reportActionTexts.send }));
    await waitFor(() => {
      expect(network.sent.find((request) => request.path === 'report_issue/create')?.body).toMatchObject({
        section: 'place',
        id: 'kruger-national-park',
        user_id: WREN,
        category: 'wrong_location',
      });
    });
  });

  it('opens offline from the device once seen, and says so for a place never opened', async () => {
    renderAt('/hotspot-overview/kruger-national-park');
    // Regular there and seen there: in both lists.
    expect(await screen.findAllByRole('link', { name: 'Lilac-breasted Roller' })).toHaveLength(2);
    cleanup();

    renderAt('/hotspot-overview/kruger-national-park', fakeNetwork(), false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kruger National Park' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Lilac-breasted Roller' })).toHaveLength(2);
    expect(await screen.findByText(placeTexts.ratingsOffline)).toBeTruthy();
    cleanup();

    renderAt('/hotspot-overview/yosemite-national-park', fakeNetwork(), false);
    expect(await screen.findByText(placeTexts.placeOffline)).toBeTruthy();
  });

  it('says there is no such place when the server answers 404', async () => {
    renderAt('/hotspot-overview/no-such-place');
    expect(await screen.findByText(placeTexts.placeUnknown)).toBeTruthy();
  });
});

describe('field guides', () => {
  it('lists guides and shows one with contact links and the places they guide at', async () => {
    renderAt('/fieldguides');
    fireEvent.click(await screen.findByRole('link', { name: /Test Guiding Co/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Guiding Co' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Call/ }).getAttribute('href')).toBe('tel:+27130000000');
    expect(screen.getByRole('link', { name: /Email/ }).getAttribute('href')).toBe(
      'mailto:guides@example.org',
    );
    expect(screen.getByRole('link', { name: 'Kruger National Park' }).getAttribute('href')).toBe(
      '/hotspot-overview/kruger-national-park',
    );
  });
});

describe('where to see a species', () => {
  it('lists where it is regular and where it is seen, and keeps those places for offline', async () => {
    const network = fakeNetwork();
    network.on('GET', 'hotspots/species_regular', { body: { status: 'success', hotspots: [kruger] } });
    network.on('GET', 'hotspots/species_seen', { body: { status: 'success', hotspots: [yosemite] } });
    renderApp(<WhereToSeeIt speciesId="avibase-test-1" />, { network });
    expect((await screen.findByRole('link', { name: 'Kruger National Park' })).getAttribute('href')).toBe(
      '/hotspot-overview/kruger-national-park',
    );
    expect(screen.getByText(placeTexts.whereSeen)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Yosemite National Park' })).toBeTruthy();
    expect(await db.places.get('kruger-national-park')).toBeTruthy();
  });
});
