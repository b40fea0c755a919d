/**
 * A sighting never loses its species (issue 23, found in use): opened on a device whose region's
 * list lacks the species, "Edit Sighting" showed an empty species and Save turned it into an
 * unspecified sighting on the device and the server, keeping its Lifer badge. Here the edit path —
 * the form's draft from the stored sighting, whatever the member changes, the draft's save, the
 * repository — on a real Dexie (fake-indexeddb) that has no species at all.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshDatabases } from '../../db/testDatabases';
import { aSighting, localSeconds } from '../../test/sightings';
import { demoSpecies } from '../species/testSpecies';
import { draftOf, draftToSave, type ObservationDraft } from './observationDraft';
import { editObservation, recordObservation, SPECIES_KEPT_ERROR } from './observationsRepo';

const freshDb = freshDatabases('species-kept');
const robin = demoSpecies('Turdus migratorius');
const NOW = localSeconds(2026, 11, 24, 12);

/** What a member may change in the form without touching the species. */
const memberEdits: fc.Arbitrary<Partial<ObservationDraft>> = fc.record(
  {
    dateTime: fc.constantFrom('2026-11-20T07:15', '2026-10-01T18:40', '2025-05-05T05:05'),
    note: fc.string({ unit: 'binary', maxLength: 30 }),
    isPublic: fc.boolean(),
    coordinateHidden: fc.boolean(),
    positionSource: fc.constantFrom('saved' as const, 'manual' as const),
    latitude: fc.constantFrom('-1.2921', '40.7', '0'),
    longitude: fc.constantFrom('36.8219', '-74', '0'),
  },
  { requiredKeys: [] },
);

describe('editing a sighting whose species the device does not have', () => {
  it('keeps the species, its taxa and its lifer flag through any edit the member did not make to it', async () => {
    await fc.assert(
      fc.asyncProperty(memberEdits, async (edits) => {
        const db = await freshDb();
        // Recorded on another device (the United States); this one (Kenya) has no robin.
        const stored = await recordObservation(db, 'u-1', aSighting(robin, NOW - 86_400, { note: 'first' }));
        expect(await db.species.get(robin.id)).toBeUndefined();

        const draft = { ...draftOf(stored, null), ...edits };
        const { input, photos } = draftToSave(draft, null, []);
        const saved = await editObservation(db, 'u-1', stored.id, input, {
          photos,
          unspecify: draft.unspecified,
        });

        expect(saved.species_id).toBe(robin.id);
        expect(saved.taxa).toEqual(stored.taxa);
        expect(saved.lifer).toBe(true);
        db.close();
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a change that would drop the species unless the member marked it unspecified', async () => {
    const db = await freshDb();
    const stored = await recordObservation(db, 'u-1', aSighting(robin, NOW));
    await expect(editObservation(db, 'u-1', stored.id, { species_id: null, taxa: null })).rejects.toThrow(
      SPECIES_KEPT_ERROR,
    );
    expect((await db.species_observations.get(stored.id))?.species_id).toBe(robin.id);

    // The member's own choice: unspecified, and no longer anybody's lifer.
    const draft = { ...draftOf(stored, null), unspecified: true };
    const { input } = draftToSave(draft, null, []);
    const saved = await editObservation(db, 'u-1', stored.id, input, { unspecify: draft.unspecified });
    expect(saved.species_id).toBeNull();
    expect(saved.lifer).toBe(false);
  });
});
