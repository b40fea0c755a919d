/**
 * Country bird lists derived from IOC range descriptions (birds_ioc_v10.2.csv `breeding_range`,
 * `nonbreeding_range`), pure. Measured by `npm run cli -- species:evaluate-ranges` against the
 * real lists and documented in docs/data-sources.md "Derived bird lists". The importer ships a
 * region's derived lists only when the real lists that judge it (JUDGED_BY) pass recall ≥ 0.9 and
 * precision ≥ 0.8 (applyDerivedListGate); with today's data none does.
 *
 * The rule, for a country C whose IOC region (iocRegionOf) is R:
 * 1. Each range field is split into segments at `,` `;` and "and"; a segment reads as compass
 *    words (n, sw, c, …), region codes or names (AF, Africa), places (a country name or alias, or
 *    a first-level region name that belongs to one country only) and other words.
 * 2. A segment that names C or one of its regions includes C.
 * 3. A segment "A to B" whose ends are places includes C when R is one of the field's codes and
 *    C's label point lies between A's and B's (latitude ±2°, longitude ±10°).
 * 4. A segment with no place and no unknown word ("widespread", "w", "n AF") applies to its own
 *    codes, else to the field's; it includes C when R is one of them and it has no compass word,
 *    or one of its compass words matches a cell of C (its label point and its regions' points on
 *    a 3 × 3 grid over R's bounding box, REGION_BOXES).
 * 5. Any other segment (another country, "Himalayas", "sw Arabian Pen.") does not include C.
 * A species is on C's list when a segment of its breeding or non-breeding range includes C.
 */
import type { ChecklistSource } from '../reference/classifications';
import type { CountryRecord, RegionRecord } from '../reference/extract';
import type { Row, SpeciesRecord } from './build';
import { parseRange } from './ranges';
import { present } from '../../present';

export type IocRegion = 'NA' | 'MA' | 'SA' | 'AF' | 'EU' | 'OR' | 'AU' | 'PO' | 'AN';

/** Each IOC region's extent for the compass grid (degrees; a hand-drawn box, not a border). */
export const REGION_BOXES: Record<IocRegion, { south: number; north: number; west: number; east: number }> = {
  NA: { south: 24, north: 72, west: -168, east: -52 },
  MA: { south: 7, north: 32, west: -118, east: -60 },
  SA: { south: -56, north: 13, west: -82, east: -34 },
  AF: { south: -35, north: 37, west: -18, east: 52 },
  EU: { south: 12, north: 78, west: -25, east: 180 },
  OR: { south: -11, north: 35, west: 60, east: 135 },
  AU: { south: -48, north: 0, west: 110, east: 180 },
  PO: { south: -30, north: 30, west: 130, east: 230 },
  AN: { south: -90, north: -60, west: -180, east: 180 },
};

/** Region codes written as words in a text. */
const REGION_WORDS: Record<string, IocRegion[]> = {
  NA: ['NA'],
  MA: ['MA'],
  SA: ['SA'],
  AF: ['AF'],
  EU: ['EU'],
  OR: ['OR'],
  AU: ['AU'],
  PO: ['PO'],
  AN: ['AN'],
  africa: ['AF'],
  eurasia: ['EU'],
  europe: ['EU'],
  asia: ['EU', 'OR'],
};

/**
 * The IOC region of a country from Natural Earth's continent and label point: North America
 * south of 25° N is Middle America (Mexico to Panama) but for the West Indies; tropical Asia east of 60° E is
 * Oriental, and east of 120° E south of the equator Australasian (Timor); Oceania west of
 * 170° E, and New Zealand, is Australasia, the rest the Pacific.
 */
export function iocRegionOf(
  country: Pick<CountryRecord, 'id' | 'continent' | 'latitude' | 'longitude'>,
): IocRegion | null {
  const { continent, latitude: lat, longitude: lon } = country;
  switch (continent) {
    case 'North America':
      // IOC counts the West Indies in North America: the islands east of 83° W and north of 10° N.
      return lat >= 25 || (lon > -83 && lat > 10) ? 'NA' : 'MA';
    case 'South America':
      return 'SA';
    case 'Africa':
      return 'AF';
    case 'Europe':
      return 'EU';
    case 'Asia':
      if (lat < 0 && lon > 120) return 'AU';
      return lon >= 60 && lat < 29 ? 'OR' : 'EU';
    case 'Oceania':
      return country.id === 'NZL' || (lon >= 110 && lon < 170) ? 'AU' : 'PO';
    case 'Antarctica':
      return 'AN';
    default:
      return null;
  }
}

