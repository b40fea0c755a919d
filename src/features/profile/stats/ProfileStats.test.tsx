// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import Dexie from 'dexie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { labels } from '../../../app/labels';
import { messages } from '@contract/messages';
import { sightingTexts } from '../../observations/texts';
import { UNSPECIFIED_OBSERVATION_DATE } from '@contract/observations';
import { userStats } from '@contract/stats';
import { networkActions } from '../../../app/networkSlice';
import { AppRoutes } from '../../../app/router';
import { db } from '../../../db/db';
import { formatDay } from '../../../lib/dateText';
import { aSignedInSession } from '../../../test/factories';
import { fakeNetwork, type FakeNetwork } from '../../../test/fakeNetwork';
import { renderApp } from '../../../test/renderApp';
import {
  resetMemberData,
  aPublicSighting,
  aSighting,
  localSeconds,
  WASHINGTON,
  WESTERN_CAPE,
} from '../../../test/sightings';
import { deleteObservation, recordObservation } from '../../observations/observationsRepo';
import { demoSpecies } from '../../species/testSpecies';
import { present } from '../../../test/present';

const baldEagle = demoSpecies('Haliaeetus leucocephalus');
const robin = demoSpecies('Turdus migratorius');
const elephant = demoSpecies('Loxodonta africana');
const WREN = 'u-1';

const signedIn = aSignedInSession();

const otherMember = {
  user_id: 'u-2',
  nickname: 'Kestrel',
  avatar: null,
  about: '',
  created_at: 1_767_225_600,
};

beforeAll(async () => {
  await import('../ProfilePage');
  await import('./ProfileStats'); // lazy: compile it once, outside the tests' waits
  await import('../../../app/routes/AppPages');
});

beforeEach(async () => {
  // The robin is not on the device: its name comes from the sightings' taxa.
  await resetMemberData(db, [baldEagle, elephant]);
});

/** A network that never answers, as when the device is offline. */
function offlineNetwork(): FakeNetwork {
  return { ...fakeNetwork(), fetch: () => Promise.reject(new TypeError('Failed to fetch')) };
}

/** The totals list as {label: figure}. */
function totals(): Record<string, string> {
  const section = screen.getByRole('region', { name: labels.stats });
  const terms = within(section).getAllByRole('term');
  const figures = within(section).getAllByRole('definition');
  return Object.fromEntries(
    terms.map((term, index) => [term.textContent, present(figures[index]).textContent]),
  );
}

/** The species table as rows of cell texts, without the header. */
function tableRows(): string[][] {
  const table = screen.getByRole('table', { name: sightingTexts.statsSpeciesSeen });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

describe('my stats', () => {
  it('are counted on the device, offline, with the figures userStats gives', async () => {
    await recordObservation(
      db,
      WREN,
      aSighting(baldEagle, localSeconds(2026, 3, 3), { location: WASHINGTON }),
    );
    await recordObservation(
      db,
      WREN,
      aSighting(baldEagle, localSeconds(2026, 4, 1), { location: WASHINGTON }),
    );
    await recordObservation(db, WREN, aSighting(robin, localSeconds(2026, 3, 10), { location: WASHINGTON }));
    await recordObservation(
      db,
      WREN,
      aSighting(elephant, localSeconds(2026, 5, 2), { location: WESTERN_CAPE }),
    );
    await recordObservation(db, WREN, aSighting(null, UNSPECIFIED_OBSERVATION_DATE));
    const gone = await recordObservation(db, WREN, aSighting(robin, localSeconds(2026, 1, 1)));
    await deleteObservation(db, WREN, gone.id);
    await recordObservation(db, 'u-2', aSighting(robin, localSeconds(2026, 2, 2)));

    const { store } = renderApp(<AppRoutes />, {
      route: '/profile?section=stats',
      network: offlineNetwork(),
      preloadedState: { session: signedIn },
    });
    act(() => {
      store.dispatch(networkActions.wentOffline());
    });

    const expected = userStats(WREN, await db.species_observations.where('user_id').equals(WREN).toArray());
    expect(expected.count).toEqual({ observations: 5, lifers: 3 });
    await screen.findByRole('table', { name: sightingTexts.statsSpeciesSeen });
    expect(totals()).toEqual({
      [sightingTexts.statsSightings]: '5',
      [sightingTexts.statsLifers]: '3',
      [sightingTexts.statsSpeciesSeen]: '3',
    });
    const eagle = present(expected.observations[baldEagle.id]);
    const robinSeen = present(expected.observations[robin.id]);
    const elephantSeen = present(expected.observations[elephant.id]);
    // The latest lifer first; the English names of the species on the device follow the figures.
    await waitFor(() => {
      expect(tableRows()[0]?.[0]).toBe(elephant.name);
    });
    expect(tableRows()).toEqual([
      [
        elephant.name,
        '1',
        formatDay(elephantSeen.date_seen_first),
        formatDay(elephantSeen.date_seen_last),
        'Western Cape, South Africa',
      ],
      [
        'Turdus migratorius',
        '1',
        formatDay(robinSeen.date_seen_first),
        formatDay(robinSeen.date_seen_last),
        'Washington, United States of America',
      ],
      [
        'Bald Eagle',
        '2',
        formatDay(eagle.date_seen_first),
        formatDay(eagle.date_seen_last),
        'Washington, United States of America',
      ],
    ]);
  });

  it('show while a species sync holds the species table: the figures read the sightings only', async () => {
    await recordObservation(db, WREN, aSighting(baldEagle, localSeconds(2026, 3, 3)));
    // A species sync's readwrite transaction, held open until released (Dexie.waitFor keeps it
    // alive): IndexedDB runs a read of the species table only after it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sync = db.transaction('rw', db.species, async () => {
      await db.species.put(baldEagle);
      await Dexie.waitFor(held);
    });
    renderApp(<AppRoutes />, {
      route: '/profile',
      network: offlineNetwork(),
      preloadedState: { session: signedIn },
    });
    await screen.findByRole('table', { name: sightingTexts.statsSpeciesSeen });
    expect(totals()[sightingTexts.statsSightings]).toBe('1');
    expect(tableRows()[0]?.[0]).toBe('Haliaeetus leucocephalus');

    release();
    await sync;
    await waitFor(() => {
      expect(tableRows()[0]?.[0]).toBe('Bald Eagle');
    });
  });

  it('follow a new sighting at once', async () => {
    const network = fakeNetwork();
    network.on('GET', 'users/u-1', {
      body: { status: 'success', profile: { ...otherMember, user_id: WREN } },
    });
    renderApp(<AppRoutes />, {
      route: '/profile?section=stats',
      network,
      preloadedState: { session: signedIn },
    });
    expect(await screen.findByText(sightingTexts.statsEmpty)).toBeTruthy();
    await recordObservation(db, WREN, aSighting(baldEagle, localSeconds(2026, 3, 3)));
    await waitFor(() => {
      expect(tableRows()).toHaveLength(1);
    });
    expect(totals()[sightingTexts.statsLifers]).toBe('1');
  });
});

