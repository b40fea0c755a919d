// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { labels } from '../../app/labels';
import { recordingTexts } from './texts';
import { messages } from '@contract/messages';
import { UNSPECIFIED_OBSERVATION_DATE } from '@contract/observations';
import { forgetFix, QUICK_RECORD_TIMEOUT_MS } from '../../lib/position';
import { basemapFetch } from '../species/map/testBasemap';
import { demoSpecies } from '../species/testSpecies';
import {
  removeDeviceStubs,
  renderRecording,
  resetDatabase,
  storedSightings,
  stubGeolocation,
  stubVibrate,
} from './testRecording';
import { present } from '../../test/present';

const baldEagle = demoSpecies('Haliaeetus leucocephalus');

beforeAll(async () => {
  await Promise.all([
    import('./RecordObservationPage'),
    import('../species/pages'),
    import('./QuickRecordButton'),
    import('./SpeciesSightings'),
    import('./recordingRepo'),
    import('../auth/LoginDialog'),
  ]);
});

beforeEach(async () => {
  forgetFix();
  vi.stubGlobal('fetch', basemapFetch());
  await resetDatabase();
});

afterEach(() => {
  vi.unstubAllGlobals();
  removeDeviceStubs();
});

async function quickRecordOnSpeciesPage(options: { signedIn?: boolean } = {}) {
  const app = renderRecording(`/species/${baldEagle.id}`, options);
  fireEvent.click(await screen.findByRole('button', { name: recordingTexts.quickRecord }));
  return app;
}

describe('quick record on the species page', () => {
  it('stores the sighting at once with the device position, says so and vibrates, without the network', async () => {
    const position = stubGeolocation([{ lat: 47.606209912, lng: -122.332071234, accuracy: 5.678 }]);
    const vibrate = stubVibrate();
    const app = await quickRecordOnSpeciesPage();

    expect(await screen.findByText(messages.observationCreated)).toBeTruthy();
    const [row] = await storedSightings();
    expect(row).toMatchObject({
      species_id: baldEagle.id,
      coordinate: { type: 'Point', coordinates: [-122.3320712, 47.6062099], accuracy: 5.68 },
      coordinate_hidden: false,
      public: true,
      lifer: true,
    });
    expect(present(row, 'the quick record').note).toContain('Quick record: Bald Eagle');
    expect(vibrate).toHaveBeenCalledWith(1000);
    expect(present(position.mock.calls[0], 'a position request')[2]).toMatchObject({
      timeout: QUICK_RECORD_TIMEOUT_MS,
    });
    // Nothing is written through the network; the species page itself may read its photos and,
    // once its lazy places section has loaded (sooner or later, with the machine's load), where
    // to see the species online.
    const pageReads = [
      `species/${baldEagle.id}/images`,
      'hotspots/species_regular?',
      'hotspots/species_seen?',
    ];
    const isPageRead = (path: string) => pageReads.some((read) => path.startsWith(read));
    expect(app.network.sent.filter((request) => !isPageRead(request.path))).toEqual([]);
    // The species page lists it at once, with its lifer flag.
    const sightings = screen.getByRole('region', { name: recordingTexts.sightingYourRecent });
    expect(await within(sightings).findByText(recordingTexts.sightingLifer)).toBeTruthy();
  });

  it('hides the coordinate and warns when the position fails twice', async () => {
    const position = stubGeolocation(['error']);
    const vibrate = stubVibrate();
    await quickRecordOnSpeciesPage();

    expect(await screen.findByText(messages.observationCreatedNoGps)).toBeTruthy();
    expect(position).toHaveBeenCalledTimes(2);
    const [row] = await storedSightings();
    expect(row).toMatchObject({ species_id: baldEagle.id, coordinate: null, coordinate_hidden: true });
    expect(vibrate).toHaveBeenCalledWith(1000);
  });

  it('still records where the device cannot vibrate', async () => {
    stubGeolocation(['error']);
    await quickRecordOnSpeciesPage();
    expect(await screen.findByText(messages.observationCreatedNoGps)).toBeTruthy();
    expect(await storedSightings()).toHaveLength(1);
  });
});

describe('quick record of an unspecified sighting', () => {
  it('uses the fixed date, a hidden coordinate, and is neither public nor a lifer', async () => {
    stubGeolocation([{ lat: 47.6, lng: -122.3, accuracy: 5 }]);
    const vibrate = stubVibrate();
    renderRecording('/species-observation/unspecified');
    expect(await screen.findByRole('checkbox', { name: recordingTexts.sightingUnspecified })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: recordingTexts.quickRecordUnspecified }));

    await waitFor(async () => {
      expect(await storedSightings()).toHaveLength(1);
    });
    const [row] = await storedSightings();
    expect(row).toMatchObject({
      species_id: null,
      taxa: null,
      date: UNSPECIFIED_OBSERVATION_DATE,
      coordinate: null,
      coordinate_hidden: true,
      public: false,
      lifer: false,
    });
    expect(vibrate).toHaveBeenCalledWith(1000);
  });
});

describe('a guest', () => {
  it('is asked to sign in, with a Login button that opens the sign-in dialog', async () => {
    stubGeolocation(['error']);
    const app = await quickRecordOnSpeciesPage({ signedIn: false });
    const toast = await screen.findByText(messages.recordSignedOut);
    fireEvent.click(
      within(present(toast.closest('[role="alert"]'), 'the toast')).getByRole('button', {
        name: messages.loginButton,
      }),
    );
    expect(await screen.findByRole('dialog', { name: messages.signInTitle })).toBeTruthy();
    expect(app.store.getState().ui.toast).toBeNull();
    expect(await storedSightings()).toHaveLength(0);
  });

  it('gets the same refusal from Record a Sighting', async () => {
    renderRecording(`/species/${baldEagle.id}`, { signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: labels.recordSighting }));
    const toast = await screen.findByText(messages.recordSignedOut);
    expect(
      within(present(toast.closest('[role="alert"]'), 'the toast')).getByRole('button', {
        name: messages.loginButton,
      }),
    ).toBeTruthy();
  });
});
