// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { labels } from '../../app/labels';
import { recordingTexts } from '../observations/texts';
import { messages } from '@contract/messages';
import { placeTexts } from './texts';
import { db } from '../../db/db';
import { aSignedInSession } from '../../test/factories';
import { fakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { routesOf } from '../../test/moduleRoutes';
import { observationsModule } from '../observations';
import { PlaceOverviewPage } from './PlaceOverviewPage';
import { kruger } from './testPlaces';
import { present } from '../../test/present';

const observationRoutes = await routesOf(observationsModule);
const session = aSignedInSession();
const MEMBER = present(session.user).user_id;

/** The place page and the recording form, offline: only what the device keeps answers. */
function renderOffline(isSignedIn: boolean) {
  return renderApp(
    <Routes>
      <Route path="/hotspot-overview/:hotspot_id" element={<PlaceOverviewPage />} />
      {observationRoutes.map((entry) => (
        <Route key={entry.path} path={entry.path} element={entry.element} />
      ))}
    </Routes>,
    {
      route: `/hotspot-overview/${kruger.hotspot_id}`,
      network: fakeNetwork(),
      preloadedState: { network: { isOnline: false }, ...(isSignedIn ? { session } : {}) },
    },
  );
}

beforeAll(async () => {
  // The pages are lazy: compile them once, outside the tests' waits.
  await Promise.all([import('./pages'), import('../observations/RecordObservationPage')]);
});

beforeEach(async () => {
  await Promise.all([db.places.clear(), db.species_observations.clear(), db.dirty.clear()]);
  await db.places.put({ ...kruger, id: kruger.hotspot_id, kept: 1 });
});

describe('record a sighting here', () => {
  it("opens the form offline at the place's point and saves the sighting there", async () => {
    renderOffline(true);
    fireEvent.click(await screen.findByRole('link', { name: placeTexts.recordHere }));

    expect(await screen.findByRole('heading', { level: 1, name: labels.recordSighting })).toBeTruthy();
    expect(screen.getByRole('radio', { name: recordingTexts.sightingPositionManual })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByLabelText(recordingTexts.sightingLatitude)).toHaveProperty('value', '-23.99');
    expect(screen.getByLabelText(recordingTexts.sightingLongitude)).toHaveProperty('value', '31.55');

    fireEvent.click(screen.getByLabelText(recordingTexts.sightingUnspecified));
    fireEvent.click(screen.getByRole('button', { name: recordingTexts.sightingSave }));
    await waitFor(async () => {
      expect(await db.species_observations.where('user_id').equals(MEMBER).toArray()).toMatchObject([
        {
          species_id: null,
          coordinate: { type: 'Point', coordinates: [31.55, -23.99] },
          coordinate_hidden: false,
        },
      ]);
    });
  });

  it('tells a guest to sign in instead of opening the form', async () => {
    renderOffline(false);
    fireEvent.click(await screen.findByRole('button', { name: placeTexts.recordHere }));
    expect(await screen.findByText(messages.recordSignedOut)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: labels.recordSighting })).toBeNull();
  });
});
