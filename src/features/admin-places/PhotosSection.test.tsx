// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import { formatMessage, messages } from '@contract/messages';
import type { PlacePhoto } from '@contract/places';
import { AppRoutes } from '../../app/router';
import { sessionActions, sessionSlice } from '../../app/sessionSlice';
import { aLoginResponse } from '../../test/factories';
import { fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { aPlace } from '../places/testPlaces';
import { present } from '../../test/present';

const admin = {
  session: sessionSlice.reducer(
    undefined,
    sessionActions.loggedIn({
      response: aLoginResponse({ roles: ['admin'] }),
      username: 'harrier@example.org',
      method: 'basic',
    }),
  ),
};

const photo = (id: string): PlacePhoto => ({
  media_id: id,
  path: `/api/v1.0/media/${id}/original.jpg`,
  thumbnail: `/api/v1.0/media/${id}/thumbnail.webp`,
});
const first = photo('1a2b3c4d-0000-4000-8000-000000000001');
const second = photo('1a2b3c4d-0000-4000-8000-000000000002');

/** The place as the server holds it: the answers below change `photos` as the server would. */
function placeNetwork(photos: PlacePhoto[]): FakeNetwork {
  const network = fakeNetwork();
  const place = aPlace('kruger', 'Kruger', -24, 31.5);
  network.on('GET', 'hotspots/kruger', () => ({
    body: { status: 'success', hotspot: { ...place, photos, guides: [] } },
  }));
  network.on('GET', 'hotspots/kruger/species', { body: { status: 'success', species: [] } });
  return network;
}

const sent = (network: FakeNetwork, method: string, path: string) =>
  network.sent.filter((request) => request.method === method && request.path.split('?')[0] === path);

function chooseFile(file: File) {
  const input = present(document.querySelector<HTMLInputElement>('input[type="file"]'));
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

beforeAll(async () => {
  await import('./pages');
});

describe("an admin curates a place's photos", () => {
  it('uploads a chosen file as a data URL and shows the new photo', async () => {
    const photos = [first];
    const network = placeNetwork(photos);
    network.on('POST', 'hotspots/kruger/images', () => {
      photos.push(second);
      return { body: { status: 'success', image: {}, photos } };
    });
    renderApp(<AppRoutes />, { route: '/admin-hotspot-details/kruger', preloadedState: admin, network });
    const section = await screen.findByRole('region', { name: texts.photos });
    expect(within(section).getByRole('img', { name: formatMessage(texts.photoName, { n: 1 }) })).toBeTruthy();

    chooseFile(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'waterhole.jpg', { type: 'image/jpeg' }));
    await waitFor(() => {
      expect(sent(network, 'POST', 'hotspots/kruger/images')).toHaveLength(1);
    });
    expect(sent(network, 'POST', 'hotspots/kruger/images')[0]?.body).toEqual({
      photo: 'data:image/jpeg;base64,/9j/4A==',
      photo_name: 'waterhole.jpg',
    });
    expect(
      await within(section).findByRole('img', { name: formatMessage(texts.photoName, { n: 2 }) }),
    ).toBeTruthy();
  });

  it("shows the server's reason when it refuses the file", async () => {
    const network = placeNetwork([]);
    network.on('POST', 'hotspots/kruger/images', {
      status: 400,
      body: { status: 'failed', reason: messages.photoNotImage },
    });
    renderApp(<AppRoutes />, { route: '/admin-hotspot-details/kruger', preloadedState: admin, network });
    const section = await screen.findByRole('region', { name: texts.photos });
    expect(within(section).getByText(texts.photosNone)).toBeTruthy();
    chooseFile(new File(['not a photo'], 'notes.txt', { type: 'text/plain' }));
    expect((await within(section).findByRole('alert')).textContent).toContain(messages.photoNotImage);
  });

  it('removes a photo after asking', async () => {
    const photos = [first, second];
    const network = placeNetwork(photos);
    network.on('DELETE', `hotspots/kruger/images/${first.media_id}`, () => {
      photos.shift();
      return { body: { status: 'success', photos } };
    });
    renderApp(<AppRoutes />, { route: '/admin-hotspot-details/kruger', preloadedState: admin, network });
    const section = await screen.findByRole('region', { name: texts.photos });
    fireEvent.click(
      await within(section).findByRole('button', { name: formatMessage(texts.removePhoto, { n: 1 }) }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(sent(network, 'DELETE', `hotspots/kruger/images/${first.media_id}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: texts.delete }));
    await waitFor(() => {
      expect(within(section).getAllByRole('img')).toHaveLength(1);
    });
    expect(within(section).getByRole('img').getAttribute('src')).toBe(second.thumbnail);
  });
});
