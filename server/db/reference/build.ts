/**
 * Builds the reference-data extract from the full shared data files (Natural Earth countries and
 * admin-1 label points, the species checklists), as described in ../shared/data/README.md §2–4.
 * Run by `npm run cli -- reference:extract` (writes data/) and `import:reference --from DIR`
 * (imports straight from the full files). Every choice that is not a plain copy is here:
 *
 * - Countries: all 258 Natural Earth rows, id = adm0_a3. The English name is `name_en` (Wikidata's
 *   label), except where it is wrong or odd (COUNTRY_NAME_FIXES); NE's short `name` and
 *   `name_long` become search aliases. An ISO alpha-2 code shared by several NE rows (AU: Australia
 *   and its dependencies; BR, FR, KZ) stays only on the row whose adm0_a3 equals its iso_a3, so
 *   that a checklist or IP-to-country code maps to exactly one country.
 * - Regions: the admin-1 label points with a real adm1_code (`ZAF-1189`) and a name. Skipped: the
 *   79 "minor island"/"aggregation" placeholders (codes like `AUS+00?`, names like `AUS-00 (…)`),
 *   the 17 rows without a name (Åland, one in Ukraine) and Null Island. Dated names are fixed in
 *   REGION_NAME_FIXES, the old name kept as a search alias. The label-point file takes one point
 *   per region, which for regions with islands is often an island (Florida: the Dry Tortugas;
 *   California: the Channel Islands); for the 100 regions of USA, CAN, AUS and BRA the 1:50m admin-1
 *   layer's own label point (`latitude`/`longitude` properties) replaces it.
 * - Coverage (which countries have a real species list per classification): mammals (All, Larger,
 *   Small) from the MDD country checklist, amphibians from the AmphibiaWeb country checklist, birds
 *   (IOC, Clements) for US and CA from the North American Breeding Bird Survey list and for NZ from
 *   the NZ checklist. Reptiles have no distribution data: scope 'world' (classifications.ts).
 *   Checklist codes without their own NE country (French overseas departments, BQ, BV, TK, AN) are
 *   reported and skipped; CX and CC belong to NE's "Indian Ocean Ter." (IOA).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { CLASSIFICATION_DEFINITIONS, type ChecklistSource } from './classifications';
import {
  NAME_LANGUAGES,
  type CountryRecord,
  type CoverageRecord,
  type LanguageRecord,
  type ReferenceExtract,
  type RegionRecord,
} from './extract';

export const SOURCE_FILES = {
  countries: 'countries_ne10m.csv',
  regions: 'admin1_ne10m_label_points.csv',
  regionPolygons: 'admin1_ne50m_usa_can_aus_bra.geojson',
  mammals: 'checklist_mammals_by_country_mdd.csv',
  amphibians: 'checklist_amphibians_by_country_amphibiaweb.csv',
  birdsNz: 'checklist_birds_nz.csv',
  birdsBbs: 'birds_usgs_bbs_species_list_2014.csv',
} as const;

/** English and native names of the NAME_LANGUAGES (CLDR names, capitalised for a picker). */
export const LANGUAGES: readonly LanguageRecord[] = [
  { id: 'en', locale: 'en', name: 'English', nativeName: 'English', direction: 'ltr' },
  { id: 'ar', locale: 'ar', name: 'Arabic', nativeName: 'العربية', direction: 'rtl' },
  { id: 'bn', locale: 'bn', name: 'Bengali', nativeName: 'বাংলা', direction: 'ltr' },
  { id: 'de', locale: 'de', name: 'German', nativeName: 'Deutsch', direction: 'ltr' },
  { id: 'el', locale: 'el', name: 'Greek', nativeName: 'Ελληνικά', direction: 'ltr' },
  { id: 'es', locale: 'es', name: 'Spanish', nativeName: 'Español', direction: 'ltr' },
  { id: 'fa', locale: 'fa', name: 'Persian', nativeName: 'فارسی', direction: 'rtl' },
  { id: 'fr', locale: 'fr', name: 'French', nativeName: 'Français', direction: 'ltr' },
  { id: 'he', locale: 'he', name: 'Hebrew', nativeName: 'עברית', direction: 'rtl' },
  { id: 'hi', locale: 'hi', name: 'Hindi', nativeName: 'हिन्दी', direction: 'ltr' },
  { id: 'hu', locale: 'hu', name: 'Hungarian', nativeName: 'Magyar', direction: 'ltr' },
  { id: 'id', locale: 'id', name: 'Indonesian', nativeName: 'Bahasa Indonesia', direction: 'ltr' },
  { id: 'it', locale: 'it', name: 'Italian', nativeName: 'Italiano', direction: 'ltr' },
  { id: 'ja', locale: 'ja', name: 'Japanese', nativeName: '日本語', direction: 'ltr' },
  { id: 'ko', locale: 'ko', name: 'Korean', nativeName: '한국어', direction: 'ltr' },
  { id: 'nl', locale: 'nl', name: 'Dutch', nativeName: 'Nederlands', direction: 'ltr' },
  { id: 'pl', locale: 'pl', name: 'Polish', nativeName: 'Polski', direction: 'ltr' },
  { id: 'pt', locale: 'pt', name: 'Portuguese', nativeName: 'Português', direction: 'ltr' },
  { id: 'ru', locale: 'ru', name: 'Russian', nativeName: 'Русский', direction: 'ltr' },
  { id: 'sv', locale: 'sv', name: 'Swedish', nativeName: 'Svenska', direction: 'ltr' },
  { id: 'tr', locale: 'tr', name: 'Turkish', nativeName: 'Türkçe', direction: 'ltr' },
  { id: 'uk', locale: 'uk', name: 'Ukrainian', nativeName: 'Українська', direction: 'ltr' },
  { id: 'ur', locale: 'ur', name: 'Urdu', nativeName: 'اردو', direction: 'rtl' },
  { id: 'vi', locale: 'vi', name: 'Vietnamese', nativeName: 'Tiếng Việt', direction: 'ltr' },
  { id: 'zh', locale: 'zh-Hans', name: 'Chinese (Simplified)', nativeName: '简体中文', direction: 'ltr' },
  { id: 'zht', locale: 'zh-Hant', name: 'Chinese (Traditional)', nativeName: '繁體中文', direction: 'ltr' },
];

