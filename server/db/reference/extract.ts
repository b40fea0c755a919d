/**
 * The committed reference-data extract in server/db/reference/data/: small CSV files that need
 * neither network nor ../shared at run time (a clone of the repository has no ../shared).
 * `readExtract` is what start-up seeding reads; `writeExtract` is what
 * `npm run cli -- reference:extract` writes after building the extract from the full Natural Earth
 * and checklist files (build.ts). Provenance and licences: data/README.md.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { CLASSIFICATION_DEFINITIONS, isChecklistSource, type ChecklistSource } from './classifications';

export const EXTRACT_DIR = fileURLToPath(new URL('./data', import.meta.url));

/** Languages in which countries_ne10m.csv carries country names (`name_xx` columns). */
export const NAME_LANGUAGES = [
  'ar',
  'bn',
  'de',
  'en',
  'es',
  'fa',
  'fr',
  'el',
  'he',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'nl',
  'pl',
  'pt',
  'ru',
  'sv',
  'tr',
  'uk',
  'ur',
  'vi',
  'zh',
  'zht',
] as const;

export interface CountryRecord {
  /** Natural Earth adm0_a3: always filled and unique, unlike the ISO codes. */
  id: string;
  /** ISO 3166-1 alpha-2/-3; only on the country that owns the code (see build.ts). */
  isoA2: string | null;
  isoA3: string | null;
  name: string;
  continent: string | null;
  latitude: number;
  longitude: number;
  altNames: string[];
  /** Name by language id (NAME_LANGUAGES); `en` is `name`. */
  names: Record<string, string>;
}

export interface RegionRecord {
  /** Natural Earth adm1_code, e.g. ZAF-1189. */
  id: string;
  countryId: string;
  name: string;
  /** ISO 3166-2 (filled for USA, CAN, AUS and BRA in this Natural Earth release). */
  iso31662: string | null;
  latitude: number;
  longitude: number;
  altNames: string[];
}

export interface LanguageRecord {
  id: string;
  locale: string;
  name: string;
  nativeName: string;
  direction: 'ltr' | 'rtl';
}

/** Country `countryId` has a real species list for `classificationId`, from `source`. */
export interface CoverageRecord {
  classificationId: string;
  countryId: string;
  source: ChecklistSource;
}

/** coverage.csv has one column per classification that is offered by checklist. */
const COVERAGE_COLUMNS = CLASSIFICATION_DEFINITIONS.filter((d) => d.scope === 'checklist').map((d) => d.id);

export interface ReferenceExtract {
  countries: CountryRecord[];
  regions: RegionRecord[];
  languages: LanguageRecord[];
  coverage: CoverageRecord[];
}

const FILES = {
  countries: 'countries.csv',
  regions: 'regions.csv',
  languages: 'languages.csv',
  coverage: 'coverage.csv',
} as const;

const ALT_SEPARATOR = '|';

type Row = Record<string, string>;

function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\n') + '\n';
}

async function readCsv(path: string): Promise<Row[]> {
  return parse<Row>(await readFile(path, 'utf8'), { columns: true, skip_empty_lines: true });
}

const orNull = (value: string | undefined) => (value ? value : null);

function required(row: Row, column: string, file: string): string {
  const value = row[column];
  if (!value) throw new Error(`${file}: missing ${column} in ${JSON.stringify(row)}`);
  return value;
}

function coordinate(row: Row, column: string, file: string, limit: number): number {
  const value = Number(required(row, column, file));
  if (!Number.isFinite(value) || Math.abs(value) > limit)
    throw new Error(`${file}: bad ${column} in ${JSON.stringify(row)}`);
  return value;
}

const splitAlt = (value: string | undefined) => (value ? value.split(ALT_SEPARATOR).filter(Boolean) : []);

