import { describe, expect, it } from 'vitest';
import {
  buildSpecies,
  isUnidentifiedBird,
  LARGER_MAMMAL_GRAMS,
  mammalSize,
  median,
  parseAmphibiaWebNames,
  slugOf,
  type PlaceIndex,
  type Row,
  type SpeciesSourceTables,
} from './build';

describe('parseAmphibiaWebNames', () => {
  it('takes the first untagged name as English and files tagged ones by language', () => {
    expect(
      parseAmphibiaWebNames(
        'Common Squeaker, Shovel Footed Squeaker, Umanswininiza onyawo zingamafosholo (Zulu), Rana (Klingon)',
      ),
    ).toEqual({
      english: 'Common Squeaker',
      others: ['Shovel Footed Squeaker', 'Rana'],
      byLanguage: { zu: 'Umanswininiza onyawo zingamafosholo' },
    });
  });

  it('has no English name when every name is tagged or there is none', () => {
    expect(parseAmphibiaWebNames('Rana Venenosa (Spanish)')).toEqual({
      english: null,
      others: [],
      byLanguage: { es: 'Rana Venenosa' },
    });
    expect(parseAmphibiaWebNames('')).toEqual({ english: null, others: [], byLanguage: {} });
  });
});

describe('mammalSize', () => {
  it(`is Larger from ${LARGER_MAMMAL_GRAMS} g, and by order without a mass`, () => {
    expect(mammalSize(LARGER_MAMMAL_GRAMS, 'Rodentia')).toBe('larger');
    expect(mammalSize(LARGER_MAMMAL_GRAMS - 0.01, 'Carnivora')).toBe('small');
    expect(mammalSize(null, 'Chiroptera')).toBe('small');
    expect(mammalSize(null, 'Primates')).toBe('larger');
  });
});

describe('small helpers', () => {
  it('median, slugOf, isUnidentifiedBird', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(slugOf('Struthio camelus')).toBe('struthio-camelus');
    expect(isUnidentifiedBird('Gavia sp.', 'unid. Loon')).toBe(true);
    expect(isUnidentifiedBird('Aythya marila / affinis', 'unid. Greater Scaup / Lesser Scaup')).toBe(true);
    expect(isUnidentifiedBird('Anas platyrhynchos x rubripes', 'hybrid Mallard x Black Duck')).toBe(true);
    expect(isUnidentifiedBird('Branta bernicla nigricans', '(Black Brant) Brant')).toBe(false);
  });
});

const places: PlaceIndex = {
  country: (iso) => ({ US: 'USA', CA: 'CAN', ZA: 'ZAF', NZ: 'NZL' })[iso],
  region: (iso) => ({ 'US-WA': 'USA-3519' })[iso],
};

function tables(overrides: Partial<SpeciesSourceTables>): SpeciesSourceTables {
  const empty: Row[] = [];
  return {
    avilist: empty,
    ioc: empty,
    bbs: empty,
    mdd: empty,
    bodyMass: empty,
    reptiles: empty,
    amphibians: empty,
    wikispecies: empty,
    mammalsByCountry: empty,
    mammalsByState: empty,
    amphibiansByCountry: empty,
    birdsNz: empty,
    ...overrides,
  };
}

