// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SyncRecord } from '@contract/sync';
import { configActions, defaultConfig } from '../../app/configSlice';
import { db } from '../../db/db';
import { fakeNetwork, type SentRequest } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { kruger } from './testPlaces';

const record: SyncRecord = {
  id: kruger.hotspot_id,
  mod: 1,
  rev: '7_server',
  deleted: false,
  data: { ...kruger, boundary: null },
};
const southAfrica = { location_id: 'ZAF', name: 'South Africa', parent_location: [] };
const unitedStates = { location_id: 'USA', name: 'United States of America', parent_location: [] };

/** The network answering the two places collections, and the pulls it was asked for. */
function placesServer() {
  const network = fakeNetwork();
  network.on('GET', 'collection/hotspots', {
    body: { status: 'success', records: [record], more: false, last_mod: 7 },
  });
  network.on('GET', 'collection/field_guides', {
    body: { status: 'success', records: [], more: false, last_mod: 0 },
  });
  const pulls = () =>
    network.sent
      .filter((request: SentRequest) => /^collection\/(hotspots|field_guides)\?/.test(request.path))
      .map((request) => {
        const url = new URL(request.path, 'http://x/');
        return [url.pathname.slice(1), url.searchParams.get('filter')];
      });
  return { network, pulls };
}

beforeEach(async () => {
  await Promise.all([db.places.clear(), db.field_guides.clear(), db.collection_marks.clear()]);
});

describe("the region's places", () => {
  it('are pulled into the places table when the member chooses a location', async () => {
    const { network, pulls } = placesServer();
    const { store } = renderApp(null, { network });
    act(() => {
      store.dispatch(configActions.saved({ ...defaultConfig, location: southAfrica }));
    });
    await waitFor(async () => {
      expect(await db.places.get(kruger.hotspot_id)).toMatchObject({ name: kruger.name });
    });
    expect(pulls().sort()).toEqual([
      ['collection/field_guides', '{"location_id":"ZAF"}'],
      ['collection/hotspots', '{"location_id":"ZAF"}'],
    ]);
  });

  it('are not pulled when the stored config is only read back at start', async () => {
    const { network, pulls } = placesServer();
    const { store } = renderApp(null, { network });
    act(() => {
      store.dispatch(configActions.restored({ ...defaultConfig, location: southAfrica }));
      // A later change that keeps the location pulls nothing either.
      store.dispatch(
        configActions.saved({ ...defaultConfig, location: southAfrica, species: ['Birds|IOC'] }),
      );
    });
    // Then a real change: once its pull is sent, any pull of the two actions before it would be too.
    act(() => {
      store.dispatch(configActions.saved({ ...defaultConfig, location: unitedStates }));
    });
    await waitFor(() => {
      expect(pulls()).toHaveLength(2);
    });
    expect(pulls().map(([, filter]) => filter)).toEqual(['{"location_id":"USA"}', '{"location_id":"USA"}']);
  });
});
