/**
 * The species files of ../shared/data (README §1, §3), the committed world lists
 * (server/db/species/world/: the same files, whole, gzipped) and the committed demo extract
 * (server/db/species/data/: the same files cut down to a region, the test fixture). A file may be
 * stored plain, gzipped (`name.csv.gz`), or gzipped in consecutive parts (`name.csv.1.gz`,
 * `name.csv.2.gz`, …, each a slice of whole lines) so that no committed file reaches 1 MB.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import type { Row, SpeciesSourceTables } from './build';

export const SPECIES_EXTRACT_DIR = fileURLToPath(new URL('./data', import.meta.url));
/** The whole world's lists, seeded at start-up (world.ts). */
export const SPECIES_WORLD_DIR = fileURLToPath(new URL('./world', import.meta.url));

export const SPECIES_FILES = {
  avilist: 'birds_avilist_v2025.csv',
  ioc: 'birds_ioc_v10.2.csv',
  bbs: 'birds_usgs_bbs_species_list_2014.csv',
  mdd: 'mammals_mdd_v1.13.csv',
  bodyMass: 'mammals_body_mass_eltontraits.csv',
  reptiles: 'reptiles_reptiledb_2025_09.csv',
  amphibians: 'amphibians_amphibiaweb_2025_10.csv',
  wikispecies: 'species_names_multilingual_wikispecies.csv',
  mammalsByCountry: 'checklist_mammals_by_country_mdd.csv',
  mammalsByState: 'checklist_mammals_by_us_state_mdd.csv',
  amphibiansByCountry: 'checklist_amphibians_by_country_amphibiaweb.csv',
  birdsNz: 'checklist_birds_nz.csv',
} as const satisfies Record<keyof SpeciesSourceTables, string>;

export type SpeciesFileKey = keyof typeof SPECIES_FILES;
export const SPECIES_FILE_KEYS = Object.keys(SPECIES_FILES) as SpeciesFileKey[];

/** The paths holding a file of `dir`: plain, gzipped, or gzipped parts in order; throws when none. */
export function sourcePaths(dir: string, file: string): string[] {
  const plain = join(dir, file);
  if (existsSync(plain)) return [plain];
  if (existsSync(`${plain}.gz`)) return [`${plain}.gz`];
  const parts: string[] = [];
  while (existsSync(`${plain}.${parts.length + 1}.gz`)) parts.push(`${plain}.${parts.length + 1}.gz`);
  if (parts.length > 0) return parts;
  throw new Error(`species data: ${file} is not in ${dir}`);
}

/** The (uncompressed) bytes of a file of `dir`, whatever form it is stored in. */
async function readText(dir: string, file: string): Promise<Buffer> {
  const chunks = await Promise.all(
    sourcePaths(dir, file).map(async (path) => {
      const bytes = await readFile(path);
      return path.endsWith('.gz') ? gunzipSync(bytes) : bytes;
    }),
  );
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

export interface ParsedFile {
  header: string[];
  rows: Row[];
}

export function parseCsv(text: string | Buffer): ParsedFile {
  let header: string[] = [];
  const rows = parse<Row>(text, {
    columns: (names: string[]) => {
      header = names;
      return names;
    },
    skip_empty_lines: true,
  });
  return { header, rows };
}

/** Reads every species file of `dir`, with each file's header (for writing a cut-down copy). */
export async function readSpeciesFiles(dir: string): Promise<Record<SpeciesFileKey, ParsedFile>> {
  const entries = await Promise.all(
    SPECIES_FILE_KEYS.map(async (key) => [key, parseCsv(await readText(dir, SPECIES_FILES[key]))] as const),
  );
  return Object.fromEntries(entries) as Record<SpeciesFileKey, ParsedFile>;
}

export function tablesOf(files: Record<SpeciesFileKey, ParsedFile>): SpeciesSourceTables {
  const tables: Partial<SpeciesSourceTables> = {};
  for (const key of SPECIES_FILE_KEYS) tables[key] = files[key].rows;
  return tables as SpeciesSourceTables;
}

/** sha256 over the (uncompressed) bytes of every species file of `dir`, in a fixed order. */
export async function sourceChecksum(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const key of SPECIES_FILE_KEYS) {
    hash.update(SPECIES_FILES[key]);
    hash.update(await readText(dir, SPECIES_FILES[key]));
  }
  return hash.digest('hex');
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(file: ParsedFile): string {
  return (
    [file.header, ...file.rows.map((row) => file.header.map((column) => row[column] ?? ''))]
      .map((fields) => fields.map(csvField).join(','))
      .join('\n') + '\n'
  );
}
