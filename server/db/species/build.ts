/**
 * Builds the species records from the species files of ../shared/data (README §1, §3) or from the
 * committed demo extract, which holds the same files cut down to a region (extract.ts). Pure: the
 * parsed rows go in, the records come out; reading files is sources.ts, writing rows is seed.ts.
 *
 * Every choice that is not a plain copy is here (docs/data-sources.md "Species data"):
 *
 * - Ids: `<source>-<source id>`, stable across re-imports and list versions that keep the source id:
 *   `avibase-2247cb05` (AviList's Avibase concept id), `mdd-1000522`, `rdb-11256`, `aweb-8097`; an
 *   IOC v10.2 species with no AviList species of the same scientific name is
 *   `ioc-<genus>-<epithet>` (IOC's table ids are not stable).
 * - Birds: one row per AviList v2025 species. `taxa` is Birds|Clements (AviList, which Clements
 *   adopted in 2025, with the Clements v2024 English name and eBird code of the crosswalk); when an
 *   IOC v10.2 species has the same scientific name, the row is also in Birds|IOC and `taxa_alt`
 *   carries the IOC entry (its English name). IOC species without such a match get their own
 *   IOC-only row. So Birds|Clements has 11,131 rows and Birds|IOC 10,945.
 * - Mammals: one row per MDD v1.13 species (extinct and domestic ones included and flagged), in
 *   Mammals|All (`taxa_alt`) and in Mammals|Larger or Mammals|Small (`taxa`): Larger when the
 *   EltonTraits body mass is at least LARGER_MAMMAL_GRAMS. Without a mass of its own (another
 *   name in MSW3), a species takes the median of its genus in EltonTraits, else of its family,
 *   else its order decides (SMALL_ORDERS). `body_mass_basis` says which.
 * - Reptiles (Reptile Database) and amphibians (AmphibiaWeb): one row per species; an amphibian's
 *   English name is the first of its common names without a language tag.
 * - Names by language: the list's own English name, then BBS French and IOC Ukrainian, then
 *   Wikispecies (joined on the scientific name within the same class) for every other language.
 * - Locations: MDD by country and by US state, AmphibiaWeb by country (native/introduced), the NZ
 *   bird list, and the North American Breeding Bird Survey list as the bird set of the United States
 *   and Canada, as far as the IOC range rule keeps its species (ranges.ts). Checklist birds are matched by scientific name, then the species of a subspecies
 *   or form, then a unique English name; unidentified, hybrid and "sp." rows are skipped.
 */
import { CLASSIFICATION_DEFINITIONS, type ChecklistSource } from '../reference/classifications';
import type { ReferenceExtract } from '../reference/extract';
import type { TaxaAltEntry, TaxaEntry } from '@contract/species';
import { foldText } from '@contract/text';
import { usCanadaReason, usOrCanadaPlaceIn, type UsCanadaReason } from './ranges';

export type Row = Record<string, string>;

export const SPECIES_GROUPS = ['birds', 'mammals', 'reptiles', 'amphibians'] as const;
export type SpeciesGroup = (typeof SPECIES_GROUPS)[number];

export type SpeciesSource = 'avilist' | 'ioc' | 'mdd' | 'rdb' | 'amphibiaweb';

/** A mammal of at least this mass (EltonTraits, grams) is in Mammals|Larger, lighter ones in Small. */
export const LARGER_MAMMAL_GRAMS = 1000;

/**
 * Orders that decide a mammal's size when neither the species, its genus nor its family has a mass
 * in EltonTraits (every other order counts as Larger): rodents, bats, shrews and moles, tree shrews,
 * elephant shrews, tenrecs and golden moles, and the small marsupial orders.
 */
export const SMALL_ORDERS: ReadonlySet<string> = new Set([
  'Rodentia',
  'Chiroptera',
  'Eulipotyphla',
  'Scandentia',
  'Macroscelidea',
  'Afrosoricida',
  'Didelphimorphia',
  'Paucituberculata',
  'Microbiotheria',
  'Dasyuromorphia',
  'Peramelemorphia',
  'Notoryctemorphia',
]);

