// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adsTexts as texts } from './adsTexts';
import { defaultConfig } from '../../app/configSlice';
import { networkActions } from '../../app/networkSlice';
import { fakeNetwork, type FakeNetwork, type SentRequest } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { ScreenObserver, watchScreenAndClock } from './testAds';
import { SponsoredAd } from './embeds';
import { queuedViews } from './viewQueue';
import { present } from '../../test/present';

const AD_ID = '3c9a1f0e-2b4d-4e6f-8a1b-2c3d4e5f6a7b';

const clock = watchScreenAndClock();
beforeAll(async () => {
  await import('./SponsoredCard'); // lazy card: compile it once, outside the tests' waits
});

const views = (network: FakeNetwork): SentRequest[] =>
  network.sent.filter((request) => request.method === 'PUT' && request.path.startsWith(`ads/${AD_ID}/view/`));

function showFeed(network: FakeNetwork) {
  network.on('GET', 'ads/impression', {
    body: {
      status: 'success',
      ad: {
        id: AD_ID,
        title: 'Binoculars on sale',
        text: 'Bright glasses',
        image: null,
        link: 'https://optics.example.com',
        latitude: null,
        longitude: null,
        sponsored: true,
      },
    },
  });
  network.on('PUT', `ads/${AD_ID}/view`, { body: { status: 'success' } });
  return renderApp(<SponsoredAd />, {
    network,
    preloadedState: {
      config: {
        config: { ...defaultConfig, location: { location_id: 'ZAF', name: 'South Africa' } },
        isStored: true,
        isRestored: true,
      },
    },
  });
}

describe('the sponsored card in the newsfeed', () => {
  it("shows the ad for the member's region, labelled Sponsored", async () => {
    const network = fakeNetwork();
    showFeed(network);
    const card = await screen.findByRole('complementary', { name: `${texts.sponsored}: Binoculars on sale` });
    expect(within(card).getByText(texts.sponsored)).toBeTruthy();
    expect(network.sent.find((request) => request.path.startsWith('ads/impression'))?.path).toBe(
      'ads/impression?placement=newsfeed&location_id=ZAF',
    );
    const link = within(card).getByRole('link');
    expect(link.getAttribute('href')).toMatch(
      new RegExp(`^/newsfeed-ad-view\\?ad_id=${AD_ID}&view=[\\w-]+$`),
    );
  });

  it('counts only the time at least half of it is on screen, and sends the same view id again', async () => {
    const network = fakeNetwork();
    showFeed(network);
    await screen.findByText(texts.sponsored);
    // The card starts watching once it is in the page (an effect after its render).
    const screenNow = await vi.waitFor(
      () => ScreenObserver.current ?? Promise.reject(new Error('not watched')),
    );

    act(() => {
      screenNow.show(0.3); // a corner of it: not seen yet
    });
    clock.ms += 5_000;
    act(() => {
      screenNow.show(0.8);
    });
    clock.ms += 4_500;
    act(() => {
      screenNow.show(0);
    });
    await waitFor(() => {
      expect(views(network)).toHaveLength(1);
    });
    expect(present(views(network)[0], 'a first view').body).toEqual({
      views: 1,
      view_time: 4_500,
      first_view: Math.floor(1_800_000_005_000 / 1000),
      last_view: Math.floor(1_800_000_009_500 / 1000),
      clicked: false,
    });

    clock.ms += 60_000;
    act(() => {
      screenNow.show(1);
    });
    clock.ms += 2_000;
    act(() => {
      screenNow.show(0);
    });
    await waitFor(() => {
      expect(views(network)).toHaveLength(2);
    });
    // The whole showing's totals, under the same view id: the server keeps the larger values.
    expect(present(views(network)[1], 'a second view').path).toBe(
      present(views(network)[0], 'a first view').path,
    );
    expect(present(views(network)[1], 'a second view').body).toMatchObject({ views: 2, view_time: 6_500 });
    expect(await queuedViews()).toEqual([]);
  });

  it('keeps views made offline on the device and sends them when back online', async () => {
    const network = fakeNetwork();
    const { store } = showFeed(network);
    await screen.findByText(texts.sponsored);
    await waitFor(() => {
      expect(ScreenObserver.current).not.toBeNull();
    });
    act(() => {
      store.dispatch(networkActions.wentOffline());
    });
    act(() => {
      present(ScreenObserver.current, 'the watched card').show(1);
    });
    clock.ms += 3_000;
    act(() => {
      present(ScreenObserver.current, 'the watched card').show(0);
    });
    await waitFor(async () => {
      expect(await queuedViews()).toHaveLength(1);
    });
    expect(views(network)).toEqual([]);

    act(() => {
      store.dispatch(networkActions.wentOnline());
    });
    await waitFor(() => {
      expect(views(network)).toHaveLength(1);
    });
    expect(present(views(network)[0], 'a first view').body).toMatchObject({ views: 1, view_time: 3_000 });
    await waitFor(async () => {
      expect(await queuedViews()).toEqual([]);
    });
  });
});
