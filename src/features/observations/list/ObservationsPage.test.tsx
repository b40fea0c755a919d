// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, fireEvent, getDefaultNormalizer, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@contract/messages';
import { sightingTexts } from '../texts';
import { UNSPECIFIED_OBSERVATION_DATE } from '@contract/observations';
import { networkActions } from '../../../app/networkSlice';
import { db } from '../../../db/db';
import { observationsCollection, pushCollection } from '../../../db/sync';
import { aSignedInSession } from '../../../test/factories';
import { fakeNetwork, type FakeNetwork } from '../../../test/fakeNetwork';
import { guestApi } from '../../../test/guestApi';
import { renderApp } from '../../../test/renderApp';
import {
  resetMemberData,
  aPublicSighting,
  aSighting,
  localSeconds,
  WASHINGTON,
} from '../../../test/sightings';
import { demoSpecies } from '../../species/testSpecies';
import { saveTrip } from '../../trips/tripsRepo';
import { deleteObservation, recordObservation } from '../observationsRepo';
import { observationRoutes } from '../routes';
import { present } from '../../../test/present';

const baldEagle = demoSpecies('Haliaeetus leucocephalus');
const robin = demoSpecies('Turdus migratorius');
const WREN = 'u-1';

const signedIn = aSignedInSession();

beforeAll(async () => {
  await import('./ObservationsPage'); // the page is lazy: compile it once, outside the tests' waits
});

beforeEach(async () => {
  await resetMemberData(db, [baldEagle, robin]);
});

function renderList(options: { route?: string; guest?: boolean; network?: FakeNetwork } = {}) {
  return renderApp(
    <Routes>
      {observationRoutes.map((entry) => (
        <Route key={entry.path} path={entry.path} element={entry.element} />
      ))}
    </Routes>,
    {
      route: options.route ?? '/observations',
      ...(options.network ? { network: options.network } : {}),
      ...(options.guest ? {} : { preloadedState: { session: signedIn } }),
    },
  );
}

