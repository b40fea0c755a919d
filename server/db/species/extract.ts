/**
 * The committed demo extract (server/db/species/data/): the species files of ../shared/data, same
 * names and columns, cut down to the species of the demo countries (United States, South Africa and
 * New Zealand, with the US states) plus the whole reptile list (it has no distribution and is offered
 * everywhere, see ../reference/classifications.ts). Start-up seeds it when ../shared is absent (a
 * user's clone); `npm run cli -- species:extract` rebuilds it. What is kept of each file:
 *
 * - species lists: the rows of the species that the full build keys to a demo location (and every
 *   reptile); IOC rows by the scientific names of those birds;
 * - checklists: their rows for the demo countries (the US-state list whole); the North American
 *   Breeding Bird Survey list without the rows of species the US/Canada range rule removes
 *   (ranges.ts); the NZ list whole;
 * - the EltonTraits body masses whole (the genus and family medians need every row), and the
 *   Wikispecies names of the kept species.
 *
 * Building the species from the extract gives the same records as the full build, except that
 * their locations are only the demo ones (and Canada, which the BBS list also keys).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSpecies, placeIndex, type SpeciesRecord } from './build';
import type { ReferenceExtract } from '../reference/extract';
import {
  SPECIES_EXTRACT_DIR,
  SPECIES_FILE_KEYS,
  SPECIES_FILES,
  readSpeciesFiles,
  tablesOf,
  toCsv,
  type ParsedFile,
  type SpeciesFileKey,
} from './sources';

/** Natural Earth adm0_a3 and ISO alpha-2 of the demo countries. */
export const DEMO_COUNTRIES = [
  { id: 'USA', iso: 'US' },
  { id: 'ZAF', iso: 'ZA' },
  // New Zealand for its bird checklist: the demo then has a bird list that is not the BBS one.
  { id: 'NZL', iso: 'NZ' },
] as const;

/** Files written gzipped (the large ones); the rest stay plain CSV for readable diffs. */
const GZIPPED: ReadonlySet<SpeciesFileKey> = new Set(['reptiles', 'wikispecies', 'bodyMass', 'avilist']);

/** True for a demo country or one of its regions (`USA`, `USA-3521`). */
export function isDemoLocation(locationId: string): boolean {
  return DEMO_COUNTRIES.some(({ id }) => locationId === id || locationId.startsWith(`${id}-`));
}

export function isDemoSpecies(record: SpeciesRecord): boolean {
  return record.groupId === 'reptiles' || Object.keys(record.locations).some(isDemoLocation);
}

export interface SpeciesExtractResult {
  files: Record<SpeciesFileKey, ParsedFile>;
  species: SpeciesRecord[];
}

/** Cuts the full files of `sourceDir` down to the demo extract (nothing is written). */
export async function cutSpeciesExtract(
  sourceDir: string,
  reference: Pick<ReferenceExtract, 'countries' | 'regions'>,
): Promise<SpeciesExtractResult> {
  const full = await readSpeciesFiles(sourceDir);
  const { species, report } = buildSpecies(tablesOf(full), placeIndex(reference));
  // BBS rows of species the US/Canada range rule removes: left out, so that the demo build does
  // not try them again (by English name) against the cut-down lists.
  const removedBbsRows = new Set(report.usCanada.removedRows);
  const kept = species.filter(isDemoSpecies);
  const idsOf = (source: SpeciesRecord['source']) =>
    new Set(kept.filter((record) => record.source === source).map((record) => record.sourceId));
  const avibaseIds = idsOf('avilist');
  const mddIds = idsOf('mdd');
  const awebIds = idsOf('amphibiaweb');
  const birdNames = new Set(
    kept
      .filter((record) => record.groupId === 'birds')
      .flatMap((record) => [record.taxa.name, ...record.taxaAlt.map((alt) => alt.name)]),
  );
  const wikispeciesKeys = new Set(
    kept.map((record) => {
      const cls = { birds: 'Aves', mammals: 'Mammalia', reptiles: 'Reptilia', amphibians: '' }[
        record.groupId
      ];
      return `${cls}|${record.scientificName}`;
    }),
  );
  for (const name of birdNames) wikispeciesKeys.add(`Aves|${name}`);
  const demoIso = new Set<string>(DEMO_COUNTRIES.map(({ iso }) => iso));

  const filters: Record<SpeciesFileKey, (row: Record<string, string>) => boolean> = {
    avilist: (row) => avibaseIds.has(row.avibase_id ?? ''),
    ioc: (row) => birdNames.has(row.scientific_name ?? ''),
    bbs: (row) => !removedBbsRows.has(row.aou_code ?? ''),
    mdd: (row) => mddIds.has(row.mdd_id ?? ''),
    bodyMass: () => true,
    reptiles: () => true,
    amphibians: (row) => awebIds.has(row.aweb_uid ?? ''),
    wikispecies: (row) => wikispeciesKeys.has(`${row.class ?? ''}|${row.scientific_name ?? ''}`),
    mammalsByCountry: (row) => mddIds.has(row.mdd_id ?? '') && demoIso.has(row.country_iso_a2 ?? ''),
    mammalsByState: (row) => mddIds.has(row.mdd_id ?? ''),
    amphibiansByCountry: (row) => awebIds.has(row.aweb_uid ?? '') && demoIso.has(row.country_iso_a2 ?? ''),
    birdsNz: () => true,
  };
  const files = Object.fromEntries(
    SPECIES_FILE_KEYS.map((key) => [
      key,
      { header: full[key].header, rows: full[key].rows.filter(filters[key]) },
    ]),
  ) as Record<SpeciesFileKey, ParsedFile>;
  return { files, species: kept };
}

/** Writes the extract's files into `dir` (replacing the plain or gzipped form of each). */
export async function writeSpeciesExtract(
  files: Record<SpeciesFileKey, ParsedFile>,
  dir: string = SPECIES_EXTRACT_DIR,
): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const key of SPECIES_FILE_KEYS) {
    const path = join(dir, SPECIES_FILES[key]);
    const text = toCsv(files[key]);
    await rm(path, { force: true });
    await rm(`${path}.gz`, { force: true });
    if (GZIPPED.has(key)) {
      // mtime 0 in the gzip header (Node writes none): the same data always gives the same bytes.
      await writeFile(`${path}.gz`, gzipSync(text, { level: 9 }));
      written.push(`${path}.gz`);
    } else {
      await writeFile(path, text, 'utf8');
      written.push(path);
    }
  }
  return written;
}
