// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hotspot } from '@contract/places';
import { placeTexts } from '../places/texts';
import { formatMessage } from '@contract/messages';
import { db } from '../../db/db';
import { renderApp } from '../../test/renderApp';
import { kruger, yosemite } from '../places/testPlaces';
import { GlobalMapPage } from './GlobalMapPage';

const keep = (place: Hotspot) => db.places.put({ ...place, id: place.hotspot_id, kept: 1 });

beforeAll(async () => {
  await import('./SightingsMap'); // compile MapLibre once, outside the tests' waits
});

beforeEach(async () => {
  await db.places.clear();
});

describe("/global-map's places layer", () => {
  it('shows the places the device keeps, offline, and follows the device as places arrive', async () => {
    await keep(kruger);
    renderApp(<GlobalMapPage />, { preloadedState: { network: { isOnline: false } } });
    expect(await screen.findByText(placeTexts.onePlaceOnMap)).toBeTruthy();

    await act(() => keep(yosemite));
    expect(await screen.findByText(formatMessage(placeTexts.placesOnMap, { count: 2 }))).toBeTruthy();
  });

  it('is switched off and on by the member', async () => {
    renderApp(<GlobalMapPage />);
    expect(await screen.findByText(placeTexts.noPlacesOnMap)).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: placeTexts.placesLayer }));
    expect(screen.queryByText(placeTexts.noPlacesOnMap)).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: placeTexts.placesLayer }));
    expect(await screen.findByText(placeTexts.noPlacesOnMap)).toBeTruthy();
  });
});