/** The rows of a list as their links' (or items') text, top to bottom. */
async function rowsOf(listName: string): Promise<string[]> {
  const list = await screen.findByRole('list', { name: listName });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

/** Pushes the member's sightings the way the sync does, against a server that accepts them all. */
async function pushAll(answer: 'accept' | 'refuse' = 'accept') {
  const network = fakeNetwork();
  network.on('POST', 'collection/species_observations/verify', (request) => ({
    body: {
      status: 'success',
      needed: (request.body as { data: Array<{ id: string }> }).data.map((record) => record.id),
    },
  }));
  network.on('PUT', 'collection/species_observations', (request) =>
    answer === 'accept'
      ? {
          body: {
            status: 'success',
            accepted: (request.body as { data: Array<{ id: string; rev: string }> }).data.map((record) => ({
              id: record.id,
              rev: record.rev,
              mod: 1,
            })),
            ignored: [],
          },
        }
      : { status: 422, body: { status: 'failed', reason: messages.observationSpeciesMismatch } },
  );
  const api = guestApi(network.fetch);
  await pushCollection({ db, api }, observationsCollection, { userId: WREN });
}

describe('my sightings', () => {
  it('lists my sightings newest first, without deleted ones, with the lifer chip on the first of a species', async () => {
    await recordObservation(
      db,
      WREN,
      aSighting(baldEagle, localSeconds(2026, 3, 3), { location: WASHINGTON }),
    );
    await recordObservation(db, WREN, aSighting(baldEagle, localSeconds(2026, 3, 5), { public: false }));
    const gone = await recordObservation(db, WREN, aSighting(robin, localSeconds(2026, 3, 6)));
    await deleteObservation(db, WREN, gone.id);
    await recordObservation(db, 'u-2', aSighting(robin, localSeconds(2026, 3, 7)));
    renderList();

    const rows = await rowsOf(sightingTexts.sightingsMine);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Bald Eagle');
    expect(rows[0]).not.toContain(sightingTexts.sightingLifer);
    expect(rows[1]).toContain(sightingTexts.sightingLifer);
    expect(rows[1]).toContain('Washington, United States of America');
    expect(screen.queryByText('American Robin')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      formatMessage(sightingTexts.sightingsCount, { count: 2 }),
    );

    const [newest, oldest] = within(
      screen.getByRole('list', { name: sightingTexts.sightingsMine }),
    ).getAllByRole('link');
    expect(
      within(present(newest, 'the newest sighting')).getByTitle(sightingTexts.sightingIsPrivate),
    ).toBeTruthy();
    expect(
      within(present(oldest, 'the oldest sighting')).getByTitle(sightingTexts.sightingIsPublic),
    ).toBeTruthy();
    expect(
      within(present(oldest, 'the oldest sighting')).getByTitle(sightingTexts.sightingLocationHidden),
    ).toBeTruthy();
  });

  it('opens a sighting in the recording form, unspecified ones too', async () => {
    const eagle = await recordObservation(db, WREN, aSighting(baldEagle, localSeconds(2026, 3, 3)));
    const unknown = await recordObservation(db, WREN, aSighting(null, UNSPECIFIED_OBSERVATION_DATE));
    renderList();

    const list = await screen.findByRole('list', { name: sightingTexts.sightingsMine });
    const links = within(list).getAllByRole('link');
    expect(present(links[0], 'the first link').getAttribute('href')).toBe(
      `/species-observation/${baldEagle.id}/${eagle.id}`,
    );
    expect(present(links[1], 'the second link').getAttribute('href')).toBe(
      `/species-observation/unspecified/${unknown.id}`,
    );
    expect(present(links[1], 'the second link').textContent).toContain(sightingTexts.sightingUnspecified);
    expect(present(links[1], 'the second link').textContent).toContain(sightingTexts.sightingNoDate);
  });

  it('marks the sightings the server does not have yet, and says why one was refused', async () => {
    await recordObservation(db, WREN, aSighting(baldEagle, localSeconds(2026, 3, 3)));
    await pushAll();
    await recordObservation(db, WREN, aSighting(robin, localSeconds(2026, 3, 4)));
    renderList();

    const list = await screen.findByRole('list', { name: sightingTexts.sightingsMine });
    const [robinRow, eagleRow] = within(list).getAllByRole('link');
    expect(within(present(robinRow, 'the robin')).getByTitle(sightingTexts.sightingUnsynced)).toBeTruthy();
    expect(within(present(eagleRow, 'the eagle')).queryByTitle(sightingTexts.sightingUnsynced)).toBeNull();

    await act(() => pushAll('refuse'));
    const refused = formatMessage(sightingTexts.sightingRefused, {
      reason: messages.observationSpeciesMismatch,
    });
    expect(await within(list).findByTitle(refused)).toBeTruthy();
  });

  it('filters by species, date range and trip', async () => {
    await recordObservation(db, WREN, aSighting(baldEagle, localSeconds(2026, 3, 3)));
    await recordObservation(db, WREN, aSighting(robin, localSeconds(2026, 3, 4, 23)));
    await recordObservation(db, WREN, aSighting(baldEagle, localSeconds(2026, 4, 10)));
    await saveTrip(db, WREN, {
      name: 'Olympic Peninsula',
      date_start: localSeconds(2026, 4, 9, 0),
      date_end: localSeconds(2026, 4, 12, 0),
      note: '',
    });
    renderList();
    await screen.findByRole('list', { name: sightingTexts.sightingsMine });

    fireEvent.change(screen.getByRole('combobox', { name: sightingTexts.sightingsFilterSpecies }), {
      target: { value: 'rob' },
    });
    fireEvent.click(await screen.findByRole('option', { name: 'American Robin' }));
    expect(await rowsOf(sightingTexts.sightingsMine)).toEqual([expect.stringContaining('American Robin')]);
    expect(screen.getByRole('status').textContent).toBe(
      formatMessage(sightingTexts.sightingsFilteredCount, { shown: 1, total: 3 }),
    );
    fireEvent.click(screen.getByRole('button', { name: sightingTexts.sightingsFilterClear }));

    // A day range is whole local days: the robin at 23:00 on 4 March is inside "to 4 March".
    fireEvent.change(screen.getByLabelText(sightingTexts.sightingsFilterFrom), {
      target: { value: '2026-03-04' },
    });
    fireEvent.change(screen.getByLabelText(sightingTexts.sightingsFilterTo), {
      target: { value: '2026-03-04' },
    });
    expect(await rowsOf(sightingTexts.sightingsMine)).toEqual([expect.stringContaining('American Robin')]);
    fireEvent.click(screen.getByRole('button', { name: sightingTexts.sightingsFilterClear }));

    const trip = screen.getByRole('combobox', { name: sightingTexts.sightingsFilterTrip });
    fireEvent.change(trip, {
      target: { value: present((await db.trips.toArray())[0], 'the trip').id },
    });
    const inTrip = await rowsOf(sightingTexts.sightingsMine);
    expect(inTrip).toHaveLength(1);
    expect(inTrip[0]).toContain('Bald Eagle');

    fireEvent.change(screen.getByLabelText(sightingTexts.sightingsFilterFrom), {
      target: { value: '2026-05-01' },
    });
    expect(await screen.findByText(sightingTexts.sightingsNoMatch)).toBeTruthy();
  });

  it('says so when there are no sightings yet, and offers to record one', async () => {
    renderList();
    expect(await screen.findByText(sightingTexts.sightingsEmpty)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Record a Sighting' }).getAttribute('href')).toBe(
      '/species-observation',
    );
  });
});

describe('public sightings', () => {
  it("shows a guest other members' public sightings of a species, with a sign-in prompt", async () => {
    const network = fakeNetwork();
    const date = localSeconds(2026, 2, 1);
    network.on('GET', `species/${baldEagle.id}/observations`, {
      body: {
        status: 'success',
        observations: [aPublicSighting('u-2', 'obs-1', baldEagle, date, { lifer: true })],
      },
    });
    renderList({ guest: true, network });

    expect(await screen.findByText(sightingTexts.sightingsSignInPrompt)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByText(sightingTexts.sightingsPublicChoose)).toBeTruthy();
    fireEvent.change(await screen.findByRole('combobox', { name: sightingTexts.sightingsFilterSpecies }), {
      target: { value: 'bald' },
    });
    fireEvent.click(await screen.findByRole('option', { name: 'Bald Eagle' }));

    const rows = await rowsOf(sightingTexts.sightingsPublic);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(sightingTexts.sightingLifer);
    const profile = screen.getByRole('link', { name: /Observer's profile: Bald Eagle/ });
    expect(profile.getAttribute('href')).toBe('/profile/u-2');
  });

  it("leaves the member's own sightings out of the public tab, and asks by member when one is chosen", async () => {
    const network = fakeNetwork();
    const date = localSeconds(2026, 2, 1);
    network.on('GET', `species/${robin.id}/observations`, {
      body: {
        status: 'success',
        observations: [
          aPublicSighting(WREN, 'mine', robin, date + 60),
          aPublicSighting('u-2', 'theirs', robin, date),
        ],
      },
    });
    network.on('GET', 'observations', (request) => ({
      body: {
        status: 'success',
        observations: request.path.includes('user_id=u-3')
          ? [aPublicSighting('u-3', 'third', baldEagle, date)]
          : [],
      },
    }));
    renderList({ route: `/observations?tab=public&species=${robin.id}`, network });
    expect(await rowsOf(sightingTexts.sightingsPublic)).toHaveLength(1);
    expect(
      screen.getByRole('tab', { name: sightingTexts.sightingsPublic }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(
      present(screen.getAllByRole('link', { name: /Observer's profile/ })[0], 'a profile link').getAttribute(
        'href',
      ),
    ).toBe('/profile/u-2');
    screen.getByRole('tab', { name: sightingTexts.sightingsMine }).click();
    expect(await screen.findByText(sightingTexts.sightingsEmpty)).toBeTruthy();
  });

  it("shows one member's public sightings through GET observations", async () => {
    const network = fakeNetwork();
    network.on('GET', 'observations', {
      body: {
        status: 'success',
        observations: [aPublicSighting('u-3', 'third', baldEagle, localSeconds(2026, 1, 5))],
      },
    });
    renderList({ route: '/observations?tab=public&user_id=u-3', network });
    expect(await rowsOf(sightingTexts.sightingsPublic)).toEqual([expect.stringContaining('Bald Eagle')]);
    expect(network.sent.some((request) => /^observations\?.*user_id=u-3/.test(request.path))).toBe(true);
    expect(screen.getByRole('heading', { name: sightingTexts.sightingsPublicOfMember })).toBeTruthy();
  });

  it('says it needs the network when offline', async () => {
    const { store } = renderList({ route: '/observations?tab=public' });
    act(() => {
      store.dispatch(networkActions.wentOffline());
    });
    // The spec's message has two spaces after the full stop: compare it as it is.
    const exactly = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    expect(await screen.findByText(messages.offline, exactly)).toBeTruthy();
  });
});