export async function readExtract(dir: string = EXTRACT_DIR): Promise<ReferenceExtract> {
  const [countryRows, regionRows, languageRows, coverageRows] = await Promise.all([
    readCsv(join(dir, FILES.countries)),
    readCsv(join(dir, FILES.regions)),
    readCsv(join(dir, FILES.languages)),
    readCsv(join(dir, FILES.coverage)),
  ]);
  const countries = countryRows.map((row): CountryRecord => {
    const names: Record<string, string> = {};
    for (const language of NAME_LANGUAGES) {
      const value = row[`name_${language}`];
      if (value) names[language] = value;
    }
    return {
      id: required(row, 'id', FILES.countries),
      isoA2: orNull(row.iso_a2),
      isoA3: orNull(row.iso_a3),
      name: required(row, 'name', FILES.countries),
      continent: orNull(row.continent),
      latitude: coordinate(row, 'latitude', FILES.countries, 90),
      longitude: coordinate(row, 'longitude', FILES.countries, 180),
      altNames: splitAlt(row.alt_names),
      names,
    };
  });
  const regions = regionRows.map((row): RegionRecord => ({
    id: required(row, 'id', FILES.regions),
    countryId: required(row, 'country_id', FILES.regions),
    name: required(row, 'name', FILES.regions),
    iso31662: orNull(row.iso_3166_2),
    latitude: coordinate(row, 'latitude', FILES.regions, 90),
    longitude: coordinate(row, 'longitude', FILES.regions, 180),
    altNames: splitAlt(row.alt_names),
  }));
  const languages = languageRows.map((row): LanguageRecord => ({
    id: required(row, 'id', FILES.languages),
    locale: required(row, 'locale', FILES.languages),
    name: required(row, 'name', FILES.languages),
    nativeName: required(row, 'native_name', FILES.languages),
    direction: row.direction === 'rtl' ? 'rtl' : 'ltr',
  }));
  const coverage: CoverageRecord[] = [];
  for (const row of coverageRows) {
    const countryId = required(row, 'country_id', FILES.coverage);
    for (const classificationId of COVERAGE_COLUMNS) {
      const source = row[classificationId];
      if (!source) continue;
      if (!isChecklistSource(source))
        throw new Error(`${FILES.coverage}: unknown source '${source}' for ${countryId}`);
      coverage.push({ classificationId, countryId, source });
    }
  }
  return { countries, regions, languages, coverage };
}

export async function writeExtract(extract: ReferenceExtract, dir: string = EXTRACT_DIR): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const countries = toCsv(
    [
      'id',
      'iso_a2',
      'iso_a3',
      'name',
      'continent',
      'latitude',
      'longitude',
      'alt_names',
      ...NAME_LANGUAGES.map((l) => `name_${l}`),
    ],
    extract.countries.map((c) => [
      c.id,
      c.isoA2,
      c.isoA3,
      c.name,
      c.continent,
      c.latitude,
      c.longitude,
      c.altNames.join(ALT_SEPARATOR),
      ...NAME_LANGUAGES.map((language) => c.names[language] ?? null),
    ]),
  );
  const regions = toCsv(
    ['id', 'country_id', 'name', 'iso_3166_2', 'latitude', 'longitude', 'alt_names'],
    extract.regions.map((r) => [
      r.id,
      r.countryId,
      r.name,
      r.iso31662,
      r.latitude,
      r.longitude,
      r.altNames.join(ALT_SEPARATOR),
    ]),
  );
  const languages = toCsv(
    ['id', 'locale', 'name', 'native_name', 'direction'],
    extract.languages.map((l) => [l.id, l.locale, l.name, l.nativeName, l.direction]),
  );
  const sources = new Map<string, Map<string, string>>();
  for (const item of extract.coverage) {
    const row = sources.get(item.countryId) ?? new Map<string, string>();
    row.set(item.classificationId, item.source);
    sources.set(item.countryId, row);
  }
  const isoOf = new Map(extract.countries.map((c) => [c.id, c.isoA2]));
  const coverage = toCsv(
    ['country_id', 'iso_a2', ...COVERAGE_COLUMNS],
    [...sources.keys()]
      .sort()
      .map((countryId) => [
        countryId,
        isoOf.get(countryId) ?? null,
        ...COVERAGE_COLUMNS.map((id) => sources.get(countryId)?.get(id) ?? null),
      ]),
  );
  const written: string[] = [];
  for (const [file, text] of [
    [FILES.countries, countries],
    [FILES.regions, regions],
    [FILES.languages, languages],
    [FILES.coverage, coverage],
  ] as const) {
    await writeFile(join(dir, file), text, 'utf8');
    written.push(join(dir, file));
  }
  return written;
}
