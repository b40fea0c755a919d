import { describe, expect, it } from 'vitest';
import type { CountryRecord, RegionRecord } from '../reference/extract';
import { evaluateRanges, rangeEvaluationMarkdown } from './commands';
import {
  compassMatches,
  DERIVED_SOURCE,
  derivedListCountries,
  iocRegionOf,
  JUDGED_BY,
  passingRegions,
  rangeGeography,
  rangeIncludes,
  type IocRegion,
} from './derivedLists';
import { loadSpecies } from './seed';
import { readExtract as readReferenceExtract } from '../reference/extract';
import type { SpeciesRecord } from './build';
import { SPECIES_EXTRACT_DIR, SPECIES_WORLD_DIR } from './sources';
import { madeUpEvaluation } from './testEvaluations';
import { present } from '../../present';

/** Natural Earth's continent and label point of a few countries (countries.csv). */
const country = (
  id: string,
  name: string,
  continent: string,
  latitude: number,
  longitude: number,
): CountryRecord => ({
  id,
  isoA2: null,
  isoA3: id,
  name,
  continent,
  latitude,
  longitude,
  altNames: [],
  names: { en: name },
});
const COUNTRIES = [
  country('USA', 'United States of America', 'North America', 39.54, -97.48),
  country('CAN', 'Canada', 'North America', 60.32, -101.91),
  country('MEX', 'Mexico', 'North America', 23.92, -102.29),
  country('GTM', 'Guatemala', 'North America', 15.69, -90.36),
  country('CUB', 'Cuba', 'North America', 21.62, -78.96),
  country('ARG', 'Argentina', 'South America', -35.18, -65.17),
  country('URY', 'Uruguay', 'South America', -32.96, -56.03),
  country('KEN', 'Kenya', 'Africa', 0.55, 37.84),
  country('ZAF', 'South Africa', 'Africa', -29.0, 25.08),
  country('ZMB', 'Zambia', 'Africa', -14.66, 26.4),
  country('GIN', 'Guinea', 'Africa', 10.44, -10.94),
  country('AUS', 'Australia', 'Oceania', -24.13, 134.04),
  country('PNG', 'Papua New Guinea', 'Oceania', -5.7, 143.91),
  country('NZL', 'New Zealand', 'Oceania', -39.76, 172.79),
  country('FJI', 'Fiji', 'Oceania', -17.83, 177.98),
  country('TLS', 'East Timor', 'Asia', -8.8, 125.85),
  country('NPL', 'Nepal', 'Asia', 28.3, 83.64),
  country('CHN', 'China', 'Asia', 32.5, 106.34),
];
const region = (
  id: string,
  countryId: string,
  name: string,
  lat: number,
  lon: number,
  iso: string | null = null,
): RegionRecord => ({
  id,
  countryId,
  name,
  iso31662: iso,
  latitude: lat,
  longitude: lon,
  altNames: [],
});
const REGIONS = [
  region('USA-3563', 'USA', 'Alaska', 64.2, -150.4, 'US-AK'),
  region('USA-3517', 'USA', 'Florida', 28.4, -82.1, 'US-FL'),
  region('URY-99', 'URY', 'Florida', -33.9, -56.0),
  region('KEN-1', 'KEN', 'Central', -0.4, 37.0),
  region('ZMB-1', 'ZMB', 'Central', -14.2, 28.6),
  region('NZL-5470', 'NZL', 'Chatham Islands', -44.0, -176.5),
];
const geo = rangeGeography(COUNTRIES, REGIONS);
/** The countries (of the hand-made set) whose derived list holds a species with these ranges. */
const listedIn = (breeding: string, nonbreeding = '') =>
  COUNTRIES.filter((c) => rangeIncludes(geo, c.id, breeding, nonbreeding)).map((c) => c.id);

describe('iocRegionOf', () => {
  it('maps Natural Earth continents and label points to IOC regions', () => {
    const regionOf = Object.fromEntries(COUNTRIES.map((c) => [c.id, iocRegionOf(c)]));
    expect(regionOf).toMatchObject({ USA: 'NA', CAN: 'NA', MEX: 'MA', GTM: 'MA', CUB: 'NA', ARG: 'SA' });
    expect(regionOf).toMatchObject({
      KEN: 'AF',
      AUS: 'AU',
      NZL: 'AU',
      FJI: 'PO',
      TLS: 'AU',
      NPL: 'OR',
      CHN: 'EU',
    });
  });
});

