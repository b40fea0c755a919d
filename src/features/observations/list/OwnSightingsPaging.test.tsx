// @vitest-environment happy-dom
/**
 * `/observations` with a long history reads a page, not every sighting (issue 25, 4b): the real page
 * over the app's Dexie (fake-indexeddb), with a DBCore middleware counting the sighting rows that
 * IndexedDB hands back. Scrolling to the end of the list reads the next page; a new sighting still
 * appears at once.
 */
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMessage } from '@contract/messages';
import { sightingTexts } from '../texts';
import { db } from '../../../db/db';
import type { ObservationRow } from '../../../db/rows';
import { countRowsRead } from '../../../test/countRowsRead';
import { aSignedInSession } from '../../../test/factories';
import { renderApp } from '../../../test/renderApp';
import { aPublicSighting, aSighting, localSeconds, resetMemberData } from '../../../test/sightings';
import { demoSpecies } from '../../species/testSpecies';
import { recordObservation } from '../observationsRepo';
import { observationRoutes } from '../routes';
import { OWN_PAGE_SIZE } from './ownSightingReads';
import { present } from '../../../test/present';

const baldEagle = demoSpecies('Haliaeetus leucocephalus');
const robin = demoSpecies('Turdus migratorius');
const WREN = 'u-1';
const HISTORY = 350;
const ROW_HEIGHT = 76;

let rowsRead: ReturnType<typeof countRowsRead>;

beforeAll(async () => {
  await import('./ObservationsPage');
  db.close();
  rowsRead = countRowsRead(db, 'species_observations');
  await db.open();
});

afterAll(async () => {
  db.close();
  rowsRead.remove();
  await db.open();
});

beforeEach(async () => {
  await resetMemberData(db, [baldEagle, robin]);
  const first = localSeconds(2025, 1, 1);
  const rows: ObservationRow[] = [];
  for (let index = 0; index < HISTORY; index += 1) {
    const id = `s-${String(index).padStart(4, '0')}`;
    const species = index % 2 === 0 ? baldEagle : robin;
    rows.push({ ...aPublicSighting(WREN, id, species, first + index * 3600), id, rev: '1_server' });
  }
  await db.species_observations.bulkPut(rows);
  rowsRead.reset();
});

function renderList() {
  return renderApp(
    <Routes>
      {observationRoutes.map((entry) => (
        <Route key={entry.path} path={entry.path} element={entry.element} />
      ))}
    </Routes>,
    { route: '/observations', preloadedState: { session: aSignedInSession() } },
  );
}

const rowCount = (list: HTMLElement) =>
  Number(present(within(list).getAllByRole('listitem')[0], 'a row').getAttribute('aria-setsize'));

describe('my sightings with a long history', () => {
  it('reads a page through the indexes, the next one at the end of the list, and shows a new sighting at once', async () => {
    renderList();
    const list = await screen.findByRole('list', { name: sightingTexts.sightingsMine });
    expect(screen.getByRole('status').textContent).toBe(
      formatMessage(sightingTexts.sightingsCount, { count: HISTORY }),
    );
    expect(rowCount(list)).toBe(OWN_PAGE_SIZE);
    expect(
      present(within(list).getAllByRole('link')[0], 'the first sighting').getAttribute('href'),
    ).toContain('s-0349');
    // A page (and one row to know there is more) and one sighting of each species for the filter.
    expect(rowsRead.count()).toBeLessThanOrEqual(OWN_PAGE_SIZE + 1 + 2 + 4);

    act(() => {
      window.scrollTo(0, OWN_PAGE_SIZE * ROW_HEIGHT);
      fireEvent.scroll(window);
    });
    await waitFor(() => {
      expect(rowCount(list)).toBe(2 * OWN_PAGE_SIZE);
    });

    await act(() => recordObservation(db, WREN, aSighting(robin, localSeconds(2026, 6, 1))));
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toBe(
        formatMessage(sightingTexts.sightingsCount, { count: HISTORY + 1 }),
      );
    });
    expect(
      present(within(list).getAllByRole('link')[0], 'the first sighting').getAttribute('href'),
    ).not.toContain('s-0349');
  });
});
