import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { UserStatsSchema, type ObservationMedia } from './observations';
import { liferBySpecies, liferChanges, lifersOf, userStats, type LiferInput, type StatsInput } from './stats';

/** Real species of the demo extract. */
const BALD_EAGLE = 'avibase-fed3756c';
const WHITE_TAILED_DEER = 'mdd-1006302';
const OPOSSUM = 'mdd-1000023';
const SPECIES = [BALD_EAGLE, WHITE_TAILED_DEER, OPOSSUM] as const;

const checkStats = Compile(UserStatsSchema);

function sighting(
  id: string,
  speciesId: string | null,
  date: number,
  extra: Partial<StatsInput> = {},
): StatsInput {
  return { observation_id: id, species_id: speciesId, date, ...extra };
}
const photo = (path: string, featured = true, speciesThumb = false): ObservationMedia => ({
  featured,
  media_id: path,
  path,
  ...(speciesThumb ? { species_thumb: true } : {}),
});
const at = (names: Record<string, string>) => ({ last_mod: 1, names });

describe('lifersOf', () => {
  it('takes the earliest date of each species, ties by the smaller id, never an unspecified one', () => {
    const lifers = lifersOf([
      sighting('b', BALD_EAGLE, 200),
      sighting('a', BALD_EAGLE, 200),
      sighting('c', BALD_EAGLE, 300),
      sighting('d', WHITE_TAILED_DEER, 50),
      sighting('e', null, 10),
      sighting('f', WHITE_TAILED_DEER, 40, { deleted: true }),
    ]);
    expect([...lifers].sort()).toEqual(['a', 'd']);
  });

  it('compares ids in code-unit order (as COLLATE "C"): uppercase before lowercase', () => {
    expect(lifersOf([sighting('a', OPOSSUM, 1), sighting('B', OPOSSUM, 1)])).toEqual(new Set(['B']));
  });

  // The model: a member's sightings as a map; each step adds, edits (date or species) or deletes one.
  // Few ids and dates, so steps often edit an existing sighting and dates often tie.
  const idArb = fc.stringMatching(/^[a-cB-C-]{1,2}$/);
  const speciesArb = fc.constantFrom<string | null>(...SPECIES, null);
  const dateArb = fc.integer({ min: 0, max: 8 });
  const stepArb = fc.oneof(
    fc.record({ kind: fc.constant('put' as const), id: idArb, species: speciesArb, date: dateArb }),
    fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  );

  it('keeps exactly one lifer per species with sightings, the first seen, through any edits', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 10, maxLength: 80 }), (steps) => {
        const held = new Map<string, LiferInput & { lifer: boolean }>();
        for (const step of steps) {
          if (step.kind === 'put') {
            const before = held.get(step.id);
            held.set(step.id, {
              observation_id: step.id,
              species_id: step.species,
              date: step.date,
              lifer: before?.lifer ?? false,
            });
          } else if (held.size > 0) {
            const picked = [...held.keys()][step.pick % held.size];
            if (picked !== undefined) held.delete(picked);
          }
          // The device applies the changes the rule asks for after every save or delete.
          for (const change of liferChanges([...held.values()])) {
            const changed = held.get(change.observation_id);
            if (!changed) throw new Error(`a change for ${change.observation_id}, which is not held`);
            changed.lifer = change.lifer;
          }

          const all = [...held.values()];
          expect(liferChanges(all)).toEqual([]);
          const speciesSeen = new Set(
            all.flatMap((one) => (one.species_id === null ? [] : [one.species_id])),
          );
          for (const species of speciesSeen) {
            const ofSpecies = all.filter((one) => one.species_id === species);
            const flagged = ofSpecies.filter((one) => one.lifer);
            expect(flagged).toHaveLength(1);
            const [first] = [...ofSpecies].sort((a, b) =>
              a.date !== b.date ? a.date - b.date : a.observation_id < b.observation_id ? -1 : 1,
            );
            expect(flagged[0]?.observation_id).toBe(first?.observation_id);
          }
          expect(all.filter((one) => one.species_id === null && one.lifer)).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order the sightings come in', () => {
    const sightingArb = fc.record({ observation_id: idArb, species_id: speciesArb, date: dateArb });
    const setAndShuffle = fc
      .uniqueArray(sightingArb, { selector: (one) => one.observation_id, maxLength: 30 })
      .chain((set) => fc.tuple(fc.constant(set), fc.shuffledSubarray(set, { minLength: set.length })));
    fc.assert(
      fc.property(setAndShuffle, ([set, shuffled]) => {
        expect(liferBySpecies(shuffled)).toEqual(liferBySpecies(set));
      }),
    );
  });
});