/** A point's cell in a region's 3 × 3 grid: row n/c/s and column w/c/e. */
function cellOf(region: IocRegion, lat: number, lon: number): string {
  const box = REGION_BOXES[region];
  const east = lon < box.west ? lon + 360 : lon;
  const third = (value: number, low: number, high: number) =>
    Math.min(2, Math.max(0, Math.floor(((value - low) / (high - low)) * 3)));
  return 'scn'.charAt(third(lat, box.south, box.north)) + 'wce'.charAt(third(east, box.west, box.east));
}

const COMPASS = new Set(['n', 's', 'e', 'w', 'c', 'ne', 'nw', 'se', 'sw', 'nc', 'sc', 'ec', 'wc']);

/** Whether a compass word names one of the cells ("n" any northern cell, "c" the centre, "sw" one). */
export function compassMatches(word: string, cells: ReadonlySet<string>): boolean {
  const rows = new Set(['n', 's']);
  return [...cells].some((cell) => {
    const [row, column] = [cell.charAt(0), cell.charAt(1)];
    if (word === 'c') return row === 'c' && column === 'c';
    if (word.length === 1) return rows.has(word) ? row === word : column === word;
    const [a, b] = [word.charAt(0), word.charAt(1)];
    if (b === 'c') return rows.has(a) ? row === a && column === 'c' : column === a && row === 'c';
    return row === a && column === b;
  });
}

/** Words that neither name a place nor restrict one. */
const FILLER = new Set(
  'widespread and to from the of also in on islands island is i coasts coast coastal locally local mainly lowlands mainland adjacent'.split(
    ' ',
  ),
);

export interface RangeGeography {
  /** Place name (lower case, words joined by one space) → country id. */
  places: Map<string, string>;
  longestPlace: number;
  countries: Map<
    string,
    { region: IocRegion | null; latitude: number; longitude: number; cells: Set<string> }
  >;
}