describe("another member's stats", () => {
  it('say plainly that the member keeps them private when the server answers 403', async () => {
    const network = fakeNetwork();
    network.on('GET', 'users/u-2', { body: { status: 'success', profile: otherMember } });
    network.on('GET', 'users/u-2/stats', {
      status: 403,
      body: { status: 'failed', reason: messages.statsHidden },
    });
    renderApp(<AppRoutes />, {
      route: '/profile/u-2',
      network,
      preloadedState: { session: signedIn },
    });
    const section = await screen.findByRole('region', { name: labels.stats });
    expect(await within(section).findByText(messages.statsHidden)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    // The profile itself still shows.
    expect(await screen.findByRole('heading', { level: 1, name: 'Kestrel' })).toBeTruthy();
  });

  it("show another refusal's reason as it is", async () => {
    const network = fakeNetwork();
    network.on('GET', 'users/u-3', { status: 404, body: { status: 'failed', reason: messages.notFound } });
    network.on('GET', 'users/u-3/stats', {
      status: 404,
      body: { status: 'failed', reason: messages.notFound },
    });
    renderApp(<AppRoutes />, { route: '/profile/u-3', network, preloadedState: { session: signedIn } });
    const section = await screen.findByRole('region', { name: labels.stats });
    expect(await within(section).findByText(messages.notFound)).toBeTruthy();
  });

  it('come from GET users/{id}/stats, named from the device and their public sightings', async () => {
    const network = fakeNetwork();
    const first = localSeconds(2026, 2, 1);
    const last = localSeconds(2026, 2, 20);
    network.on('GET', 'users/u-2', { body: { status: 'success', profile: otherMember } });
    network.on('GET', 'users/u-2/stats', {
      body: {
        status: 'success',
        stats: {
          _id: 'u-2',
          observations: {
            [baldEagle.id]: {
              count: 2,
              date_seen_first: first,
              date_seen_last: last,
              custom_photo: null,
              location: { 'US-WA': { date_seen_first: first, date_seen_last: last } },
            },
            [robin.id]: {
              count: 1,
              date_seen_first: first,
              date_seen_last: first,
              custom_photo: null,
              location: {},
            },
          },
          count: { observations: 4, lifers: 2 },
        },
        observations: [
          aPublicSighting('u-2', 'obs-1', robin, first),
          aPublicSighting('u-2', 'obs-2', baldEagle, last),
        ],
      },
    });
    renderApp(<AppRoutes />, {
      route: '/profile/u-2?section=stats',
      network,
      preloadedState: { session: signedIn },
    });
    await screen.findByRole('table', { name: sightingTexts.statsSpeciesSeen });
    expect(totals()[sightingTexts.statsSightings]).toBe('4');
    await waitFor(() => {
      expect(tableRows()[0]?.[0]).toBe('Bald Eagle');
    });
    expect(tableRows().map((row) => [row[0], row[1], row[4]])).toEqual([
      ['Bald Eagle', '2', 'Washington'],
      ['Turdus migratorius', '1', sightingTexts.statsLocationUnknown],
    ]);
    expect(network.sent.some((request) => request.path === 'users/u-2/stats?include_observations=true')).toBe(
      true,
    );
  });

  it('need an account', async () => {
    const network = fakeNetwork();
    network.on('GET', 'users/u-2', { body: { status: 'success', profile: otherMember } });
    renderApp(<AppRoutes />, { route: '/profile/u-2?section=stats', network });
    expect(await screen.findByText(sightingTexts.statsSignIn)).toBeTruthy();
    expect(network.sent.some((request) => request.path.startsWith('users/u-2/stats'))).toBe(false);
  });
});
