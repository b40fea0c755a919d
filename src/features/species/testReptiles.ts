/**
 * Thousands of real species for tests that need a long list: every reptile of the committed demo
 * extract (The Reptile Database, Sep 2025: 12,502 species), as device rows with the fields the
 * importer gives them (id `rdb-<number>`, Reptiles, world scope so no places, no English names —
 * the Wikispecies names are left out). Node only: it reads the extract's file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { foldText } from '@contract/text';
import type { SpeciesRow } from '../../db/rows';

// A path, not a URL: under happy-dom the global URL is the DOM's, which node:fs does not take.
const EXTRACT = join(
  import.meta.dirname,
  '../../../server/db/species/data/reptiles_reptiledb_2025_09.csv.gz',
);

export function reptileRowsFromExtract(): SpeciesRow[] {
  const records = parse<Record<string, string>>(gunzipSync(readFileSync(EXTRACT)), {
    columns: true,
    skip_empty_lines: true,
  });
  return records.map((record) => {
    const scientificName = record.scientific_name ?? '';
    return {
      id: `rdb-${record.rdb_sp_number}`,
      group_id: 'reptiles',
      classifications: ['Reptiles'],
      location_ids: [],
      locations: {},
      scientific_name: scientificName,
      authority: record.authority || null,
      order: record.order || null,
      family: record.family || null,
      name: scientificName,
      names: {},
      taxa: {
        system: 'The Reptile Database 2025-09',
        category: null,
        classification: 'Reptiles',
        group_name: 'Reptiles',
        name: scientificName,
      },
      taxa_alt: [],
      photo: { thumbs: [] },
      extinct: false,
      sort: 0,
      tokens: foldText(scientificName).split(' '),
      rev: '1_seed',
    };
  });
}
