// @vitest-environment happy-dom
/**
 * The map's change signal: a committed write to the sightings table (in this page or another tab:
 * Dexie's 'storagemutated') changes the version the sightings' worker loads again on; a write to
 * another table does not, and a burst of writes is one change.
 */
import 'fake-indexeddb/auto';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ObservationRow } from '../../db/rows';
import { freshDatabases } from '../../db/testDatabases';
import { useTableVersion } from './useSightingTiles';

const freshDb = freshDatabases('map-version');

const aSighting = (id: string): ObservationRow => ({
  id,
  observation_id: id,
  rev: '1_abc',
  user_id: 'u-1',
  species_id: null,
  taxa: null,
  coordinate: null,
  coordinate_hidden: true,
  date: 1_767_225_600,
  public: false,
  lifer: false,
  note: '',
  media: [],
  location: null,
  trips: [],
});

/**
 * Lets the hook's debounce run out on the test's clock: a burst is what comes between two settles,
 * however long the writes take on a loaded machine. IndexedDB (fake-indexeddb: setImmediate) and
 * Dexie's change event run on their own, and a write's event has fired when its promise resolves.
 */
const settle = () => act(() => vi.advanceTimersByTimeAsync(1_000));

afterEach(() => {
  vi.useRealTimers();
});

describe('useTableVersion', () => {
  it('changes once after a burst of writes to the table, not for writes to other tables', async () => {
    const database = await freshDb();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result } = renderHook(() => useTableVersion(database.name, 'species_observations'));
    expect(result.current).toBe(0);

    await database.trips.put({
      id: 't-1',
      trip_id: 't-1',
      user_id: 'u-1',
      name: 'Coast',
      note: '',
      date_start: 1,
      date_end: 2,
      rev: '1_abc',
    });
    await settle();
    expect(result.current).toBe(0);

    await database.species_observations.put(aSighting('a'));
    await database.species_observations.bulkPut([aSighting('b'), aSighting('c')]);
    await settle();
    expect(result.current).toBe(1);
    await settle();
    expect(result.current).toBe(1);

    await database.species_observations.delete('a');
    await settle();
    expect(result.current).toBe(2);
  });
});