/** name_en values that are wrong (PGA's is "Wake Island") or needlessly formal. */
const COUNTRY_NAME_FIXES: Record<string, string> = {
  CHN: 'China',
  PGA: 'Spratly Islands',
};

/** Dated names in the 2017 Natural Earth admin-1 release. */
const REGION_NAME_FIXES: Record<string, string> = {
  'ZAF-1206': 'Free State',
};

/** Checklist codes whose territory is a differently coded Natural Earth country. */
const ISO_ALIASES: Record<string, string> = {
  CX: 'IOA',
  CC: 'IOA',
};

const REGION_CODE = /^[A-Z]{3}-\d+$/;

/** Birds: the countries each bird checklist stands for. */
const BBS_COUNTRIES = ['US', 'CA'];

type Row = Record<string, string>;

async function readCsv(dir: string, file: string): Promise<Row[]> {
  return parse<Row>(await readFile(join(dir, file), 'utf8'), { columns: true, skip_empty_lines: true });
}

/** What the build skipped or could not match, for the command's output. */
export interface BuildReport {
  skippedRegions: { placeholder: number; unnamed: number; noCountry: number };
  /** Regions whose label point came from the 1:50m admin-1 layer. */
  betterLabelPoints: number;
  unmatchedCodes: Record<string, string[]>;
}

const classificationOrder = (id: string) => CLASSIFICATION_DEFINITIONS.findIndex((d) => d.id === id);

