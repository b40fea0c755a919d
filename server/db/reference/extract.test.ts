import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCATION_ID } from '@contract/reference';
import { buildExtract } from './build';
import { DEFAULT_SOURCE_DIR } from './commands';
import { NAME_LANGUAGES, readExtract, writeExtract } from './extract';

describe('the committed extract', () => {
  it('holds the hierarchy, the 26 name languages and the coverage table', async () => {
    const extract = await readExtract();
    const countries = new Map(extract.countries.map((c) => [c.id, c]));
    expect(countries.get(DEFAULT_LOCATION_ID)).toMatchObject({
      name: 'United States of America',
      isoA2: 'US',
    });
    expect(countries.get('ZAF')?.names).toMatchObject({ en: 'South Africa', zht: '南非' });
    expect(extract.regions.find((r) => r.id === 'ZAF-1189')).toMatchObject({
      name: 'Western Cape',
      countryId: 'ZAF',
    });
    expect(extract.regions.every((r) => countries.has(r.countryId))).toBe(true);
    expect(extract.languages.map((l) => l.id).sort()).toEqual([...NAME_LANGUAGES].sort());
    // ISO alpha-2 codes are unique among countries, so checklists and geoip map to one country.
    const isoCodes = extract.countries.flatMap((c) => (c.isoA2 ? [c.isoA2] : []));
    expect(new Set(isoCodes).size).toBe(isoCodes.length);
    expect(countries.get('AUS')?.isoA2).toBe('AU');
    expect(countries.get('CSI')?.isoA2).toBeNull();
    const za = extract.coverage.filter((c) => c.countryId === 'ZAF').map((c) => c.classificationId);
    expect(za.sort()).toEqual(['amphibians', 'mammals-all', 'mammals-larger', 'mammals-small']);
  });

  it('survives a write and read unchanged', async () => {
    const extract = await readExtract();
    const dir = await mkdtemp(join(tmpdir(), 'fieldmark-extract-'));
    try {
      await writeExtract(extract, dir);
      expect(await readExtract(dir)).toEqual(extract);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  // ../shared/data sits beside a checkout on developer machines and in CI, not in a user's clone.
  it.skipIf(!existsSync(DEFAULT_SOURCE_DIR))(
    'is what reference:extract builds from ../shared/data today',
    async () => {
      const { extract } = await buildExtract(DEFAULT_SOURCE_DIR);
      expect(await readExtract()).toEqual(extract);
    },
  );
});
