import { describe, expect, it, vi } from 'vitest';
import type { Location } from '@contract/reference';
import { configActions, defaultConfig } from '../../app/configSlice';
import { makeStore } from '../../app/store';
import { FAKE_BASE_URL, apiCalls, fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { setUpInitialConfig } from './initialConfig';
import type { PositionSource } from './locate';
import { skipsInitialLocation } from './startup';

const westernCape: Location = {
  id: 'ZAF-1189',
  name: 'Western Cape',
  type: 'region',
  parent_id: 'ZAF',
  country_id: 'ZAF',
  latitude: -33.3,
  longitude: 19.9,
  parent_location: [{ id: 'ZAF', name: 'South Africa' }],
};
const southAfrica: Location = {
  id: 'ZAF',
  name: 'South Africa',
  type: 'country',
  parent_id: null,
  country_id: 'ZAF',
  latitude: -29,
  longitude: 25,
  parent_location: [],
};

function storeWith(network: FakeNetwork) {
  return makeStore(undefined, {
    baseUrl: FAKE_BASE_URL,
    fetch: network.fetch,
    isOnline: () => true,
    persist: false,
    retries: 0,
    retryDelayMs: 0,
  });
}

function answeringLocations(network: FakeNetwork) {
  network.on('GET', 'locations', (request) => {
    const query = new URLSearchParams(request.path.split('?')[1]);
    const location = query.get('lat') === 'geoip' ? southAfrica : westernCape;
    return { body: { status: 'success', locations: [location] } };
  });
}

const capeTown: PositionSource = () => Promise.resolve({ lat: -33.9249, lng: 18.4241 });
const denied: PositionSource = async () => Promise.reject(Object.assign(new Error('denied'), { code: 1 }));
const quiet = { log: vi.fn() };

describe('the paths that skip the initial location (SPEC §2 "Startup")', () => {
  it('skips /, /cart, /checkout, /payment and any /fulfilment/ path on the web', () => {
    for (const path of ['/', '/cart', '/checkout', '/payment', '/fulfilment/tx-1/success']) {
      expect(skipsInitialLocation(path, false)).toBe(true);
    }
    for (const path of ['/home', '/species', '/general-settings', '/products', '/cart/extra']) {
      expect(skipsInitialLocation(path, false)).toBe(false);
    }
  });

  it('skips none in the installed app, whose start page is the menu', () => {
    expect(skipsInitialLocation('/', true)).toBe(false);
  });
});

describe('the initial config (SPEC §4)', () => {
  it('stores the region nearest to the device position with the default groups and settings', async () => {
    const network = fakeNetwork();
    answeringLocations(network);
    const store = storeWith(network);
    const chosen = await store.dispatch(setUpInitialConfig({ position: capeTown, ...quiet }));
    expect(chosen?.source).toBe('position');
    expect(apiCalls(network)).toEqual([
      'GET locations?limit=1&lat=-33.9249&lng=18.4241&with_species_only=true',
    ]);
    expect(store.getState().config).toMatchObject({
      isStored: true,
      config: {
        ...defaultConfig,
        location: {
          location_id: 'ZAF-1189',
          name: 'Western Cape',
          parent_location: [{ location_id: 'ZAF', name: 'South Africa' }],
        },
      },
    });
  });

  it('looks the caller up by IP when the position is denied', async () => {
    const network = fakeNetwork();
    answeringLocations(network);
    const store = storeWith(network);
    await store.dispatch(setUpInitialConfig({ position: denied, ...quiet }));
    expect(apiCalls(network)).toEqual(['GET locations?limit=1&lat=geoip&lng=geoip']);
    expect(store.getState().config.config.location?.location_id).toBe('ZAF');
  });

  it('stores the United States when the server cannot be reached', async () => {
    const network = fakeNetwork();
    const store = makeStore(undefined, {
      baseUrl: FAKE_BASE_URL,
      fetch: network.fetch,
      isOnline: () => false,
      persist: false,
    });
    await store.dispatch(setUpInitialConfig({ position: capeTown, ...quiet }));
    expect(store.getState().config.config.location).toMatchObject({ location_id: 'USA' });
  });

  it('does nothing when a config is stored', async () => {
    const network = fakeNetwork();
    const store = storeWith(network);
    store.dispatch(
      configActions.restored({ ...defaultConfig, location: { location_id: 'GBR', name: 'UK' } }),
    );
    await expect(store.dispatch(setUpInitialConfig({ position: capeTown, ...quiet }))).resolves.toBeNull();
    expect(apiCalls(network)).toEqual([]);
  });

  it('keeps a location the member chose meanwhile, and a setting they changed meanwhile', async () => {
    const network = fakeNetwork();
    answeringLocations(network);
    const store = storeWith(network);
    let release: () => void = () => {};
    const slowPosition: PositionSource = () =>
      new Promise((resolve) => {
        release = () => {
          resolve({ lat: -33.9249, lng: 18.4241 });
        };
      });
    const pending = store.dispatch(setUpInitialConfig({ position: slowPosition, ...quiet }));
    store.dispatch(
      configActions.saved({
        ...defaultConfig,
        settings: { ...defaultConfig.settings, maps_show_lifer: false },
      }),
    );
    release();
    await pending;
    expect(store.getState().config.config).toMatchObject({
      location: { location_id: 'ZAF-1189' },
      settings: { maps_show_lifer: false },
    });

    const chosenMeanwhile = storeWith(network);
    const second = chosenMeanwhile.dispatch(setUpInitialConfig({ position: slowPosition, ...quiet }));
    chosenMeanwhile.dispatch(
      configActions.saved({ ...defaultConfig, location: { location_id: 'GBR', name: 'UK' } }),
    );
    release();
    await expect(second).resolves.toBeNull();
    expect(chosenMeanwhile.getState().config.config.location?.location_id).toBe('GBR');
  });
});