describe('buildSpecies', () => {
  it('puts both bird lists on one row and keeps IOC-only species on their own', () => {
    const { species, report } = buildSpecies(
      tables({
        avilist: [
          {
            avilist_sequence: '26',
            order: 'Anseriformes',
            family: 'Anatidae',
            scientific_name: 'Mareca strepera',
            authority: 'Linnaeus, C, 1758',
            english_name_avilist: 'Gadwall',
            english_name_clements_v2024: 'Gadwall',
            ebird_species_code: 'gadwal',
            avibase_id: 'avibase-9A2B3C4D',
            extinct_or_possibly_extinct: '',
          },
        ],
        ioc: [
          {
            scientific_name: 'Mareca strepera',
            english_name: 'Gadwall',
            extinct: '0',
            name_uk: 'Нерозень',
            breeding_range: 'NA, EU : widespread',
          },
          {
            scientific_name: 'Larus thayeri',
            english_name: "Thayer's Gull",
            extinct: '0',
            name_uk: '',
            breeding_range: 'NA : n Canada',
          },
        ],
        bbs: [
          { scientific_name: 'Anas strepera', english_name: 'Gadwall', name_fr: 'Canard chipeau' },
          { scientific_name: 'Larus thayeri', english_name: "Thayer's Gull", name_fr: 'Goéland de Thayer' },
          { scientific_name: 'Gavia sp.', english_name: 'unid. Loon', name_fr: '' },
        ],
        wikispecies: [
          {
            class: 'Aves',
            scientific_name: 'Mareca strepera',
            lang: 'de',
            name: 'Schnatterente',
            other_names: '',
          },
          { class: 'Mammalia', scientific_name: 'Mareca strepera', lang: 'nl', name: 'Wrong class' },
        ],
      }),
      places,
    );
    expect(species.map((s) => s.id)).toEqual(['avibase-9a2b3c4d', 'ioc-larus-thayeri']);
    const [gadwall, gull] = species;
    expect(gadwall).toMatchObject({
      classifications: ['birds-ioc', 'birds-clements'],
      taxa: {
        classification: 'Birds|Clements',
        category: 'Clements',
        code: 'gadwal',
        name: 'Mareca strepera',
      },
      taxaAlt: [{ classification: 'Birds|IOC', category: 'IOC', english_name: 'Gadwall', enabled: true }],
      // BBS French only for a row matched by its own scientific name; Wikispecies within the class.
      names: { en: 'Gadwall', uk: 'Нерозень', de: 'Schnatterente' },
      locations: {
        USA: { occurrence: 'listed', source: 'bbs' },
        CAN: { occurrence: 'listed', source: 'bbs' },
      },
    });
    expect(gull).toMatchObject({
      classifications: ['birds-ioc'],
      taxa: { classification: 'Birds|IOC', system: 'IOC World Bird List v10.2' },
      taxaAlt: [],
      names: { en: "Thayer's Gull", fr: 'Goéland de Thayer' },
      sort: 26,
    });
    expect(report.skippedChecklistRows).toEqual({ bbs: 1 });
    expect(report.matchedIndirectly).toEqual({ bbs: 1 });
  });

  it('keeps BBS birds on the US and Canada lists only by the IOC range rule, and reports the rest', () => {
    const bird = (sequence: string, scientificName: string, english: string, range = ''): Row => ({
      avilist_sequence: sequence,
      family: 'Tinamidae',
      scientific_name: scientificName,
      english_name_avilist: english,
      avibase_id: `avibase-${sequence}`,
      range,
    });
    const { species, report } = buildSpecies(
      tables({
        avilist: [
          bird('1', 'Tinamus major', 'Great Tinamou'),
          bird('2', 'Psilorhinus morio', 'Brown Jay'),
          bird('3', 'Haliaeetus leucocephalus', 'Bald Eagle'),
          bird('4', 'Novus texanus', 'Texas Novelty', 'Mexico and s Texas'),
          bird('5', 'Novus mexicanus', 'Mexican Novelty', 'Oaxaca (Mexico)'),
        ],
        ioc: [
          { scientific_name: 'Tinamus major', breeding_range: 'MA, SA : s Mexico through Amazonia' },
          { scientific_name: 'Psilorhinus morio', breeding_range: 'MA : widespread, also s Texas' },
          { scientific_name: 'Haliaeetus leucocephalus', breeding_range: 'NA : widespread, also nw Mexico' },
        ],
        bbs: [
          { aou_code: '10010', scientific_name: 'Tinamus major', english_name: 'Great Tinamou' },
          { aou_code: '10011', scientific_name: 'Tinamus major major', english_name: 'Great Tinamou' },
          { aou_code: '04830', scientific_name: 'Psilorhinus morio', english_name: 'Brown Jay' },
          { aou_code: '03520', scientific_name: 'Haliaeetus leucocephalus', english_name: 'Bald Eagle' },
          { aou_code: '99990', scientific_name: 'Novus texanus', english_name: 'Texas Novelty' },
          { aou_code: '99991', scientific_name: 'Novus mexicanus', english_name: 'Mexican Novelty' },
        ],
      }),
      places,
    );
    const listed = species.filter((s) => s.locations.USA !== undefined).map((s) => s.name);
    expect(listed).toEqual(['Brown Jay', 'Bald Eagle', 'Texas Novelty']);
    expect(species.find((s) => s.name === 'Great Tinamou')?.locations).toEqual({});
    expect(report.usCanada).toEqual({
      keptByCode: 1,
      keptByText: 2,
      keptWithoutRange: 0,
      removed: [
        {
          scientificName: 'Tinamus major',
          englishName: 'Great Tinamou',
          family: 'Tinamidae',
          bbsName: 'Tinamus major (Great Tinamou)',
        },
        {
          scientificName: 'Novus mexicanus',
          englishName: 'Mexican Novelty',
          family: 'Tinamidae',
          bbsName: 'Novus mexicanus (Mexican Novelty)',
        },
      ],
      removedRows: ['10010', '10011', '99991'],
    });
  });

  it('sizes mammals by their mass, their genus median or their order, and keys them to countries and states', () => {
    const mammal = (mddId: string, scientificName: string, order: string, family: string): Row => ({
      mdd_id: mddId,
      scientific_name: scientificName,
      english_name: scientificName,
      order,
      family,
      genus: scientificName.split(' ')[0] ?? '',
    });
    const { species, report } = buildSpecies(
      tables({
        mdd: [
          mammal('1', 'Loxodonta africana', 'Proboscidea', 'Elephantidae'),
          mammal('2', 'Loxodonta cyclotis', 'Proboscidea', 'Elephantidae'),
          mammal('3', 'Novomys novus', 'Rodentia', 'Novidae'),
        ],
        bodyMass: [
          {
            scientific_name_msw3: 'Loxodonta africana',
            family_msw3: 'Elephantidae',
            body_mass_g: '3940034.28',
            mdd_id_if_same_name: '1',
          },
        ],
        mammalsByCountry: [
          { mdd_id: '1', country_iso_a2: 'ZA', occurrence: 'present' },
          { mdd_id: '1', country_iso_a2: 'ZZ', occurrence: 'present' },
        ],
        mammalsByState: [{ mdd_id: '3', iso_3166_2: 'US-WA', occurrence: 'uncertain' }],
      }),
      places,
    );
    expect(species.map((s) => [s.id, s.classifications, s.bodyMassBasis])).toEqual([
      ['mdd-1', ['mammals-all', 'mammals-larger'], 'species'],
      ['mdd-2', ['mammals-all', 'mammals-larger'], 'genus'],
      ['mdd-3', ['mammals-all', 'mammals-small'], 'order'],
    ]);
    expect(species[0]?.locations).toEqual({ ZAF: { occurrence: 'present', source: 'mdd' } });
    expect(species[2]?.locations).toEqual({ 'USA-3519': { occurrence: 'uncertain', source: 'mdd' } });
    expect(report.unmatchedLocations).toEqual({ mdd: ['ZZ'] });
  });

  it('prefers native over introduced when a checklist lists a species twice for a country', () => {
    const { species } = buildSpecies(
      tables({
        amphibians: [
          { aweb_uid: '8097', scientific_name: 'Xenopus laevis', common_names: 'African Clawed Frog' },
        ],
        amphibiansByCountry: [
          { aweb_uid: '8097', country_iso_a2: 'ZA', origin: 'introduced' },
          { aweb_uid: '8097', country_iso_a2: 'ZA', origin: 'native' },
        ],
      }),
      places,
    );
    expect(species[0]).toMatchObject({
      id: 'aweb-8097',
      name: 'African Clawed Frog',
      locations: { ZAF: { occurrence: 'native', source: 'amphibiaweb' } },
    });
  });
});