export const SYSTEMS = {
  avilist: 'AviList v2025',
  ioc: 'IOC World Bird List v10.2',
  mdd: 'Mammal Diversity Database v1.13',
  rdb: 'The Reptile Database 2025-09',
  amphibiaweb: 'AmphibiaWeb 2025-10-01',
} as const satisfies Record<SpeciesSource, string>;

export interface SpeciesLocation {
  /** How the source lists it: present, uncertain (MDD), native, introduced (AmphibiaWeb), listed (BBS), NZ status. */
  occurrence: string;
  source: ChecklistSource;
}

export type BodyMassBasis = 'species' | 'genus' | 'family' | 'order';

export interface SpeciesRecord {
  id: string;
  groupId: SpeciesGroup;
  /** Classification ids (taxa_classifications.id) the species is in. */
  classifications: string[];
  scientificName: string;
  authority: string | null;
  order: string | null;
  family: string | null;
  /** English name, else the scientific name. */
  name: string;
  /** Name by language id; sorted keys. */
  names: Record<string, string>;
  /** Further names, for search only. */
  altNames: string[];
  taxa: TaxaEntry;
  taxaAlt: TaxaAltEntry[];
  extinct: boolean;
  bodyMassG: number | null;
  bodyMassBasis: BodyMassBasis | null;
  source: SpeciesSource;
  sourceId: string;
  /** Taxonomic order within the group where the list has one (AviList sequence, MDD id); else 0. */
  sort: number;
  /** By location id (Natural Earth adm0_a3 / adm1_code), sorted keys. */
  locations: Record<string, SpeciesLocation>;
}

/** The parsed source files (sources.ts), by role. */
export interface SpeciesSourceTables {
  avilist: Row[];
  ioc: Row[];
  bbs: Row[];
  mdd: Row[];
  bodyMass: Row[];
  reptiles: Row[];
  amphibians: Row[];
  wikispecies: Row[];
  mammalsByCountry: Row[];
  mammalsByState: Row[];
  amphibiansByCountry: Row[];
  birdsNz: Row[];
}

export interface SpeciesBuildReport {
  /** Checklist rows skipped on purpose (unidentified, hybrids, "sp."). */
  skippedChecklistRows: Record<string, number>;
  /** Checklist names that matched no species, by list. */
  unmatchedNames: Record<string, string[]>;
  /** Bird checklist rows matched by English name or the species of a subspecies, by list. */
  matchedIndirectly: Record<string, number>;
  /** Checklist location codes without a location, by list. */
  unmatchedLocations: Record<string, string[]>;
  bodyMassBasis: Record<BodyMassBasis, number>;
  /** The US/Canada range rule over the Breeding Bird Survey species (ranges.ts). */
  usCanada: UsCanadaRuleReport;
}

/**
 * What the US/Canada rule did to the matched BBS species: kept because an IOC range includes NA,
 * kept because a range text names a US/Canadian place (no NA), kept for want of any range (an
 * AviList-only bird without a range text), and removed (with their names, in BBS order).
 */
export interface UsCanadaRuleReport {
  keptByCode: number;
  keptByText: number;
  keptWithoutRange: number;
  removed: Array<{ scientificName: string; englishName: string; family: string | null; bbsName: string }>;
  /** AOU codes of every BBS row that names a removed species (the demo extract leaves them out). */
  removedRows: string[];
}

export interface SpeciesDataset {
  species: SpeciesRecord[];
  report: SpeciesBuildReport;
}

/** Checklist codes whose territory is a differently coded Natural Earth country (as build.ts). */
const ISO_ALIASES: Record<string, string> = { CX: 'IOA', CC: 'IOA' };

/** Location ids of the checklists' codes, from the reference extract (the same ids as the database). */
export interface PlaceIndex {
  country(isoA2: string): string | undefined;
  region(iso31662: string): string | undefined;
}

