/**
 * Synthetic sightings for bench:map: random places (not species data), a seeded generator so every
 * run and both halves of a run (the map, the bare clustering floor) see the same points. Rows have
 * the stored shape with typical contents (taxa, place names, a photo on some), so reading them from
 * IndexedDB costs what real rows cost.
 */
import type { ObservationRow } from '../../src/db/rows';

export const BENCH_USER = 'bench-member';

/** Park–Miller: deterministic, good enough to scatter points. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 48_271) % 2_147_483_647;
    return state / 2_147_483_647;
  };
}

/** [longitude, latitude] of `count` points between latitudes −60 and 75. */
export function syntheticPositions(count: number, seed = 7): [number, number][] {
  const next = random(seed);
  return Array.from({ length: count }, () => [next() * 360 - 180, next() * 135 - 60]);
}

export function syntheticRows(count: number): ObservationRow[] {
  return syntheticPositions(count).map(([longitude, latitude], index) => {
    const id = `0190a3c2-${String(index).padStart(4, '0').slice(-4)}-7000-8000-${String(index).padStart(12, '0')}`;
    return {
      id,
      observation_id: id,
      rev: '1_bench',
      user_id: BENCH_USER,
      species_id: 'avibase-fed3756c',
      taxa: { classification: 'Birds|IOC', group_name: 'Birds', name: 'Haliaeetus leucocephalus' },
      coordinate: { type: 'Point', coordinates: [longitude, latitude], accuracy: 8.13, time: 1_767_225_600 },
      coordinate_hidden: false,
      date: 1_767_225_600 + index,
      public: true,
      lifer: index % 10 === 0,
      note: index % 4 === 0 ? 'Two adults over the river, calling.' : '',
      media:
        index % 3 === 0
          ? [{ featured: true, media_id: `m-${index}`, path: `/api/v1.0/media/m-${index}/original.jpg` }]
          : [],
      location: {
        last_mod: 1_767_225_600,
        names: { 'USA-3521': 'Washington', USA: 'United States of America' },
      },
      trips: [],
      created: 1_767_225_600,
      updated: 1_767_225_600,
    };
  });
}
