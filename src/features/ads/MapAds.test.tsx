// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { FeatureCollection } from 'geojson';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adsTexts as texts } from './adsTexts';
import { fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { ScreenObserver, watchScreenAndClock } from './testAds';
import { SponsoredMapAds, type MapArea } from './embeds';

const AD_ID = '5d2b7c1e-3f4a-4b5c-9d6e-7f8091a2b3c4';
const CAPE_TOWN: MapArea = { bounds: [17.9, -34.4, 19.1, -33.5], zoom: 9 };

const clock = watchScreenAndClock();
beforeAll(async () => {
  await import('./MapAds'); // lazy: compile it once, outside the tests' waits
});

function showMap(network: FakeNetwork, area: MapArea | null = CAPE_TOWN, isOnline = true) {
  network.on('GET', 'ads/map', {
    body: {
      status: 'success',
      ads: [
        {
          id: AD_ID,
          title: 'Table Mountain hikes',
          text: 'Guided walks',
          image: null,
          link: 'https://hikes.example.com',
          latitude: -33.96,
          longitude: 18.4,
          sponsored: true,
        },
      ],
    },
  });
  network.on('PUT', `ads/${AD_ID}/view`, { body: { status: 'success' } });
  const points: FeatureCollection[] = [];
  const rendered = renderApp(<SponsoredMapAds area={area} onPoints={(p) => points.push(p)} />, {
    network,
    preloadedState: { network: { isOnline } },
  });
  return { ...rendered, points };
}

const mapCalls = (network: FakeNetwork) =>
  network.sent.filter((request) => request.path.startsWith('ads/map'));

describe('the ads on the map', () => {
  it('asks for the ads in the area on screen and shows each as a Sponsored card and a point', async () => {
    const network = fakeNetwork();
    const { points } = showMap(network);
    await screen.findByRole('complementary', { name: `${texts.sponsored}: Table Mountain hikes` });
    expect(mapCalls(network).map((request) => request.path)).toEqual([
      `ads/map?bounds=${encodeURIComponent('17.9,-34.4,19.1,-33.5')}&zoom=9`,
    ]);
    await waitFor(() => {
      expect(points.at(-1)?.features).toHaveLength(1);
    });
    expect(points.at(-1)?.features[0]?.properties).toEqual({ id: AD_ID });
  });

  it('counts the time its card is on screen through the view queue', async () => {
    const network = fakeNetwork();
    showMap(network);
    await screen.findByText(texts.sponsored);
    const screenNow = await vi.waitFor(
      () => ScreenObserver.current ?? Promise.reject(new Error('not watched')),
    );
    act(() => {
      screenNow.show(1);
    });
    clock.ms += 2_500;
    act(() => {
      screenNow.show(0);
    });
    await waitFor(() => {
      expect(network.sent.filter((request) => request.method === 'PUT')).toHaveLength(1);
    });
    expect(network.sent.find((request) => request.method === 'PUT')?.body).toMatchObject({
      views: 1,
      view_time: 2_500,
    });
  });

  it('asks nothing before the map has loaded, nor offline', async () => {
    const network = fakeNetwork();
    const { points } = showMap(network, null);
    await waitFor(() => {
      expect(points.at(-1)?.features).toEqual([]);
    });
    expect(mapCalls(network)).toEqual([]);
    cleanup();

    const offline = fakeNetwork();
    const { points: offlinePoints } = showMap(offline, CAPE_TOWN, false);
    await waitFor(() => {
      expect(offlinePoints.at(-1)?.features).toEqual([]);
    });
    expect(mapCalls(offline)).toEqual([]);
    expect(screen.queryByText(texts.sponsored)).toBeNull();
  });
});