export function placeIndex(reference: Pick<ReferenceExtract, 'countries' | 'regions'>): PlaceIndex {
  const countries = new Map<string, string>();
  for (const country of reference.countries) if (country.isoA2) countries.set(country.isoA2, country.id);
  const regions = new Map<string, string>();
  for (const region of reference.regions) if (region.iso31662) regions.set(region.iso31662, region.id);
  return {
    country: (iso) => {
      const alias = ISO_ALIASES[iso];
      return alias !== undefined ? alias : countries.get(iso);
    },
    region: (iso) => regions.get(iso),
  };
}

const definition = (id: string) => {
  const found = CLASSIFICATION_DEFINITIONS.find((d) => d.id === id);
  if (!found) throw new Error(`unknown classification ${id}`);
  return found;
};

function entry(classificationId: string, system: string, name: string, extra: Partial<TaxaEntry> = {}) {
  const d = definition(classificationId);
  const out: TaxaEntry = {
    system,
    category: d.category,
    classification: d.name,
    group_name: d.groupName,
    name,
  };
  if (extra.english_name) out.english_name = extra.english_name;
  if (extra.code) out.code = extra.code;
  return out;
}

/** `Struthio camelus` → `struthio-camelus` (ids of IOC-only birds). */
export function slugOf(scientificName: string): string {
  return foldText(scientificName).replace(/ /g, '-');
}

/** The first word (a genus) of a scientific name. */
const genusOf = (scientificName: string) => scientificName.split(' ')[0] ?? scientificName;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The ISO 639 code of a language as AmphibiaWeb tags it ("Rana Venenosa (Spanish)"). */
const AMPHIBIAWEB_LANGUAGES: Record<string, string> = {
  Afrikaans: 'af',
  Catalan: 'ca',
  Chinese: 'zh',
  Dutch: 'nl',
  French: 'fr',
  German: 'de',
  Italian: 'it',
  Japanese: 'ja',
  Malagasy: 'mg',
  Portuguese: 'pt',
  Spanish: 'es',
  Swahili: 'sw',
  Xhosa: 'xh',
  Zulu: 'zu',
};

/**
 * AmphibiaWeb's `common_names`: comma-separated, English first, names in other languages tagged
 * "(Language)". Answers the English name (the first untagged one), the other English names, and
 * the first name per known language; names in unknown languages become other names.
 */
export function parseAmphibiaWebNames(value: string): {
  english: string | null;
  others: string[];
  byLanguage: Record<string, string>;
} {
  let english: string | null = null;
  const others: string[] = [];
  const byLanguage: Record<string, string> = {};
  for (const part of value.split(',')) {
    const text = part.trim();
    if (!text) continue;
    const tagged = /^(.*\S)\s*\(([^()]+)\)$/.exec(text);
    if (tagged) {
      const [, name = '', language = ''] = tagged;
      const code = AMPHIBIAWEB_LANGUAGES[language.trim()];
      if (code !== undefined && byLanguage[code] === undefined) byLanguage[code] = name;
      else others.push(name);
    } else if (english === null) english = text;
    else others.push(text);
  }
  return { english, others, byLanguage };
}

/** The size category of a mammal of `grams`, or by its order when no mass is known. */
export function mammalSize(grams: number | null, order: string): 'larger' | 'small' {
  if (grams !== null) return grams >= LARGER_MAMMAL_GRAMS ? 'larger' : 'small';
  return SMALL_ORDERS.has(order) ? 'small' : 'larger';
}

const SKIP_BIRD_NAME = /\/|\bsp\.|\bspp\.|\bx\b|hybrid|^"|\bunid\b|\bunid\.|indeterminate|\bform\)$/i;

/** Checklist bird rows that name no single species (unidentified, hybrids, "sp.", slashes). */
export function isUnidentifiedBird(scientificName: string, englishName: string): boolean {
  return SKIP_BIRD_NAME.test(scientificName) || /^unid|hybrid/i.test(englishName);
}

