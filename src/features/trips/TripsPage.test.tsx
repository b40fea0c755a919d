// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { sightingTexts } from '../observations/texts';
import { networkActions } from '../../app/networkSlice';
import { AppRoutes } from '../../app/router';
import { db } from '../../db/db';
import { dayValueOf } from '../../lib/dayRange';
import { aSignedInSession } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { resetMemberData, aSighting, localSeconds } from '../../test/sightings';
import { recordObservation } from '../observations/observationsRepo';
import { demoSpecies } from '../species/testSpecies';
import { saveTrip } from './tripsRepo';
import { present } from '../../test/present';

const baldEagle = demoSpecies('Haliaeetus leucocephalus');
const robin = demoSpecies('Turdus migratorius');
const WREN = 'u-1';

const signedIn = aSignedInSession();

beforeAll(async () => {
  await import('./pages'); // the pages are lazy: compile them once, outside the tests' waits
  await import('../../app/routes/AppPages');
});

beforeEach(async () => {
  await resetMemberData(db, [baldEagle, robin]);
});

function renderAt(route: string) {
  return renderApp(<AppRoutes />, { route, preloadedState: { session: signedIn } });
}

const march = (day: number, hour = 10) => localSeconds(2026, 3, day, hour);

function aTrip(name: string, startDay: number, endDay: number) {
  return { name, date_start: march(startDay, 0), date_end: march(endDay, 23), note: '' };
}

async function tripItems(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: labels.trips });
  return within(list).getAllByRole('listitem');
}

function fillTripDialog(values: { name?: string; start?: string; end?: string; note?: string }) {
  const dialog = screen.getByRole('dialog');
  const field = (label: string) => within(dialog).getByLabelText(label, { exact: false });
  if (values.name !== undefined)
    fireEvent.change(field(sightingTexts.tripFieldName), { target: { value: values.name } });
  if (values.start !== undefined)
    fireEvent.change(field(sightingTexts.tripFieldStart), { target: { value: values.start } });
  if (values.end !== undefined)
    fireEvent.change(field(sightingTexts.tripFieldEnd), { target: { value: values.end } });
  if (values.note !== undefined)
    fireEvent.change(field(sightingTexts.tripFieldNote), { target: { value: values.note } });
  fireEvent.click(within(dialog).getByRole('button', { name: sightingTexts.tripSave }));
  return dialog;
}