describe('userStats', () => {
  const WA = 'US-WA';
  const sightings: StatsInput[] = [
    sighting('e1', BALD_EAGLE, 1000, { location: at({ [WA]: 'Washington', USA: 'United States' }) }),
    sighting('e2', BALD_EAGLE, 3000, {
      media: [photo('/thumb-species.webp', true, true)],
      location: at({ USA: 'United States' }),
    }),
    sighting('e3', BALD_EAGLE, 2000, { media: [photo('/mine-2.jpg', false), photo('/mine-2b.jpg', true)] }),
    sighting('d1', WHITE_TAILED_DEER, 500, {
      location: at({ [WA]: 'Washington' }),
      media: [photo('/deer.jpg', false)],
    }),
    sighting('d2', WHITE_TAILED_DEER, 100, { deleted: true, media: [photo('/gone.jpg')] }),
    sighting('u1', null, 946_677_600, { location: at({ [WA]: 'Washington' }) }),
  ];

  it('answers SPEC §3 "User stats" for a known set', () => {
    const stats = userStats('member-1', sightings);
    expect(stats).toEqual({
      _id: 'member-1',
      observations: {
        [BALD_EAGLE]: {
          count: 3,
          date_seen_first: 1000,
          date_seen_last: 3000,
          // e2 is later but has only a species thumbnail; e3's featured own photo wins.
          custom_photo: '/mine-2b.jpg',
          location: {
            [WA]: { date_seen_first: 1000, date_seen_last: 1000 },
            USA: { date_seen_first: 1000, date_seen_last: 3000 },
          },
        },
        [WHITE_TAILED_DEER]: {
          count: 1,
          date_seen_first: 500,
          date_seen_last: 500,
          custom_photo: '/deer.jpg',
          location: { [WA]: { date_seen_first: 500, date_seen_last: 500 } },
        },
      },
      count: { observations: 5, lifers: 2 },
    });
    expect(checkStats.Check(stats)).toBe(true);
  });

  it('narrows to a location: its sightings, and the lifers made there', () => {
    const stats = userStats('member-1', sightings, { locationId: WA });
    expect(Object.keys(stats.observations).sort()).toEqual([BALD_EAGLE, WHITE_TAILED_DEER].sort());
    expect(stats.observations[BALD_EAGLE]).toMatchObject({
      count: 1,
      date_seen_first: 1000,
      custom_photo: null,
    });
    expect(stats.count).toEqual({ observations: 3, lifers: 2 });
    // Only in the United States: the eagle's lifer (e1) was there, the deer's (d1) not.
    expect(userStats('member-1', sightings, { locationId: 'USA' }).count).toEqual({
      observations: 2,
      lifers: 1,
    });
  });

  it('answers empty stats for no sightings', () => {
    expect(userStats('member-2', [])).toEqual({
      _id: 'member-2',
      observations: {},
      count: { observations: 0, lifers: 0 },
    });
  });

  it('counts one lifer per species seen and every live sighting, whatever the set', () => {
    const sightingArb = fc.record({
      observation_id: fc.stringMatching(/^[a-z0-9]{1,5}$/),
      species_id: fc.constantFrom<string | null>(...SPECIES, null),
      date: fc.integer({ min: 0, max: 100 }),
      deleted: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(sightingArb, { selector: (one) => one.observation_id, maxLength: 40 }),
        (all) => {
          const stats = userStats('m', all);
          const live = all.filter((one) => !one.deleted);
          expect(stats.count.observations).toBe(live.length);
          expect(stats.count.lifers).toBe(Object.keys(stats.observations).length);
          const total = Object.values(stats.observations).reduce((sum, one) => sum + one.count, 0);
          expect(total).toBe(live.filter((one) => one.species_id !== null).length);
          expect(checkStats.Check(stats)).toBe(true);
        },
      ),
    );
  });
});