/** adm1_code → the 1:50m layer's label point (USA, CAN, AUS, BRA). */
async function regionLabelPoints(dir: string): Promise<Map<string, { latitude: number; longitude: number }>> {
  const geojson = JSON.parse(await readFile(join(dir, SOURCE_FILES.regionPolygons), 'utf8')) as {
    features: Array<{ properties: { adm1_code?: string; latitude?: number; longitude?: number } }>;
  };
  const points = new Map<string, { latitude: number; longitude: number }>();
  for (const { properties } of geojson.features) {
    const { adm1_code: code, latitude, longitude } = properties;
    if (code && Number.isFinite(latitude) && Number.isFinite(longitude)) {
      points.set(code, { latitude: Number(latitude), longitude: Number(longitude) });
    }
  }
  return points;
}

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export async function buildExtract(
  sourceDir: string,
): Promise<{ extract: ReferenceExtract; report: BuildReport }> {
  const countryRows = await readCsv(sourceDir, SOURCE_FILES.countries);
  for (const language of NAME_LANGUAGES) {
    if (!(`name_${language}` in (countryRows[0] ?? {})))
      throw new Error(`${SOURCE_FILES.countries} has no name_${language}`);
  }

  // The country that owns each ISO alpha-2 code (see the file comment).
  const isoOwner = new Map<string, string>();
  for (const row of countryRows) {
    const iso = row.iso_a2 ?? '';
    if (!/^[A-Z]{2}$/.test(iso)) continue;
    const current = isoOwner.get(iso);
    if (current === undefined || row.adm0_a3 === row.iso_a3) isoOwner.set(iso, row.adm0_a3 ?? '');
  }

  const countries = countryRows.map((row): CountryRecord => {
    const id = row.adm0_a3 ?? '';
    const ownsIso = row.iso_a2 !== undefined && isoOwner.get(row.iso_a2) === id;
    const name = COUNTRY_NAME_FIXES[id] ?? row.name_en ?? row.name ?? id;
    const names: Record<string, string> = {};
    for (const language of NAME_LANGUAGES) {
      const value = row[`name_${language}`];
      if (value) names[language] = value;
    }
    names.en = name;
    const altNames = [
      ...new Set([row.name, row.name_long, row.name_en].filter((v): v is string => !!v && v !== name)),
    ];
    return {
      id,
      isoA2: ownsIso ? (row.iso_a2 ?? null) : null,
      isoA3: ownsIso && row.iso_a3 ? row.iso_a3 : null,
      name,
      continent: row.continent || null,
      latitude: Number(row.label_lat),
      longitude: Number(row.label_lon),
      altNames,
      names,
    };
  });
  const countryIds = new Set(countries.map((country) => country.id));

  const report: BuildReport = {
    skippedRegions: { placeholder: 0, unnamed: 0, noCountry: 0 },
    betterLabelPoints: 0,
    unmatchedCodes: {},
  };
  const betterPoints = await regionLabelPoints(sourceDir);
  const regions: RegionRecord[] = [];
  for (const row of await readCsv(sourceDir, SOURCE_FILES.regions)) {
    const id = row.adm1_code ?? '';
    if (!REGION_CODE.test(id)) {
      report.skippedRegions.placeholder += 1;
      continue;
    }
    if (!row.name) {
      report.skippedRegions.unnamed += 1;
      continue;
    }
    const countryId = row.country_adm0_a3 ?? '';
    if (!countryIds.has(countryId)) {
      report.skippedRegions.noCountry += 1;
      continue;
    }
    const fixed = REGION_NAME_FIXES[id];
    const point = betterPoints.get(id);
    if (point) report.betterLabelPoints += 1;
    regions.push({
      id,
      countryId,
      name: fixed ?? row.name,
      iso31662: row.iso_3166_2 || null,
      latitude: point?.latitude ?? Number(row.label_lat),
      longitude: point?.longitude ?? Number(row.label_lon),
      altNames: fixed ? [row.name] : [],
    });
  }

  const coverage: CoverageRecord[] = [];
  const addCoverage = (
    classificationIds: string[],
    codes: Iterable<string>,
    source: ChecklistSource,
    label: string,
  ) => {
    const countriesWithList = new Set<string>();
    const unmatched = new Set<string>();
    for (const code of codes) {
      const countryId = ISO_ALIASES[code] ?? isoOwner.get(code);
      if (countryId === undefined) unmatched.add(code);
      else countriesWithList.add(countryId);
    }
    if (unmatched.size > 0) report.unmatchedCodes[label] = [...unmatched].sort();
    for (const classificationId of classificationIds) {
      for (const countryId of [...countriesWithList].sort())
        coverage.push({ classificationId, countryId, source });
    }
  };
  const codesOf = (rows: Row[]) => rows.map((row) => row.country_iso_a2 ?? '').filter(Boolean);

  const bbs = await readCsv(sourceDir, SOURCE_FILES.birdsBbs);
  const nz = await readCsv(sourceDir, SOURCE_FILES.birdsNz);
  if (bbs.length === 0 || nz.length === 0) throw new Error('the bird checklists are empty');
  for (const classificationId of ['birds-ioc', 'birds-clements']) {
    addCoverage([classificationId], BBS_COUNTRIES, 'bbs', 'birds (BBS)');
    addCoverage([classificationId], codesOf(nz), 'nz-birds', 'birds (NZ)');
  }
  addCoverage(
    ['mammals-all', 'mammals-larger', 'mammals-small'],
    codesOf(await readCsv(sourceDir, SOURCE_FILES.mammals)),
    'mdd',
    'mammals (MDD)',
  );
  addCoverage(
    ['amphibians'],
    codesOf(await readCsv(sourceDir, SOURCE_FILES.amphibians)),
    'amphibiaweb',
    'amphibians (AmphibiaWeb)',
  );

  return {
    extract: {
      countries: countries.sort(byId),
      regions: regions.sort(byId),
      languages: [...LANGUAGES],
      // In the order coverage.csv is read back: by country, then by classification.
      coverage: coverage.sort(
        (a, b) =>
          (a.countryId < b.countryId ? -1 : a.countryId > b.countryId ? 1 : 0) ||
          classificationOrder(a.classificationId) - classificationOrder(b.classificationId),
      ),
    },
    report,
  };
}
