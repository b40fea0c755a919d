/**
 * The member's sightings for a map: loaded and clustered by the sightings' worker, drawn from its
 * tiles. The page never holds the rows. It follows the data: whenever a transaction in this page or
 * another tab of the app writes sightings (a save, a delete, a pull), Dexie's 'storagemutated'
 * event says so and the worker loads again; the map switches to the new tiles when they are ready.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { Dexie, type ObservabilitySet } from 'dexie';
import { db } from '../../db/db';
import type { SightingsShown } from './sightingFeatures';
import type { SightingsSummary } from './sightingTiles';
import { loadSightings, releaseSightings, tilesUrlOf } from './sightingTilesClient';

/** What a map draws: the tiles (null: nothing to draw) and the totals beside it. */
export interface MapSightings extends SightingsSummary {
  tiles: string | null;
}

/** undefined: loading; 'failed': the sightings could not be read here. */
export type MapSightingsState = MapSightings | 'failed' | undefined;

const NOTHING: MapSightings = { tiles: null, count: 0, lifers: 0, bounds: null };

/** Writes that come in a burst (a pull's batches) make one load. */
const SETTLE_MS = 250;

/** A number that changes after every committed write to `table` of `database`. */
export function useTableVersion(database: string, table: string): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const prefix = `idb://${database}/${table}/`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener = (parts: ObservabilitySet) => {
      if (!Object.keys(parts).some((part) => part.startsWith(prefix))) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        setVersion((current) => current + 1);
      }, SETTLE_MS);
    };
    Dexie.on('storagemutated', listener);
    return () => {
      clearTimeout(timer);
      Dexie.on.storagemutated.unsubscribe(listener);
    };
  }, [database, table]);
  return version;
}

/** `userId`'s sightings (of one species, or all) as a map draws them; nothing for a guest. */
export function useSightingTiles(
  userId: string | null,
  speciesId: string | null,
  shown: SightingsShown,
  database: string = db.name,
): MapSightingsState {
  const { lifers, others } = shown;
  const query = useMemo(
    () => JSON.stringify({ database, userId, speciesId, lifers, others }),
    [database, userId, speciesId, lifers, others],
  );
  const asker = useId();
  const version = useTableVersion(database, 'species_observations');
  const [loaded, setLoaded] = useState<{ query: string; value: MapSightings | 'failed'; load?: number }>();

  useEffect(() => {
    if (userId === null || (!lifers && !others)) {
      setLoaded({ query, value: NOTHING });
      return;
    }
    let isCurrent = true;
    loadSightings({ asker, database, userId, speciesId, shown: { lifers, others } }).then(
      (result) => {
        if (!result) return; // superseded: the newer load answers
        if (isCurrent)
          setLoaded({
            query,
            value: { ...result.summary, tiles: tilesUrlOf(result.load) },
            load: result.load,
          });
        else releaseSightings(result.load);
      },
      (error: unknown) => {
        if (!isCurrent) return;
        console.warn('The sightings could not be loaded for the map', error);
        setLoaded({ query, value: 'failed' });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [query, asker, database, userId, speciesId, lifers, others, version]);

  // A load is held while it is the one shown: replaced or unmounted, the worker may drop it.
  const shownLoad = loaded?.load;
  useEffect(() => {
    if (shownLoad === undefined) return;
    return () => {
      releaseSightings(shownLoad);
    };
  }, [shownLoad]);

  // Another member, species or setting: loading until its own answer, never the previous one's.
  return loaded?.query === query ? loaded.value : undefined;
}
