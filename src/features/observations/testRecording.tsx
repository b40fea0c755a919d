/**
 * What the recording tests share: the app rendered at a route with the recording and species pages,
 * a member (or a guest), the member's list (United States, Birds IOC) and the device's position as
 * the test wants it. Only the position and the vibration motor are stand-ins (device boundaries);
 * the database is fake-indexeddb with the real demo species.
 */
import { act } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { configActions, defaultConfig } from '../../app/configSlice';
import { networkActions } from '../../app/networkSlice';
import { sessionUserFrom } from '../../app/sessionUser';
import { db } from '../../db/db';
import { aLoginResponse } from '../../test/factories';
import { renderApp, type RenderedApp } from '../../test/renderApp';
import { resetMemberData } from '../../test/sightings';
import { routesOf } from '../../test/moduleRoutes';
import { speciesModule } from '../species';
import { DEMO_SPECIES } from '../species/testSpecies';
import { observationRoutes } from './routes';
import { present } from '../../test/present';

const speciesRoutes = await routesOf(speciesModule);

export const MEMBER_ID = 'u-1';
const unitedStates = { location_id: 'USA', name: 'United States of America', parent_location: [] };

/** Empties the member tables and loads the demo species. */
export function resetDatabase(): Promise<void> {
  return resetMemberData(db, DEMO_SPECIES);
}

export function renderRecording(
  route: string,
  options: { signedIn?: boolean; online?: boolean } = {},
): RenderedApp {
  const { signedIn = true, online = true } = options;
  const user = sessionUserFrom({
    response: aLoginResponse({ user_id: MEMBER_ID }),
    username: 'wren@example.org',
    method: 'basic',
  });
  const app = renderApp(
    <Routes>
      {[...observationRoutes, ...speciesRoutes].map((entry) => (
        <Route key={entry.path} path={entry.path} element={entry.element} />
      ))}
    </Routes>,
    {
      route,
      // Signed in from the start (a restored session): signing in would start the member sync.
      preloadedState: signedIn
        ? {
            session: {
              user,
              authToken: 'auth.4000000000',
              refreshToken: 'refresh.4100000000',
              clientToken: null,
              isRestored: true,
            },
          }
        : undefined,
    },
  );
  act(() => {
    app.store.dispatch(
      configActions.restored({ ...defaultConfig, location: unitedStates, species: ['Birds|IOC'] }),
    );
    if (!online) app.store.dispatch(networkActions.wentOffline());
  });
  return app;
}

export interface FakePosition {
  lat: number;
  lng: number;
  accuracy: number;
}

/**
 * The device's position: each request answers the next of `answers` (the last one repeats), a
 * position or 'error' (denied, unavailable, timeout all look the same to the app).
 */
export function stubGeolocation(answers: ReadonlyArray<FakePosition | 'error'>) {
  let call = 0;
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null, _options?: PositionOptions) => {
      const answer = present(answers[Math.min(call, answers.length - 1)], 'an answer');
      call += 1;
      setTimeout(() => {
        if (answer === 'error') {
          failure?.({ code: 3, message: 'Timeout expired' } as GeolocationPositionError);
        } else {
          success({
            coords: { latitude: answer.lat, longitude: answer.lng, accuracy: answer.accuracy },
            timestamp: Date.now(),
          } as GeolocationPosition);
        }
      });
    },
  );
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() },
    configurable: true,
  });
  return getCurrentPosition;
}

export function stubVibrate() {
  const vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  return vibrate;
}

export function removeDeviceStubs(): void {
  delete (navigator as { geolocation?: unknown }).geolocation;
  delete (navigator as { vibrate?: unknown }).vibrate;
}

/** The member's live sightings on the device, oldest first. */
export async function storedSightings() {
  const rows = await db.species_observations.where('user_id').equals(MEMBER_ID).toArray();
  return rows.filter((row) => !row.deleted).sort((a, b) => a.date - b.date);
}
