// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { labels } from '../../app/labels';
import { recordingTexts } from './texts';
import { messages } from '@contract/messages';
import { db } from '../../db/db';
import { forgetFix } from '../../lib/position';
import { basemapFetch } from '../species/map/testBasemap';
import { speciesTexts } from '../species/speciesTexts';
import { demoSpecies } from '../species/testSpecies';
import { recordObservation } from './observationsRepo';
import {
  MEMBER_ID,
  removeDeviceStubs,
  renderRecording,
  resetDatabase,
  storedSightings,
  stubGeolocation,
} from './testRecording';
import { present } from '../../test/present';

const baldEagle = demoSpecies('Haliaeetus leucocephalus');
const mallard = demoSpecies('Anas platyrhynchos');
const SEATTLE = { lat: 47.606209912, lng: -122.332071234, accuracy: 12.3456 };

beforeAll(async () => {
  // The pages are lazy: compile them once, outside the tests' waits.
  await Promise.all([
    import('./RecordObservationPage'),
    import('../species/pages'),
    import('../species/SpeciesChooser'),
    import('./QuickRecordButton'),
    import('./SpeciesSightings'),
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

const save = () => fireEvent.click(screen.getByRole('button', { name: recordingTexts.sightingSave }));
const setDate = (value: string) =>
  fireEvent.change(screen.getByLabelText(recordingTexts.sightingDate), { target: { value } });

async function problems(): Promise<string[]> {
  const alert = await screen.findByText(recordingTexts.sightingProblems);
  return within(alert)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

async function recordBaldEagle(date: string) {
  renderRecording(`/species-observation/${baldEagle.id}`);
  await screen.findByText(/accurate to 12 m \(good\)/);
  setDate(date);
  save();
  expect(await screen.findByRole('heading', { level: 1, name: 'Bald Eagle' })).toBeTruthy();
}

describe('recording a sighting', () => {
  it('saves a sighting of the preset species with the device position, rounded', async () => {
    stubGeolocation([SEATTLE]);
    await recordBaldEagle('2024-05-01T08:00');

    expect(await screen.findByText(messages.observationCreated)).toBeTruthy();
    const [row] = await storedSightings();
    expect(row).toMatchObject({
      species_id: baldEagle.id,
      taxa: { classification: 'Birds|Clements', group_name: 'Birds', name: 'Haliaeetus leucocephalus' },
      coordinate: { type: 'Point', coordinates: [-122.3320712, 47.6062099], accuracy: 12.35 },
      coordinate_hidden: false,
      public: true,
      lifer: true,
      user_id: MEMBER_ID,
    });
    expect(await db.dirty.get(['species_observations', present(row, 'the sighting').id])).toBeTruthy();
    // The species page lists it, with its lifer flag.
    const sightings = await screen.findByRole('region', { name: recordingTexts.sightingYourRecent });
    expect(await within(sightings).findByText(recordingTexts.sightingLifer)).toBeTruthy();
  });

  it('marks only the first sighting of a species as a lifer', async () => {
    stubGeolocation([SEATTLE]);
    await recordBaldEagle('2024-05-01T08:00');
    await recordBaldEagle('2024-05-02T08:00');
    await waitFor(async () => {
      expect(await storedSightings()).toHaveLength(2);
    });
    const [first, later] = await storedSightings();
    expect(present(first, 'the first sighting').lifer).toBe(true);
    expect(present(later, 'the later sighting').lifer).toBe(false);
  });

  it('says the sighting is stored locally when offline', async () => {
    stubGeolocation([SEATTLE]);
    renderRecording(`/species-observation/${baldEagle.id}`, { online: false });
    await screen.findByText(/accurate to 12 m/);
    save();
    expect(await screen.findByText(messages.storedLocally)).toBeTruthy();
    expect(await storedSightings()).toHaveLength(1);
  });

  it('finds the species by the local search and takes typed coordinates', async () => {
    stubGeolocation(['error']);
    renderRecording('/species-observation');
    expect(await screen.findByText(recordingTexts.sightingNoFix, { exact: false })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText(speciesTexts.speciesSearchLabel), {
      target: { value: 'malard' },
    });
    const matches = await screen.findByRole('list', { name: speciesTexts.speciesSearchLabel });
    fireEvent.click(within(matches).getByRole('button', { name: /Mallard/ }));
    expect(screen.getByRole('button', { name: recordingTexts.sightingChangeSpecies })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: recordingTexts.sightingPositionManual }));
    fireEvent.change(screen.getByLabelText(recordingTexts.sightingLatitude), {
      target: { value: '-33,9249' },
    });
    fireEvent.change(screen.getByLabelText(recordingTexts.sightingLongitude), {
      target: { value: '18.4241' },
    });
    fireEvent.click(screen.getByLabelText(recordingTexts.sightingPublic));
    fireEvent.change(screen.getByLabelText(recordingTexts.sightingNote), {
      target: { value: 'On the pond.' },
    });
    save();

    expect(await screen.findByRole('heading', { level: 1, name: 'Mallard' })).toBeTruthy();
    const [row] = await storedSightings();
    expect(row).toMatchObject({
      species_id: mallard.id,
      coordinate: { type: 'Point', coordinates: [18.4241, -33.9249] },
      coordinate_hidden: false,
      public: false,
      note: 'On the pond.',
    });
  });

  it('records an unspecified sighting only when the member says so', async () => {
    stubGeolocation(['error']);
    renderRecording('/species-observation');
    await screen.findByRole('heading', { level: 1, name: labels.recordSighting });
    save();
    expect(await problems()).toEqual([recordingTexts.sightingSpeciesRequired]);
    fireEvent.click(screen.getByRole('checkbox', { name: recordingTexts.sightingUnspecified }));
    save();
    await waitFor(async () => {
      expect(await storedSightings()).toHaveLength(1);
    });
    const [row] = await storedSightings();
    expect(row).toMatchObject({ species_id: null, taxa: null, coordinate: null, coordinate_hidden: true });
  });

  it('explains what is wrong: a date far ahead, coordinates out of range, and saves nothing', async () => {
    stubGeolocation([SEATTLE]);
    renderRecording(`/species-observation/${baldEagle.id}`);
    await screen.findByRole('heading', { level: 1, name: labels.recordSighting });
    setDate('2999-01-01T10:00');
    fireEvent.click(screen.getByRole('radio', { name: recordingTexts.sightingPositionManual }));
    fireEvent.change(screen.getByLabelText(recordingTexts.sightingLatitude), { target: { value: '95' } });
    fireEvent.change(screen.getByLabelText(recordingTexts.sightingLongitude), { target: { value: 'east' } });
    save();
    expect(await problems()).toEqual([
      recordingTexts.sightingDateFuture,
      recordingTexts.sightingLatitudeInvalid,
      recordingTexts.sightingLongitudeInvalid,
    ]);
    expect(screen.getByLabelText(recordingTexts.sightingLatitude).getAttribute('aria-invalid')).toBe('true');
    expect(await storedSightings()).toHaveLength(0);
  });

  it('tries the device position again on request', async () => {
    const request = stubGeolocation(['error', SEATTLE]);
    renderRecording(`/species-observation/${baldEagle.id}`);
    expect(await screen.findByText(recordingTexts.sightingNoFix, { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: recordingTexts.sightingRetryFix }));
    expect(await screen.findByText(/accurate to 12 m \(good\)/)).toBeTruthy();
    expect(request).toHaveBeenCalledTimes(2);
    expect(present(request.mock.calls[1], 'the second position request')[2]).toMatchObject({
      enableHighAccuracy: true,
    });
  });
});

describe('editing and deleting one of one’s sightings', () => {
  async function seed(userId = MEMBER_ID) {
    return recordObservation(db, userId, {
      species_id: mallard.id,
      taxa: { classification: 'Birds|IOC', group_name: 'Birds', name: 'Anas platyrhynchos' },
      coordinate: { type: 'Point', coordinates: [-122.3320712, 47.6062099], accuracy: 8 },
      coordinate_hidden: false,
      date: Date.UTC(2024, 3, 1) / 1000,
      public: true,
      note: 'Two drakes.',
    });
  }

  it('loads the sighting, shows its lifer flag, and saves the changes', async () => {
    stubGeolocation([SEATTLE]);
    const sighting = await seed();
    renderRecording(`/species-observation/${mallard.id}/${sighting.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: recordingTexts.editSighting })).toBeTruthy();
    expect(await screen.findByText(recordingTexts.sightingLifer)).toBeTruthy();
    expect(screen.getByRole('radio', { name: recordingTexts.sightingPositionSaved })).toHaveProperty(
      'checked',
      true,
    );
    const note = screen.getByLabelText(recordingTexts.sightingNote);
    expect((note as HTMLTextAreaElement).value).toBe('Two drakes.');
    fireEvent.change(note, { target: { value: 'Two drakes and a hen.' } });
    fireEvent.click(screen.getByLabelText(recordingTexts.sightingHideCoordinate));
    save();

    expect(await screen.findByText(recordingTexts.sightingUpdated)).toBeTruthy();
    const [row] = await storedSightings();
    expect(row).toMatchObject({
      id: sighting.id,
      note: 'Two drakes and a hen.',
      coordinate_hidden: true,
      // The stored position is kept as it was.
      coordinate: { coordinates: [-122.3320712, 47.6062099], accuracy: 8 },
    });
  });

  it('deletes it only after the member confirms', async () => {
    stubGeolocation([SEATTLE]);
    const sighting = await seed();
    renderRecording(`/species-observation/${mallard.id}/${sighting.id}`);
    fireEvent.click(await screen.findByRole('button', { name: recordingTexts.sightingDelete }));
    const dialog = await screen.findByRole('dialog', { name: recordingTexts.sightingDeleteTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.cancel }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(await storedSightings()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: recordingTexts.sightingDelete }));
    const again = await screen.findByRole('dialog', { name: recordingTexts.sightingDeleteTitle });
    fireEvent.click(within(again).getByRole('button', { name: recordingTexts.sightingDeleteConfirm }));
    expect(await screen.findByText(recordingTexts.sightingDeleted)).toBeTruthy();
    expect(await storedSightings()).toHaveLength(0);
    // A tombstone with a dirty mark, so the deletion reaches the server.
    expect((await db.species_observations.get(sighting.id))?.deleted).toBe(true);
    expect(await db.dirty.get(['species_observations', sighting.id])).toBeTruthy();
  });

  it("does not let a member change another member's sighting", async () => {
    const theirs = await seed('u-2');
    renderRecording(`/species-observation/${mallard.id}/${theirs.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: recordingTexts.sightingNotYours }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: recordingTexts.sightingSave })).toBeNull();
  });

  it('says so for a sighting that is not on the device', async () => {
    renderRecording(`/species-observation/${mallard.id}/no-such-sighting`);
    expect(
      await screen.findByRole('heading', { level: 1, name: recordingTexts.sightingNotOnDevice }),
    ).toBeTruthy();
  });
});
