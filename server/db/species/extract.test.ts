import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SOURCE_DIR } from '../reference/commands';
import { readExtract as readReferenceExtract } from '../reference/extract';
import { buildSpecies, placeIndex } from './build';
import { cutSpeciesExtract, isDemoLocation } from './extract';
import { readSpeciesFiles, SPECIES_EXTRACT_DIR, SPECIES_FILE_KEYS, tablesOf, toCsv } from './sources';

describe('the committed species demo extract', () => {
  it('builds the United States and South Africa species of all four groups, and every reptile', async () => {
    const { species } = buildSpecies(
      tablesOf(await readSpeciesFiles(SPECIES_EXTRACT_DIR)),
      placeIndex(await readReferenceExtract()),
    );
    const count = (id: string) => species.filter((s) => s.classifications.includes(id)).length;
    expect(count('reptiles')).toBe(12_502);
    for (const id of ['birds-ioc', 'birds-clements', 'mammals-larger', 'mammals-small', 'amphibians'])
      expect(count(id)).toBeGreaterThan(100);
    const inZaf = (group: string) =>
      species.filter((s) => s.groupId === group && s.locations.ZAF !== undefined).length;
    // README §3: South Africa has 323 mammals and 133 amphibians.
    expect(inZaf('mammals')).toBe(323);
    expect(inZaf('amphibians')).toBe(133);
    expect(species.every((s) => s.groupId === 'reptiles' || Object.keys(s.locations).length > 0)).toBe(true);
  });

  // ../shared/data sits beside a checkout on developer machines and in CI, not in a user's clone.
  describe.skipIf(!existsSync(DEFAULT_SOURCE_DIR))('against ../shared/data', () => {
    it('is what species:extract cuts from ../shared/data today', async () => {
      const { files } = await cutSpeciesExtract(DEFAULT_SOURCE_DIR, await readReferenceExtract());
      const committed = await readSpeciesFiles(SPECIES_EXTRACT_DIR);
      for (const key of SPECIES_FILE_KEYS) expect(toCsv(committed[key]), key).toBe(toCsv(files[key]));
    });

    it('gives the full build records, with only the demo locations', async () => {
      const reference = await readReferenceExtract();
      const { species: full } = await cutSpeciesExtract(DEFAULT_SOURCE_DIR, reference);
      const { species: demo } = buildSpecies(
        tablesOf(await readSpeciesFiles(SPECIES_EXTRACT_DIR)),
        placeIndex(reference),
      );
      expect(demo.map((s) => s.id).sort()).toEqual(full.map((s) => s.id).sort());
      const demoById = new Map(demo.map((s) => [s.id, s]));
      for (const record of full) {
        const expected = {
          ...record,
          // The BBS list keys Canada too; the other countries are not in the extract's checklists.
          locations: Object.fromEntries(
            Object.entries(record.locations).filter(
              ([id, location]) => isDemoLocation(id) || (id === 'CAN' && location.source === 'bbs'),
            ),
          ),
          // An IOC-only bird sorts after the AviList bird before it in IOC's order, which the cut
          // IOC file may not hold.
          sort: record.source === 'ioc' ? demoById.get(record.id)?.sort : record.sort,
        };
        expect(demoById.get(record.id)).toEqual(expected);
      }
    });
  });
});