/** "(Blue Goose) Snow Goose" → "Snow Goose"; "Chen caerulescens (blue form)" → "Chen caerulescens". */
const withoutParentheses = (text: string) =>
  text
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const sortedObject = <T>(object: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** When one source lists a species twice for a location, the first of these wins. */
const OCCURRENCE_RANK = [
  'endemic',
  'native',
  'present',
  'introduced',
  'introduced, not established',
  'uncertain',
  'listed',
];
const rank = (occurrence: string) => {
  const index = OCCURRENCE_RANK.indexOf(occurrence);
  return index < 0 ? OCCURRENCE_RANK.length : index;
};

interface Draft extends Omit<SpeciesRecord, 'name' | 'names' | 'altNames' | 'classifications'> {
  classifications: Set<string>;
  names: Map<string, string>;
  altNames: Set<string>;
  /** Scientific names to look up in Wikispecies (the AviList and the IOC name of a bird). */
  lookupNames: Set<string>;
  wikispeciesClass: 'Aves' | 'Mammalia' | 'Reptilia' | null;
}

const textOrNull = (value: string | undefined) => (value ? value : null);

function required(row: Row, column: string, list: string): string {
  const value = row[column];
  if (!value) throw new Error(`${list}: missing ${column} in ${JSON.stringify(row)}`);
  return value;
}

function draft(
  fields: Pick<
    Draft,
    | 'id'
    | 'groupId'
    | 'scientificName'
    | 'authority'
    | 'order'
    | 'family'
    | 'taxa'
    | 'extinct'
    | 'source'
    | 'sourceId'
    | 'sort'
  > & { english: string | null; classifications: string[]; wikispeciesClass: Draft['wikispeciesClass'] },
): Draft {
  const names = new Map<string, string>();
  if (fields.english) names.set('en', fields.english);
  return {
    id: fields.id,
    groupId: fields.groupId,
    classifications: new Set(fields.classifications),
    scientificName: fields.scientificName,
    authority: fields.authority,
    order: fields.order,
    family: fields.family,
    names,
    altNames: new Set(),
    taxa: fields.taxa,
    taxaAlt: [],
    extinct: fields.extinct,
    bodyMassG: null,
    bodyMassBasis: null,
    source: fields.source,
    sourceId: fields.sourceId,
    sort: fields.sort,
    locations: {},
    lookupNames: new Set([fields.scientificName]),
    wikispeciesClass: fields.wikispeciesClass,
  };
}

function addLocation(target: Draft, locationId: string, occurrence: string, source: ChecklistSource) {
  const current = target.locations[locationId];
  if (current === undefined || rank(occurrence) < rank(current.occurrence))
    target.locations[locationId] = { occurrence, source };
}

export function buildSpecies(tables: SpeciesSourceTables, places: PlaceIndex): SpeciesDataset {
  const report: SpeciesBuildReport = {
    skippedChecklistRows: {},
    unmatchedNames: {},
    matchedIndirectly: {},
    unmatchedLocations: {},
    bodyMassBasis: { species: 0, genus: 0, family: 0, order: 0 },
    usCanada: { keptByCode: 0, keptByText: 0, keptWithoutRange: 0, removed: [], removedRows: [] },
  };
  const unmatchedLocation = (list: string, code: string) => {
    const codes = (report.unmatchedLocations[list] ??= []);
    if (!codes.includes(code)) codes.push(code);
  };

  // Birds: AviList rows, then IOC rows onto them or on their own.
  const birds: Draft[] = [];
  const birdByName = new Map<string, Draft>();
  // The range fields of each bird: IOC's (codes and text) where it has an IOC entry, else AviList's text.
  const iocRanges = new Map<Draft, { breeding: string; nonbreeding: string }>();
  const avilistRange = new Map<Draft, string>();
  for (const row of tables.avilist) {
    const scientificName = required(row, 'scientific_name', 'AviList');
    const avibase = required(row, 'avibase_id', 'AviList').toLowerCase();
    const clementsName = row.english_name_clements_v2024 || row.english_name_avilist;
    const bird = draft({
      id: avibase.startsWith('avibase-') ? avibase : `avibase-${avibase}`,
      groupId: 'birds',
      classifications: ['birds-clements'],
      scientificName,
      authority: textOrNull(row.authority),
      order: textOrNull(row.order),
      family: textOrNull(row.family),
      taxa: entry('birds-clements', SYSTEMS.avilist, scientificName, {
        english_name: clementsName,
        code: row.ebird_species_code,
      }),
      extinct: /^\(?extinct\)?$/i.test(row.extinct_or_possibly_extinct ?? ''),
      source: 'avilist',
      sourceId: required(row, 'avibase_id', 'AviList'),
      sort: Number(required(row, 'avilist_sequence', 'AviList')),
      english: textOrNull(row.english_name_avilist),
      wikispeciesClass: 'Aves',
    });
    for (const alt of [
      row.english_name_clements_v2024,
      row.english_name_birdlife_v9,
      row.ebird_species_code,
    ]) {
      if (alt) bird.altNames.add(alt);
    }
    birds.push(bird);
    birdByName.set(scientificName, bird);
    if (row.range) avilistRange.set(bird, row.range);
  }
  let previousSort = 0;
  for (const row of tables.ioc) {
    const scientificName = required(row, 'scientific_name', 'IOC');
    const iocEntry = entry('birds-ioc', SYSTEMS.ioc, scientificName, { english_name: row.english_name });
    const extinct = row.extinct === '1';
    let bird = birdByName.get(scientificName);
    if (bird !== undefined && bird.source === 'avilist') {
      bird.classifications.add('birds-ioc');
      bird.taxaAlt.push({ ...iocEntry, enabled: true });
      if (row.english_name) bird.altNames.add(row.english_name);
      previousSort = bird.sort;
    } else {
      // IOC-only species: sorted after the AviList species that precedes it in IOC's order.
      bird = draft({
        id: `ioc-${slugOf(scientificName)}`,
        groupId: 'birds',
        classifications: ['birds-ioc'],
        scientificName,
        authority: textOrNull(row.authority),
        order: textOrNull(row.order),
        family: textOrNull(row.family),
        taxa: iocEntry,
        extinct,
        source: 'ioc',
        sourceId: scientificName,
        sort: previousSort,
        english: textOrNull(row.english_name),
        wikispeciesClass: 'Aves',
      });
      birds.push(bird);
      birdByName.set(scientificName, bird);
    }
    if (row.name_uk && !bird.names.has('uk')) bird.names.set('uk', row.name_uk);
    iocRanges.set(bird, { breeding: row.breeding_range ?? '', nonbreeding: row.nonbreeding_range ?? '' });
  }
  /** ranges.ts's US/Canada rule for a bird; 'no-range' when it has neither an IOC nor an AviList range. */
  const usCanadaOf = (bird: Draft): UsCanadaReason | 'no-range' | null => {
    const ioc = iocRanges.get(bird);
    if (ioc) return usCanadaReason(ioc.breeding, ioc.nonbreeding);
    const text = avilistRange.get(bird);
    if (text === undefined) return 'no-range';
    return usOrCanadaPlaceIn(text) === null ? null : 'range-text';
  };

  // Checklist bird names → bird rows.
  const birdsByEnglish = new Map<string, Set<Draft>>();
  const addEnglish = (name: string | undefined, bird: Draft) => {
    if (!name) return;
    const key = foldText(name);
    const set = birdsByEnglish.get(key) ?? new Set<Draft>();
    set.add(bird);
    birdsByEnglish.set(key, set);
  };
  for (const row of tables.avilist) {
    const bird = birdByName.get(row.scientific_name ?? '');
    if (!bird) continue;
    addEnglish(row.english_name_avilist, bird);
    addEnglish(row.english_name_clements_v2024, bird);
    addEnglish(row.english_name_birdlife_v9, bird);
  }
  for (const row of tables.ioc) {
    const bird = birdByName.get(row.scientific_name ?? '');
    if (bird) addEnglish(row.english_name, bird);
  }
  const matchBird = (
    list: string,
    scientific: string,
    english: string,
  ): { bird: Draft; direct: boolean } | null => {
    if (isUnidentifiedBird(scientific, english)) {
      report.skippedChecklistRows[list] = (report.skippedChecklistRows[list] ?? 0) + 1;
      return null;
    }
    const exact = birdByName.get(scientific);
    if (exact) return { bird: exact, direct: true };
    const plain = withoutParentheses(scientific).split(' ');
    const species = birdByName.get(plain.slice(0, 2).join(' '));
    const byEnglish = birdsByEnglish.get(foldText(withoutParentheses(english)));
    const found = species ?? (byEnglish?.size === 1 ? [...byEnglish][0] : undefined);
    if (found) {
      report.matchedIndirectly[list] = (report.matchedIndirectly[list] ?? 0) + 1;
      return { bird: found, direct: false };
    }
    (report.unmatchedNames[list] ??= []).push(`${scientific} (${english})`);
    return null;
  };
  // The BBS list covers Middle America too: its species stay on the US/Canada lists only by the
  // range rule (ranges.ts); the others are left out, named in the report.
  const bbsSeen = new Set<Draft>();
  const bbsRemoved = new Set<Draft>();
  for (const row of tables.bbs) {
    const match = matchBird('bbs', row.scientific_name ?? '', row.english_name ?? '');
    if (!match) continue;
    if (!bbsSeen.has(match.bird)) {
      bbsSeen.add(match.bird);
      const reason = usCanadaOf(match.bird);
      if (reason === 'range-code') report.usCanada.keptByCode += 1;
      else if (reason === 'range-text') report.usCanada.keptByText += 1;
      else if (reason === 'no-range') report.usCanada.keptWithoutRange += 1;
      else {
        report.usCanada.removed.push({
          scientificName: match.bird.scientificName,
          englishName: match.bird.names.get('en') ?? match.bird.scientificName,
          family: match.bird.family,
          bbsName: `${row.scientific_name ?? ''} (${row.english_name ?? ''})`,
        });
        bbsRemoved.add(match.bird);
      }
    }
    if (bbsRemoved.has(match.bird)) {
      report.usCanada.removedRows.push(row.aou_code ?? '');
      continue;
    }
    for (const iso of ['US', 'CA']) {
      const locationId = places.country(iso);
      if (locationId === undefined) unmatchedLocation('bbs', iso);
      else addLocation(match.bird, locationId, 'listed', 'bbs');
    }
    if (match.direct && row.name_fr && !match.bird.names.has('fr')) match.bird.names.set('fr', row.name_fr);
    if (row.english_name) match.bird.altNames.add(withoutParentheses(row.english_name));
  }
  for (const row of tables.birdsNz) {
    const match = matchBird('nz-birds', row.scientific_name ?? '', row.english_name ?? '');
    if (!match) continue;
    const iso = row.country_iso_a2 || 'NZ';
    const locationId = places.country(iso);
    if (locationId === undefined) unmatchedLocation('nz-birds', iso);
    else addLocation(match.bird, locationId, (row.nz_status || 'listed').toLowerCase(), 'nz-birds');
  }

  // Mammals, with body mass for Larger/Small.
  const massById = new Map<string, number>();
  const genusMasses = new Map<string, number[]>();
  const familyMasses = new Map<string, number[]>();
  for (const row of tables.bodyMass) {
    const grams = Number(row.body_mass_g);
    if (!row.body_mass_g || !Number.isFinite(grams)) continue;
    if (row.mdd_id_if_same_name) massById.set(row.mdd_id_if_same_name, grams);
    const genus = genusOf(row.scientific_name_msw3 ?? '');
    genusMasses.set(genus, [...(genusMasses.get(genus) ?? []), grams]);
    const family = row.family_msw3 ?? '';
    familyMasses.set(family, [...(familyMasses.get(family) ?? []), grams]);
  }
  const mammals: Draft[] = [];
  const mammalById = new Map<string, Draft>();
  for (const row of tables.mdd) {
    const mddId = required(row, 'mdd_id', 'MDD');
    const scientificName = required(row, 'scientific_name', 'MDD');
    const order = required(row, 'order', 'MDD');
    let grams: number | null = massById.get(mddId) ?? null;
    let basis: BodyMassBasis = 'species';
    if (grams === null) {
      grams = median(genusMasses.get(row.genus || genusOf(scientificName)) ?? []);
      basis = 'genus';
    }
    if (grams === null) {
      grams = median(familyMasses.get(row.family ?? '') ?? []);
      basis = 'family';
    }
    if (grams === null) basis = 'order';
    report.bodyMassBasis[basis] += 1;
    const sizeId = mammalSize(grams, order) === 'larger' ? 'mammals-larger' : 'mammals-small';
    const authority = [row.authority_author, row.authority_year].filter(Boolean).join(', ');
    const mammal = draft({
      id: `mdd-${mddId}`,
      groupId: 'mammals',
      classifications: ['mammals-all', sizeId],
      scientificName,
      authority: textOrNull(authority),
      order,
      family: textOrNull(row.family),
      taxa: entry(sizeId, SYSTEMS.mdd, scientificName, { english_name: row.english_name }),
      extinct: row.extinct === '1',
      source: 'mdd',
      sourceId: mddId,
      sort: Number(mddId),
      english: textOrNull(row.english_name),
      wikispeciesClass: 'Mammalia',
    });
    mammal.taxaAlt.push({
      ...entry('mammals-all', SYSTEMS.mdd, scientificName, { english_name: row.english_name }),
      enabled: true,
    });
    mammal.bodyMassG = grams === null ? null : Math.round(grams * 100) / 100;
    mammal.bodyMassBasis = basis;
    for (const alt of (row.other_common_names ?? '').split('|'))
      if (alt.trim()) mammal.altNames.add(alt.trim());
    mammals.push(mammal);
    mammalById.set(mddId, mammal);
  }
  for (const row of tables.mammalsByCountry) {
    const mammal = mammalById.get(row.mdd_id ?? '');
    if (!mammal) {
      (report.unmatchedNames['mdd'] ??= []).push(row.scientific_name ?? '');
      continue;
    }
    const iso = row.country_iso_a2 ?? '';
    const locationId = places.country(iso);
    if (locationId === undefined) unmatchedLocation('mdd', iso);
    else addLocation(mammal, locationId, row.occurrence || 'present', 'mdd');
  }
  for (const row of tables.mammalsByState) {
    const mammal = mammalById.get(row.mdd_id ?? '');
    if (!mammal) {
      (report.unmatchedNames['mdd-states'] ??= []).push(row.scientific_name ?? '');
      continue;
    }
    const iso = row.iso_3166_2 ?? '';
    const locationId = places.region(iso);
    if (locationId === undefined) unmatchedLocation('mdd-states', iso);
    else addLocation(mammal, locationId, row.occurrence || 'present', 'mdd');
  }

  // Reptiles.
  const reptiles = tables.reptiles.map((row) => {
    const scientificName = required(row, 'scientific_name', 'Reptile Database');
    const rdbId = required(row, 'rdb_sp_number', 'Reptile Database');
    return draft({
      id: `rdb-${rdbId}`,
      groupId: 'reptiles',
      classifications: ['reptiles'],
      scientificName,
      authority: textOrNull(row.authority),
      order: textOrNull(row.order),
      family: textOrNull(row.family),
      taxa: entry('reptiles', SYSTEMS.rdb, scientificName),
      extinct: false,
      source: 'rdb',
      sourceId: rdbId,
      sort: 0,
      english: null,
      wikispeciesClass: 'Reptilia',
    });
  });

  // Amphibians.
  const amphibians: Draft[] = [];
  const amphibianById = new Map<string, Draft>();
  for (const row of tables.amphibians) {
    const uid = required(row, 'aweb_uid', 'AmphibiaWeb');
    const scientificName = required(row, 'scientific_name', 'AmphibiaWeb');
    const parsed = parseAmphibiaWebNames(row.common_names ?? '');
    const amphibian = draft({
      id: `aweb-${uid}`,
      groupId: 'amphibians',
      classifications: ['amphibians'],
      scientificName,
      authority: textOrNull(row.authority),
      order: textOrNull(row.order),
      family: textOrNull(row.family),
      taxa: entry('amphibians', SYSTEMS.amphibiaweb, scientificName, {
        english_name: parsed.english ?? undefined,
      }),
      extinct: /\(EX\)/.test(row.iucn ?? ''),
      source: 'amphibiaweb',
      sourceId: uid,
      sort: 0,
      english: parsed.english,
      wikispeciesClass: null,
    });
    for (const [language, name] of Object.entries(parsed.byLanguage)) amphibian.names.set(language, name);
    for (const alt of parsed.others) amphibian.altNames.add(alt);
    amphibians.push(amphibian);
    amphibianById.set(uid, amphibian);
  }
  for (const row of tables.amphibiansByCountry) {
    const amphibian = amphibianById.get(row.aweb_uid ?? '');
    if (!amphibian) {
      (report.unmatchedNames['amphibiaweb'] ??= []).push(row.scientific_name ?? '');
      continue;
    }
    const iso = row.country_iso_a2 ?? '';
    const locationId = places.country(iso);
    if (locationId === undefined) unmatchedLocation('amphibiaweb', iso);
    else addLocation(amphibian, locationId, row.origin || 'native', 'amphibiaweb');
  }

  // Wikispecies names: languages the lists did not fill.
  const wikispecies = new Map<string, Row[]>();
  for (const row of tables.wikispecies) {
    const key = `${row.class ?? ''}|${row.scientific_name ?? ''}`;
    const rows = wikispecies.get(key);
    if (rows) rows.push(row);
    else wikispecies.set(key, [row]);
  }
  const all = [...birds, ...mammals, ...reptiles, ...amphibians];
  for (const species of all) {
    if (species.wikispeciesClass === null) continue;
    for (const row of species.taxaAlt) species.lookupNames.add(row.name);
    for (const scientificName of species.lookupNames) {
      for (const row of wikispecies.get(`${species.wikispeciesClass}|${scientificName}`) ?? []) {
        const language = row.lang ?? '';
        const name = (row.name ?? '').trim();
        if (!language || !name) continue;
        if (!species.names.has(language)) species.names.set(language, name);
        if (language === 'en') {
          for (const alt of (row.other_names ?? '').split('|'))
            if (alt.trim()) species.altNames.add(alt.trim());
        }
      }
    }
  }

  const records = all.map((species): SpeciesRecord => {
    const names = sortedObject(Object.fromEntries(species.names));
    const name = names.en ?? species.scientificName;
    const altNames = [...species.altNames].filter((alt) => alt !== name).sort();
    return {
      id: species.id,
      groupId: species.groupId,
      classifications: CLASSIFICATION_DEFINITIONS.map((d) => d.id).filter((id) =>
        species.classifications.has(id),
      ),
      scientificName: species.scientificName,
      authority: species.authority,
      order: species.order,
      family: species.family,
      name,
      names,
      altNames,
      taxa: species.taxa,
      taxaAlt: species.taxaAlt,
      extinct: species.extinct,
      bodyMassG: species.bodyMassG,
      bodyMassBasis: species.bodyMassBasis,
      source: species.source,
      sourceId: species.sourceId,
      sort: species.sort,
      locations: sortedObject(species.locations),
    };
  });
  const ids = new Set<string>();
  for (const record of records) {
    if (ids.has(record.id)) throw new Error(`duplicate species id ${record.id}`);
    ids.add(record.id);
  }
  for (const codes of Object.values(report.unmatchedLocations)) codes.sort();
  return { species: records, report };
}
