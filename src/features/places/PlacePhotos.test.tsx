// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMessage } from '@contract/messages';
import type { PlacePhoto } from '@contract/places';
import { placeTexts } from './texts';
import { db } from '../../db/db';
import { aSignedInSession } from '../../test/factories';
import { fakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { FieldGuideOverviewPage } from '../fieldguides/FieldGuideOverviewPage';
import { PlaceOverviewPage } from './PlaceOverviewPage';
import { kruger } from './testPlaces';

const GUIDE_ID = '5d7c2a10-3b4e-4f6a-8c9d-0e1f2a3b4c5d';

const photo = (id: string): PlacePhoto => ({
  media_id: id,
  path: `/api/v1.0/media/${id}/original.jpg`,
  thumbnail: `/api/v1.0/media/${id}/thumbnail.webp`,
});
const waterhole = photo('1a2b3c4d-0000-4000-8000-000000000001');
const drive = photo('1a2b3c4d-0000-4000-8000-000000000002');

function onlineNetwork() {
  const network = fakeNetwork();
  network.on('GET', `hotspots/${kruger.hotspot_id}`, {
    body: { status: 'success', hotspot: { ...kruger, photos: [waterhole, drive], guides: [] } },
  });
  network.on('GET', `hotspots/${kruger.hotspot_id}/species`, { body: { status: 'success', species: [] } });
  network.on('GET', `hotspots/${kruger.hotspot_id}/ratings`, {
    body: { status: 'success', average: null, count: 0, ratings: [] },
  });
  network.on('GET', `field_guides/${GUIDE_ID}`, {
    body: {
      status: 'success',
      field_guide: {
        field_guide_id: GUIDE_ID,
        name: 'Lowveld Guiding',
        about: '',
        phone: '',
        email: '',
        website: '',
        languages: [],
        location_id: null,
        latitude: -24,
        longitude: 31,
        hotspots: 0,
        photos: [drive],
        places: [],
      },
    },
  });
  network.on('GET', `field_guides/${GUIDE_ID}/species`, { body: { status: 'success', species: [] } });
  return network;
}

function renderAt(route: string, network = onlineNetwork(), isOnline = true) {
  return renderApp(
    <Routes>
      <Route path="/hotspot-overview/:hotspot_id" element={<PlaceOverviewPage />} />
      <Route path="/fieldguide-overview/:field_guide_id" element={<FieldGuideOverviewPage />} />
    </Routes>,
    { route, network, preloadedState: { session: aSignedInSession(), network: { isOnline } } },
  );
}

const alt = (n: number, name: string) => formatMessage(placeTexts.photoOf, { n, name });

beforeAll(async () => {
  await import('./pages');
});

beforeEach(async () => {
  await Promise.all([db.places.clear(), db.field_guides.clear()]);
});

describe('photos on the places pages', () => {
  it("show a place's photos in order, each opening the full image, and again offline", async () => {
    renderAt(`/hotspot-overview/${kruger.hotspot_id}`);
    const first = await screen.findByRole('img', { name: alt(1, kruger.name) });
    expect(first.getAttribute('src')).toBe(waterhole.thumbnail);
    expect(screen.getByRole('region', { name: placeTexts.photos })).toBeTruthy();
    expect(screen.getByRole('img', { name: alt(2, kruger.name) }).getAttribute('src')).toBe(drive.thumbnail);
    const open = screen.getByRole('link', {
      name: formatMessage(placeTexts.photoOpen, { n: 1, name: kruger.name }),
    });
    expect(open.getAttribute('href')).toBe(waterhole.path);
    cleanup();

    // Offline nothing answers: the list is the device's copy (the files come from the image cache).
    renderAt(`/hotspot-overview/${kruger.hotspot_id}`, fakeNetwork(), false);
    expect((await screen.findByRole('img', { name: alt(2, kruger.name) })).getAttribute('src')).toBe(
      drive.thumbnail,
    );
  });

  it('show nothing for a place without photos, and a guide’s photos on their page', async () => {
    await db.places.put({ ...kruger, id: kruger.hotspot_id, kept: Date.now() });
    renderAt(`/hotspot-overview/${kruger.hotspot_id}`, fakeNetwork(), false);
    expect(await screen.findByRole('heading', { level: 1, name: kruger.name })).toBeTruthy();
    expect(screen.queryByRole('region', { name: placeTexts.photos })).toBeNull();
    cleanup();

    renderAt(`/fieldguide-overview/${GUIDE_ID}`);
    const portrait = await screen.findByRole('img', { name: alt(1, 'Lowveld Guiding') });
    expect(portrait.getAttribute('src')).toBe(drive.thumbnail);
  });
});