describe('compassMatches', () => {
  it('reads one letter as a row or column, two as a cell, c as the centre', () => {
    const cells = new Set(['ce', 'sc']);
    expect(['e', 's', 'sc', 'ec'].filter((word) => compassMatches(word, cells))).toEqual([
      'e',
      's',
      'sc',
      'ec',
    ]);
    expect(['n', 'w', 'c', 'se', 'nc'].filter((word) => compassMatches(word, cells))).toEqual([]);
  });
});

describe('rangeIncludes', () => {
  it('places a continent-wide range in every country of that continent only', () => {
    expect(listedIn('AF : widespread')).toEqual(['KEN', 'ZAF', 'ZMB', 'GIN']);
    expect(listedIn('EU : widespread')).toEqual(['CHN']);
    expect(listedIn('Worldwide : widespread, except AU')).not.toContain('NZL');
    expect(listedIn('Worldwide : widespread, except AU')).toContain('KEN');
  });

  it('compares compass words with the country’s position in its continent', () => {
    expect(listedIn('AF : s')).toEqual(['ZAF', 'ZMB']);
    expect(listedIn('AF : e')).toEqual(['KEN']);
    expect(listedIn('AF : w, sw')).toEqual(['GIN']);
    expect(listedIn('AF : w, c, e, s AF, sw Arabian Pen.')).toEqual(['KEN', 'ZAF', 'ZMB', 'GIN']);
    // "n AF" in the non-breeding range applies to Africa only; "India" names no country here.
    expect(listedIn('EU : sw', 'n AF and India')).toEqual([]);
    expect(listedIn('EU : sw', 'e AF')).toEqual(['KEN']);
  });

  it('names countries and their regions, and only those', () => {
    expect(listedIn('AU : w South I. (New Zealand)')).toEqual(['NZL']);
    expect(listedIn('AU : Chatham Is.')).toEqual(['NZL']);
    expect(listedIn('AU : New Guinea and e, ne Australia')).toEqual(['AUS', 'PNG']);
    expect(listedIn('AF : Senegal and Gambia; Mali to the Ivory Coast and e to Uganda and w Kenya')).toEqual([
      'KEN',
    ]);
    expect(listedIn('AF : Madagascar')).toEqual([]);
    expect(listedIn('OR : Himalayas from n India to s Tibet')).toEqual([]);
  });

  it('fills the countries between the ends of "A to B"', () => {
    expect(listedIn('NA, MA : s Canada to c Mexico')).toEqual(['USA', 'CAN', 'MEX']);
    expect(listedIn('NA, MA : Alaska and Canada to Guatemala')).toEqual(['USA', 'CAN', 'MEX', 'GTM']);
  });

  it('gives a region name that countries share to the one with an ISO 3166-2 code, else to none', () => {
    expect(listedIn('NA, MA, SA : s Florida')).toEqual(['USA']);
    expect(listedIn('AF : Central')).toEqual([]);
  });
});

describe('evaluateRanges on the demo extract', () => {
  it('computes precision and recall consistent with the list sizes', async () => {
    const evaluations = await evaluateRanges(SPECIES_EXTRACT_DIR);
    expect(evaluations.map((e) => [e.countryId, e.region])).toEqual([
      ['USA', 'NA'],
      ['CAN', 'NA'],
      ['NZL', 'AU'],
    ]);
    for (const e of evaluations) {
      expect(e.trueSize).toBeGreaterThan(100);
      expect(e.derivedSize).toBeGreaterThan(0);
      expect(e.matched).toBeLessThanOrEqual(Math.min(e.trueSize, e.derivedSize));
      expect(e.precision).toBeCloseTo(e.matched / e.derivedSize, 10);
      expect(e.recall).toBeCloseTo(e.matched / e.trueSize, 10);
      for (const figure of [e.precision, e.recall]) {
        expect(figure).toBeGreaterThan(0);
        expect(figure).toBeLessThanOrEqual(1);
      }
      expect(e.passes).toBe(e.recall >= 0.9 && e.precision >= 0.8);
    }
    // The BBS list is one list for both countries, and NZ's checklist has 500 rows.
    expect(present(evaluations[0]).trueSize).toBe(present(evaluations[1]).trueSize);
    expect(present(evaluations[2]).trueSize + present(evaluations[2]).outsideIoc).toBeLessThanOrEqual(500);
  }, 60_000);
});

