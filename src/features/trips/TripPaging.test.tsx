// @vitest-environment happy-dom
/**
 * The trips pages with a long history read what the trips hold, not every sighting (issue 25, 4b):
 * the real pages over the app's Dexie (fake-indexeddb), with a DBCore middleware counting the
 * sighting rows that IndexedDB hands back. The member's history is newer than the trip, so walking
 * the sightings newest first (as before) reads all of it.
 */
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import { sightingTexts } from '../observations/texts';
import { AppRoutes } from '../../app/router';
import { db } from '../../db/db';
import type { ObservationRow, TripRow } from '../../db/rows';
import { countRowsRead } from '../../test/countRowsRead';
import { present } from '../../test/present';
import { aSignedInSession } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { aPublicSighting, aSighting, localSeconds, resetMemberData } from '../../test/sightings';
import { OWN_PAGE_SIZE } from '../observations/list/ownSightingReads';
import { recordObservation } from '../observations/observationsRepo';
import { demoSpecies } from '../species/testSpecies';
import { saveTrip } from './tripsRepo';

const baldEagle = demoSpecies('Haliaeetus leucocephalus');
const robin = demoSpecies('Turdus migratorius');
const WREN = 'u-1';
const IN_TRIP = 150;
const HISTORY = 400;
const ROW_HEIGHT = 76;

let rowsRead: ReturnType<typeof countRowsRead>;

beforeAll(async () => {
  await import('./pages'); // the pages are lazy: compile them once, outside the tests' waits
  await import('../../app/routes/AppPages');
  db.close();
  rowsRead = countRowsRead(db, 'species_observations');
  await db.open();
});

afterAll(async () => {
  db.close();
  rowsRead.remove();
  await db.open();
});

let trip: TripRow;

/**
 * A January trip with IN_TRIP sightings in its dates (most linked by their saves, some pulled
 * unlinked), one linked to it from outside its dates, and HISTORY later sightings of no trip.
 */
beforeEach(async () => {
  await resetMemberData(db, [baldEagle, robin]);
  const start = localSeconds(2025, 1, 1, 0);
  trip = await saveTrip(db, WREN, {
    name: 'Skagit Flats',
    date_start: start,
    date_end: localSeconds(2025, 1, 31, 23),
    note: '',
  });
  const rows: ObservationRow[] = [];
  const add = (id: string, date: number, trips: string[]) => {
    const species = rows.length % 2 === 0 ? baldEagle : robin;
    rows.push({ ...aPublicSighting(WREN, id, species, date, { trips }), id, rev: '1_server' });
  };
  for (let index = 0; index < IN_TRIP; index += 1) {
    add(`t-${String(index).padStart(4, '0')}`, start + index * 3600, index % 10 === 0 ? [] : [trip.id]);
  }
  add('linked-before', localSeconds(2024, 12, 30), [trip.id]);
  for (let index = 0; index < HISTORY; index += 1) {
    add(`h-${String(index).padStart(4, '0')}`, localSeconds(2025, 3, 1) + index * 3600, []);
  }
  await db.species_observations.bulkPut(rows);
  rowsRead.reset();
});

function renderAt(route: string) {
  return renderApp(<AppRoutes />, { route, preloadedState: { session: aSignedInSession() } });
}

const rowCount = (list: HTMLElement) =>
  Number(present(within(list).getAllByRole('listitem')[0], 'a row').getAttribute('aria-setsize'));

const countText = (count: number) => formatMessage(sightingTexts.tripSightingsMany, { count });

describe('the trips pages with a long history', () => {
  it("count each trip's sightings from the indexes, reading only the linked ones outside its dates", async () => {
    renderAt('/trips');
    const list = await screen.findByRole('list', { name: labels.trips });
    expect(within(list).getByRole('listitem').textContent).toContain(countText(IN_TRIP + 1));
    expect(rowsRead.count()).toBeLessThanOrEqual(2);
  });

  it("read a trip's page, the next one at the end of the list, and show a new sighting at once", async () => {
    renderAt(`/trips-details/${trip.id}`);
    const list = await screen.findByRole('list', { name: labels.sightings });
    expect(screen.getByRole('status').textContent).toBe(countText(IN_TRIP + 1));
    expect(rowCount(list)).toBe(OWN_PAGE_SIZE);
    expect(
      present(within(list).getAllByRole('link')[0], 'the first sighting').getAttribute('href'),
    ).toContain('t-0149');
    // A page, one row to know there is more, the linked one outside the dates, for page and count.
    expect(rowsRead.count()).toBeLessThanOrEqual(OWN_PAGE_SIZE + 1 + 2 + 2);

    act(() => {
      window.scrollTo(0, OWN_PAGE_SIZE * ROW_HEIGHT);
      fireEvent.scroll(window);
    });
    await waitFor(() => {
      expect(rowCount(list)).toBe(IN_TRIP + 1);
    });

    await act(() => recordObservation(db, WREN, aSighting(robin, localSeconds(2025, 1, 31, 12))));
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toBe(countText(IN_TRIP + 2));
    });
    expect(
      present(within(list).getAllByRole('link')[0], 'the first sighting').getAttribute('href'),
    ).not.toContain('t-0149');
  });
});