/** A text's words, with IOC's "Is." and "I." read as Islands and Island ("Chatham Is."). */
function words(text: string): string[] {
  return text
    .replace(/[().'’]/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => (word === 'Is' ? 'Islands' : word === 'I' ? 'Island' : word));
}

const key = (name: string) => words(name).join(' ').toLowerCase();

/** Aliases IOC writes that Natural Earth does not carry. */
const ALIASES: Record<string, string> = { usa: 'USA', us: 'USA', 'ivory coast': 'CIV', 'new guinea': 'PNG' };

/**
 * The place index and each country's region and grid cells. A region name that several countries
 * share goes to the one whose region has an ISO 3166-2 code (the USA, Canada, Australia and
 * Brazil: "Florida" is the state, not Uruguay's department), else is left out ("Amazonas",
 * "Central"); a region name that is also a country's ("Georgia") stays the country's.
 */
export function rangeGeography(
  countries: readonly CountryRecord[],
  regions: readonly RegionRecord[],
): RangeGeography {
  const places = new Map<string, string>(Object.entries(ALIASES));
  const countryNames = new Set<string>();
  for (const country of countries)
    for (const name of [country.name, country.names.en ?? '', ...country.altNames]) {
      if (name === '') continue;
      places.set(key(name), country.id);
      countryNames.add(key(name));
    }
  const regionOwners = new Map<string, Set<string>>();
  const isoOwners = new Map<string, string>();
  for (const region of regions)
    for (const name of [region.name, ...region.altNames]) {
      const k = key(name);
      if (k.length < 4 || countryNames.has(k) || k.split(' ').every((w) => COMPASS.has(w) || FILLER.has(w)))
        continue;
      regionOwners.set(k, (regionOwners.get(k) ?? new Set()).add(region.countryId));
      if (region.iso31662 !== null) isoOwners.set(k, region.countryId);
    }
  for (const [k, owners] of regionOwners) {
    const owner = owners.size === 1 ? [...owners][0] : isoOwners.get(k);
    if (owner !== undefined) places.set(k, owner);
  }
  const info: RangeGeography['countries'] = new Map();
  for (const country of countries) {
    const region = iocRegionOf(country);
    info.set(country.id, {
      region,
      latitude: country.latitude,
      longitude: country.longitude,
      cells: new Set(),
    });
  }
  const addCell = (countryId: string, lat: number, lon: number) => {
    const entry = info.get(countryId);
    if (entry?.region) entry.cells.add(cellOf(entry.region, lat, lon));
  };
  for (const country of countries) addCell(country.id, country.latitude, country.longitude);
  for (const region of regions) addCell(region.countryId, region.latitude, region.longitude);
  return {
    places,
    longestPlace: Math.max(...[...places.keys()].map((k) => k.split(' ').length)),
    countries: info,
  };
}

interface Segment {
  compass: string[];
  codes: IocRegion[];
  /** Country ids named, in order. */
  places: string[];
  unknown: string[];
}

function readSegment(geo: RangeGeography, text: string): Segment {
  const segment: Segment = { compass: [], codes: [], places: [], unknown: [] };
  const list = words(text);
  for (let at = 0; at < list.length;) {
    let matched = 0;
    for (let length = Math.min(geo.longestPlace, list.length - at); length > 0 && matched === 0; length--) {
      const id = geo.places.get(
        list
          .slice(at, at + length)
          .join(' ')
          .toLowerCase(),
      );
      if (id !== undefined) {
        segment.places.push(id);
        matched = length;
      }
    }
    if (matched > 0) {
      at += matched;
      continue;
    }
    const word = present(list[at]);
    const region = REGION_WORDS[word] ?? REGION_WORDS[word.toLowerCase()];
    if (COMPASS.has(word)) segment.compass.push(word);
    else if (region !== undefined && (word.length > 3 || word === word.toUpperCase()))
      segment.codes.push(...region);
    else if (!FILLER.has(word.toLowerCase())) segment.unknown.push(word);
    at += 1;
  }
  return segment;
}

/**
 * "c, e New Guinea" and "w, c, e, s AF": a part of bare compass words takes the place of the next
 * part when that part is compass words before a place, so "c" reads as "c New Guinea".
 */
function qualifyCompassLists(parts: string[]): string[] {
  const result = [...parts];
  for (let at = result.length - 2; at >= 0; at--) {
    const own = words(present(result[at]));
    const next = words(present(result[at + 1]));
    const lead = next.findIndex((word) => !COMPASS.has(word));
    if (own.length > 0 && own.every((word) => COMPASS.has(word)) && lead > 0)
      result[at] = [...own, ...next.slice(lead)].join(' ');
  }
  return result;
}

/** Whether one range field (breeding or non-breeding) includes the country (the module's rule). */
export function fieldIncludes(geo: RangeGeography, countryId: string, field: string | undefined): boolean {
  const country = geo.countries.get(countryId);
  if (!country || !field?.trim()) return false;
  const parsed = parseRange(field);
  const exceptAt = parsed.text.search(/\bexcept\b/i);
  const text = exceptAt < 0 ? parsed.text : parsed.text.slice(0, exceptAt);
  const parts = qualifyCompassLists(text.split(/[;,]|\band\b/).filter((part) => part.trim() !== ''));
  if (parts.length === 0) parts.push('widespread');
  return parts.some((part) => {
    const ends = part.split(/\bto\b/);
    const segment = readSegment(geo, part);
    if (segment.places.includes(countryId)) return true;
    if (ends.length >= 2 && country.region !== null && parsed.codes.includes(country.region)) {
      const from = readSegment(geo, present(ends[0])).places.at(-1);
      const to = readSegment(geo, present(ends.at(-1))).places[0];
      if (from !== undefined && to !== undefined && between(geo, countryId, from, to)) return true;
    }
    if (segment.places.length > 0 || segment.unknown.length > 0) return false;
    const targets = segment.codes.length > 0 ? segment.codes : parsed.codes;
    if (country.region === null || !targets.includes(country.region)) return false;
    return (
      segment.compass.length === 0 || segment.compass.some((word) => compassMatches(word, country.cells))
    );
  });
}

function between(geo: RangeGeography, countryId: string, fromId: string, toId: string): boolean {
  const [c, a, b] = [geo.countries.get(countryId), geo.countries.get(fromId), geo.countries.get(toId)];
  if (!c || !a || !b) return false;
  const inside = (value: number, x: number, y: number, margin: number) =>
    value >= Math.min(x, y) - margin && value <= Math.max(x, y) + margin;
  return inside(c.latitude, a.latitude, b.latitude, 2) && inside(c.longitude, a.longitude, b.longitude, 10);
}

/** Whether a species with these IOC ranges is on the country's derived list. */
export function rangeIncludes(
  geo: RangeGeography,
  countryId: string,
  breedingRange: string | undefined,
  nonbreedingRange: string | undefined,
): boolean {
  return fieldIncludes(geo, countryId, breedingRange) || fieldIncludes(geo, countryId, nonbreedingRange);
}

/** The countries with a real bird list (build.ts: BBS after the US/Canada rule, the NZ checklist). */
export const EVALUATED_COUNTRIES = ['USA', 'CAN', 'NZL'] as const;

/** The gate a region's derived lists must pass on the real lists of that region or the closest one. */
export const MIN_RECALL = 0.9;
export const MIN_PRECISION = 0.8;

export interface RangeEvaluation {
  countryId: string;
  region: IocRegion | null;
  /** IOC species on the country's real list. */
  trueSize: number;
  /** Species on the real list that IOC does not have (AviList-only names), left out of the figures. */
  outsideIoc: number;
  derivedSize: number;
  /** Species on both lists. */
  matched: number;
  precision: number;
  recall: number;
  passes: boolean;
}

/**
 * The rule's precision and recall per country: the real list is the IOC birds the importer puts
 * in the country (SpeciesRecord.locations), the derived list every IOC row the rule includes.
 */
export function evaluateDerivedLists(
  species: readonly SpeciesRecord[],
  iocRows: readonly Row[],
  countries: readonly CountryRecord[],
  regions: readonly RegionRecord[],
  countryIds: readonly string[] = EVALUATED_COUNTRIES,
): RangeEvaluation[] {
  const geo = rangeGeography(countries, regions);
  return countryIds.map((countryId) => {
    const truth = new Set<string>();
    let outsideIoc = 0;
    for (const record of species) {
      if (record.groupId !== 'birds' || record.locations[countryId] === undefined) continue;
      if (record.classifications.includes('birds-ioc')) truth.add(record.scientificName);
      else outsideIoc += 1;
    }
    let derivedSize = 0;
    let matched = 0;
    for (const row of iocRows) {
      if (!rangeIncludes(geo, countryId, row.breeding_range, row.nonbreeding_range)) continue;
      derivedSize += 1;
      if (truth.has(row.scientific_name ?? '')) matched += 1;
    }
    const precision = derivedSize === 0 ? 0 : matched / derivedSize;
    const recall = truth.size === 0 ? 0 : matched / truth.size;
    return {
      countryId,
      region: geo.countries.get(countryId)?.region ?? null,
      trueSize: truth.size,
      outsideIoc,
      derivedSize,
      matched,
      precision,
      recall,
      passes: recall >= MIN_RECALL && precision >= MIN_PRECISION,
    };
  });
}

/**
 * Which region's real lists judge each IOC region's derived lists: its own where it has one
 * (EVALUATED_COUNTRIES: the United States and Canada in NA, New Zealand in AU), else the closest
 * region that has one, by adjacency. MA and SA (through MA) border NA; EU meets NA across the Bering
 * Strait and shares its Holarctic birds; AF borders EU, which has no real list, so it is judged as
 * EU is. OR borders AU across Wallacea; PO is the Pacific east of AU; AN is nearest AU's New Zealand.
 */
export const JUDGED_BY: Record<IocRegion, IocRegion> = {
  NA: 'NA',
  MA: 'NA',
  SA: 'NA',
  EU: 'NA',
  AF: 'NA',
  AU: 'AU',
  OR: 'AU',
  PO: 'AU',
  AN: 'AU',
};

/** The location `source` of a derived list's rows (species_locations.source, CHECKLIST_SOURCES). */
export const DERIVED_SOURCE = 'ioc-ranges' satisfies ChecklistSource;
/** Its `occurrence`. */
export const DERIVED_OCCURRENCE = 'derived';

/**
 * The regions whose derived lists ship: those whose judging region (JUDGED_BY) has at least one
 * evaluated real list and every one of them passes the gate (the United States and Canada both, for NA).
 */
export function passingRegions(evaluations: readonly RangeEvaluation[]): IocRegion[] {
  return (Object.keys(JUDGED_BY) as IocRegion[]).filter((region) => {
    const judges = evaluations.filter((e) => e.region === JUDGED_BY[region]);
    return judges.length > 0 && judges.every((e) => e.passes);
  });
}

/**
 * The countries that get a derived bird list: those in a passing region, but not the ones with a
 * real bird list (they keep it). Sorted ids.
 */
export function derivedListCountries(
  passing: readonly IocRegion[],
  countries: readonly Pick<CountryRecord, 'id' | 'continent' | 'latitude' | 'longitude'>[],
  withRealList: ReadonlySet<string>,
): string[] {
  const regions = new Set(passing);
  return countries
    .filter((country) => !withRealList.has(country.id))
    .filter((country) => {
      const region = iocRegionOf(country);
      return region !== null && regions.has(region);
    })
    .map((country) => country.id)
    .sort();
}

/** The countries where a bird is keyed by a real checklist (the evaluated lists' countries). */
export function countriesWithBirdLists(species: readonly SpeciesRecord[]): Set<string> {
  const ids = new Set<string>();
  for (const record of species) {
    if (record.groupId !== 'birds') continue;
    for (const [locationId, location] of Object.entries(record.locations))
      if (location.source !== DERIVED_SOURCE) ids.add(locationId);
  }
  return ids;
}

export interface DerivedListsGate {
  evaluations: RangeEvaluation[];
  /** The IOC regions that passed (through their judging region). */
  passing: IocRegion[];
  /** The countries given a derived list, and how many birds each list holds. */
  lists: Record<string, number>;
}

/**
 * The importer's gate (seed.ts loadSpecies): evaluates the rule on the real lists (or takes the
 * `evaluations` given, which tests use to make a region pass), and adds a derived list — each IOC
 * bird whose ranges include the country, as occurrence 'derived' from source 'ioc-ranges' — only
 * to the countries of the passing regions. Answers new records (the input is not changed).
 */
export function applyDerivedListGate(
  species: readonly SpeciesRecord[],
  iocRows: readonly Row[],
  countries: readonly CountryRecord[],
  regions: readonly RegionRecord[],
  evaluations: readonly RangeEvaluation[] = evaluateDerivedLists(species, iocRows, countries, regions),
): { species: SpeciesRecord[]; gate: DerivedListsGate } {
  const passing = passingRegions(evaluations);
  const targets = derivedListCountries(passing, countries, countriesWithBirdLists(species));
  const lists: Record<string, number> = Object.fromEntries(targets.map((id) => [id, 0]));
  const gate: DerivedListsGate = { evaluations: [...evaluations], passing, lists };
  if (targets.length === 0) return { species: [...species], gate };
  const geo = rangeGeography(countries, regions);
  const iocBirds = new Map<string, number>();
  species.forEach((record, index) => {
    if (record.classifications.includes('birds-ioc')) iocBirds.set(record.scientificName, index);
  });
  const added = new Map<number, Record<string, SpeciesRecord['locations'][string]>>();
  for (const row of iocRows) {
    const index = iocBirds.get(row.scientific_name ?? '');
    if (index === undefined) continue;
    for (const countryId of targets) {
      if (!rangeIncludes(geo, countryId, row.breeding_range, row.nonbreeding_range)) continue;
      const locations = added.get(index) ?? {};
      locations[countryId] = { occurrence: DERIVED_OCCURRENCE, source: DERIVED_SOURCE };
      added.set(index, locations);
      lists[countryId] = (lists[countryId] ?? 0) + 1;
    }
  }
  return {
    species: species.map((record, index) => {
      const extra = added.get(index);
      if (extra === undefined) return record;
      const locations = { ...record.locations, ...extra };
      return {
        ...record,
        locations: Object.fromEntries(
          Object.entries(locations).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        ),
      };
    }),
    gate,
  };
}