const evaluation = madeUpEvaluation;

describe('the gate: which regions pass, which countries get a derived list', () => {
  it('passes a region only when every real list of its judging region passes', () => {
    expect(passingRegions([evaluation('USA', 'NA', true), evaluation('CAN', 'NA', false)])).toEqual([]);
    expect(passingRegions([evaluation('NZL', 'AU', true), evaluation('USA', 'NA', false)])).toEqual([
      'AU',
      'OR',
      'PO',
      'AN',
    ]);
    expect(passingRegions([evaluation('USA', 'NA', true), evaluation('CAN', 'NA', true)])).toEqual(
      (Object.keys(JUDGED_BY) as IocRegion[]).filter((region) => JUDGED_BY[region] === 'NA'),
    );
    expect(passingRegions([])).toEqual([]);
  });

  it('gives derived lists to the countries of the passing regions, not to those with a real list', () => {
    const real = new Set(['USA', 'CAN', 'NZL']);
    expect(derivedListCountries(['AU', 'OR', 'PO', 'AN'], COUNTRIES, real)).toEqual([
      'AUS',
      'FJI',
      'NPL',
      'PNG',
      'TLS',
    ]);
    expect(derivedListCountries(['NA', 'MA'], COUNTRIES, real)).toEqual(['CUB', 'GTM', 'MEX']);
    expect(derivedListCountries([], COUNTRIES, real)).toEqual([]);
  });
});

/** Country → region of the reference extract, and the countries keyed by a derived list. */
async function derivedCountries(species: readonly SpeciesRecord[]) {
  const reference = await readReferenceExtract();
  const regionOf = new Map(reference.countries.map((c) => [c.id, iocRegionOf(c)]));
  const countries = new Set<string>();
  for (const record of species)
    for (const [id, location] of Object.entries(record.locations))
      if (location.source === DERIVED_SOURCE) {
        expect(record.groupId).toBe('birds');
        expect(record.classifications).toContain('birds-ioc');
        countries.add(id);
      }
  return { countries, regionOf };
}

describe('the importer builds derived lists only for regions that passed', () => {
  it('with the real evaluation of the world lists in the repository: none passes, none is built', async () => {
    const { species, derived } = await loadSpecies(SPECIES_WORLD_DIR);
    expect(derived.evaluations.map((e) => [e.countryId, e.passes])).toEqual([
      ['USA', false],
      ['CAN', false],
      ['NZL', false],
    ]);
    expect(rangeEvaluationMarkdown(derived.evaluations)).toContain('Passing: none.');
    expect(derived.passing).toEqual([]);
    expect(derived.lists).toEqual({});
    expect((await derivedCountries(species)).countries.size).toBe(0);
  }, 120_000);

  it('with an evaluation where New Zealand passes: Australasia and the regions it judges only', async () => {
    const { species, derived } = await loadSpecies(SPECIES_EXTRACT_DIR, {
      evaluations: [
        evaluation('USA', 'NA', false),
        evaluation('CAN', 'NA', false),
        evaluation('NZL', 'AU', true),
      ],
    });
    expect(derived.passing).toEqual(['AU', 'OR', 'PO', 'AN']);
    const { countries, regionOf } = await derivedCountries(species);
    expect([...countries].sort()).toEqual(
      Object.keys(derived.lists).filter((id) => present(derived.lists[id]) > 0),
    );
    expect(countries).toContain('AUS');
    expect(countries).toContain('IND');
    expect(countries).not.toContain('NZL'); // it keeps its checklist
    for (const id of ['USA', 'CAN', 'MEX', 'BRA', 'ZAF', 'KEN', 'FRA', 'CHN'])
      expect(countries).not.toContain(id);
    for (const id of countries) expect(['AU', 'OR', 'PO', 'AN']).toContain(regionOf.get(id));
    // Australia's derived list holds an Australian bird of the demo IOC file and no American one.
    const onAustralia = (name: string) =>
      species.find((record) => record.scientificName === name)?.locations.AUS?.source;
    expect(onAustralia('Platalea regia')).toBe(DERIVED_SOURCE);
    expect(onAustralia('Haliaeetus leucocephalus')).toBeUndefined();
  }, 120_000);
});