describe('the trips page', () => {
  it('lists the trips newest first with their dates and the sightings in each', async () => {
    await saveTrip(db, WREN, aTrip('Skagit Flats', 2, 4));
    await saveTrip(db, WREN, aTrip('Olympic Peninsula', 10, 12));
    await saveTrip(db, 'u-2', aTrip('Somebody else', 1, 30));
    await recordObservation(db, WREN, aSighting(baldEagle, march(3)));
    await recordObservation(db, WREN, aSighting(robin, march(4, 22)));
    await recordObservation(db, WREN, aSighting(robin, march(20)));
    renderAt('/trips');

    const items = await tripItems();
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      expect.stringContaining('Olympic Peninsula'),
      expect.stringContaining('Skagit Flats'),
    ]);
    const [first, second] = [present(items[0], 'the first trip'), present(items[1], 'the second trip')];
    expect(first.textContent).toContain(formatMessage(sightingTexts.tripSightingsMany, { count: 0 }));
    expect(second.textContent).toContain(formatMessage(sightingTexts.tripSightingsMany, { count: 2 }));
    expect(within(second).getByRole('link').getAttribute('href')).toMatch(/^\/trips-details\//);
  });

  it('creates a trip offline, refusing what tripProblem refuses, and links the sightings in its dates', async () => {
    await recordObservation(db, WREN, aSighting(baldEagle, march(3)));
    const { store } = renderAt('/trips');
    act(() => {
      store.dispatch(networkActions.wentOffline());
    });
    expect(await screen.findByText(sightingTexts.tripsEmpty)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: sightingTexts.tripNew }));
    let dialog = fillTripDialog({ name: 'Skagit Flats' });
    expect(await within(dialog).findByText(sightingTexts.tripDatesRequired)).toBeTruthy();
    dialog = fillTripDialog({ name: '  ', start: '2026-03-02', end: '2026-03-04' });
    expect(await within(dialog).findByText(sightingTexts.tripNameRequired)).toBeTruthy();
    dialog = fillTripDialog({ name: 'Skagit Flats', start: '2026-03-05', end: '2026-03-04' });
    expect(await within(dialog).findByText(sightingTexts.tripEndsBeforeStart)).toBeTruthy();
    expect(await db.trips.count()).toBe(0);

    fillTripDialog({ start: '2026-03-02', note: 'Snow geese everywhere.' });
    const items = await tripItems();
    const first = present(items[0], 'the trip');
    expect(first.textContent).toContain('Skagit Flats');
    expect(first.textContent).toContain(sightingTexts.tripSightingsOne);
    // The toast (shown and announced).
    expect((await screen.findAllByText(sightingTexts.tripSaved)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();

    const [trip] = await db.trips.toArray();
    expect(trip).toMatchObject({ name: 'Skagit Flats', note: 'Snow geese everywhere.' });
    const saved = present(trip, 'the saved trip');
    expect(dayValueOf(saved.date_start)).toBe('2026-03-02');
    expect(dayValueOf(saved.date_end)).toBe('2026-03-04');
    expect(present((await db.species_observations.toArray())[0], 'the sighting').trips).toEqual([saved.id]);
    expect(await db.dirty.get(['trips', saved.id])).toBeTruthy();
  });

  it('edits a trip, and the counts follow its new dates', async () => {
    await saveTrip(db, WREN, aTrip('Skagit Flats', 2, 4));
    await recordObservation(db, WREN, aSighting(robin, march(6)));
    renderAt('/trips');
    const [item] = await tripItems();
    expect(present(item, 'the trip').textContent).toContain(
      formatMessage(sightingTexts.tripSightingsMany, { count: 0 }),
    );

    fireEvent.click(
      screen.getByRole('button', {
        name: formatMessage(sightingTexts.tripEditNamed, { name: 'Skagit Flats' }),
      }),
    );
    expect(screen.getByLabelText<HTMLInputElement>(sightingTexts.tripFieldName, { exact: false }).value).toBe(
      'Skagit Flats',
    );
    fillTripDialog({ name: 'Skagit and Samish', end: '2026-03-07' });
    await waitFor(async () => {
      expect(present((await tripItems())[0], 'the trip').textContent).toContain('Skagit and Samish');
    });
    expect(present((await tripItems())[0], 'the trip').textContent).toContain(sightingTexts.tripSightingsOne);
    expect(await db.trips.count()).toBe(1);
  });

  it('deletes a trip only after asking, and its sightings stay', async () => {
    const trip = await saveTrip(db, WREN, aTrip('Skagit Flats', 2, 4));
    await recordObservation(db, WREN, aSighting(baldEagle, march(3)));
    renderAt('/trips');
    await tripItems();
    const deleteButton = screen.getByRole('button', {
      name: formatMessage(sightingTexts.tripDeleteNamed, { name: 'Skagit Flats' }),
    });

    fireEvent.click(deleteButton);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: messages.cancel }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect((await db.trips.get(trip.id))?.deleted).toBeUndefined();

    fireEvent.click(deleteButton);
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog).getByText(formatMessage(sightingTexts.tripDeleteConfirm, { name: 'Skagit Flats' })),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: sightingTexts.tripDeleteButton }));
    expect(await screen.findByText(sightingTexts.tripsEmpty)).toBeTruthy();
    expect((await db.trips.get(trip.id))?.deleted).toBe(true);
    const [sighting] = await db.species_observations.toArray();
    expect(sighting).toMatchObject({ species_id: baldEagle.id, trips: [] });
  });
});

describe('the trip details page', () => {
  it('shows the trip and, live, the sightings in its dates', async () => {
    const trip = await saveTrip(db, WREN, {
      ...aTrip('Skagit Flats', 2, 4),
      note: 'Snow geese everywhere.',
    });
    await recordObservation(db, WREN, aSighting(baldEagle, march(3)));
    await recordObservation(db, WREN, aSighting(robin, march(8)));
    renderAt(`/trips-details/${trip.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Skagit Flats' })).toBeTruthy();
    expect(screen.getByText('Snow geese everywhere.')).toBeTruthy();
    const list = await screen.findByRole('list', { name: labels.sightings });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Bald Eagle')]);

    await recordObservation(db, WREN, aSighting(robin, march(4, 21)));
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    });
    expect(present(within(list).getAllByRole('listitem')[0], 'the first sighting').textContent).toContain(
      'American Robin',
    );
  });

  it('edits and deletes the trip from its page', async () => {
    const trip = await saveTrip(db, WREN, aTrip('Skagit Flats', 2, 4));
    renderAt(`/trips-details/${trip.id}`);
    expect(await screen.findByText(sightingTexts.tripNoSightings)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: sightingTexts.tripEdit }));
    fillTripDialog({ name: 'Samish Flats' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Samish Flats' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: sightingTexts.tripDelete }));
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: sightingTexts.tripDeleteButton }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: labels.trips })).toBeTruthy();
    expect(await screen.findByText(sightingTexts.tripsEmpty)).toBeTruthy();
  });

  it('says so when the trip is not on the device', async () => {
    renderAt('/trips-details/nope');
    expect(await screen.findByText(messages.tripNotFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: sightingTexts.tripBackToList }).getAttribute('href')).toBe(
      '/trips',
    );
  });

  it('is for members only', async () => {
    renderApp(<AppRoutes />, { route: '/trips' });
    const refusal = formatMessage(messages.needAccount, { title: labels.trips });
    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: sightingTexts.tripNew })).toBeNull();
  });
});
