/**
 * Loads the basemap once per session, when a distribution map first shows (it is ~1 MB, so it is
 * never part of the first route), and shares it between every map. A failed load (offline before
 * the file was ever cached, say) is not remembered: the next map to mount tries again.
 */
import { useEffect, useState } from 'react';
import { basemapOf, type Basemap } from './basemap';

export const BASEMAP_URL = `${import.meta.env.BASE_URL}maps/locations.geojson`;

let loading: Promise<Basemap> | null = null;

function loadBasemap(): Promise<Basemap> {
  loading ??= fetch(BASEMAP_URL)
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET ${BASEMAP_URL}: ${response.status}`);
      return basemapOf(await response.json());
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** Forgets the loaded basemap (tests start each case from nothing). */
export function forgetBasemap(): void {
  loading = null;
}

export type BasemapState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; basemap: Basemap };

export function useBasemap(): BasemapState {
  const [state, setState] = useState<BasemapState>({ status: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    void loadBasemap().then(
      (basemap) => {
        if (isCurrent) setState({ status: 'ready', basemap });
      },
      () => {
        if (isCurrent) setState({ status: 'failed' });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return state;
}
