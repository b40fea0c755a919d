/**
 * Reference data calls (SPEC §7 "Reference data"; §3 Location, Language, Taxa classification, App
 * config; §9 defaults): GET locations, GET locations/{id}, GET languages, GET taxa/classifications,
 * GET taxa, GET taxa/{id}/children. Ids are stable text: a country is its Natural Earth `adm0_a3`
 * ('ZAF', 'USA'), a first-level region its Natural Earth `adm1_code` ('ZAF-1189'). The SPEC's
 * `location_id` / `_id` are called `id` here, as everywhere else in this contract.
 */
import { Type, type Static } from 'typebox';
import { success } from './envelope';
import { SKIP_MAX } from './paging';

export const LOCATION_TYPES = ['country', 'region'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** SPEC §3 "Default location": United States of America, with a fixed id (its adm0_a3). */
export const DEFAULT_LOCATION_ID = 'USA';
/** SPEC §9: the default (additional) language is English. */
export const DEFAULT_LANGUAGE_ID = 'en';

/** SPEC §3 "Classification options when no config", in the order the config dialog lists them. */
export const CLASSIFICATIONS = [
  'Birds|IOC',
  'Birds|Clements',
  'Mammals|All',
  'Mammals|Larger',
  'Mammals|Small',
  'Reptiles',
  'Amphibians',
] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

/**
 * SPEC §9 "Default species classes Birds|IOC and Mammals|Large". The SPEC's option list (§3) has no
 * "Mammals|Large": it is the same class as "Mammals|Larger", under which the product knows it.
 */
export const DEFAULT_CLASSIFICATIONS: readonly Classification[] = ['Birds|IOC', 'Mammals|Larger'];
export const CLASSIFICATION_ALIASES: Readonly<Record<string, Classification>> = {
  'Mammals|Large': 'Mammals|Larger',
};

/** A known classification name for an alias or the name itself; undefined when unknown. */
export function canonicalClassification(name: string): Classification | undefined {
  const aliased = CLASSIFICATION_ALIASES[name] ?? name;
  return (CLASSIFICATIONS as readonly string[]).includes(aliased) ? (aliased as Classification) : undefined;
}

/** Positive number of items, shared by `length` and its alias `limit`. */
const count = (description: string) => Type.Integer({ minimum: 1, maximum: 5000, description });

export const LocationsQuerySchema = Type.Object({
  length: Type.Optional(count('How many locations (default 100); the SPEC name')),
  limit: Type.Optional(count('Alias of length (the startup call sends limit=1)')),
  skip: Type.Optional(
    Type.Integer({ minimum: 0, maximum: SKIP_MAX, description: 'Locations to skip (paging)' }),
  ),
  lat: Type.Optional(
    Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Literal('geoip')], {
      description: "Latitude in degrees, or 'geoip' to locate the caller by IP address",
    }),
  ),
  lng: Type.Optional(
    Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Literal('geoip')], {
      description: "Longitude in degrees, or 'geoip'",
    }),
  ),
  with_species_only: Type.Optional(
    Type.Boolean({ description: 'Only locations with a real species list for at least one animal group' }),
  ),
  basic: Type.Optional(Type.Boolean({ description: 'Only the basic fields of each location' })),
  search_term: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Case- and accent-insensitive match on any name of the location',
    }),
  ),
  types: Type.Optional(
    Type.Array(Type.Enum(LOCATION_TYPES), {
      description: 'Location types to include: repeat the parameter or separate with commas',
    }),
  ),
  parent_id: Type.Optional(Type.String({ maxLength: 64, description: 'Only the children of this location' })),
});
export type LocationsQuery = Static<typeof LocationsQuerySchema>;

export const LocationRefSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
});
export type LocationRef = Static<typeof LocationRefSchema>;

export const LocationSummarySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Enum(LOCATION_TYPES),
});
export type LocationSummary = Static<typeof LocationSummarySchema>;

/** The basic fields (basic=true) and, optional, the full ones. */
export const LocationSchema = Type.Object({
  id: Type.String({ description: "Country: Natural Earth adm0_a3 ('ZAF'); region: adm1_code ('ZAF-1189')" }),
  name: Type.String({ description: 'English name' }),
  type: Type.Enum(LOCATION_TYPES),
  parent_id: Type.Union([Type.String(), Type.Null()]),
  country_id: Type.String({ description: 'The country itself, or the country of a region' }),
  latitude: Type.Number({ description: 'Label point: a point inside the location, good as its centroid' }),
  longitude: Type.Number(),
  distance_km: Type.Optional(
    Type.Number({
      description:
        "With lat/lng: great-circle distance to the nearest label point of the location (a country counts its regions' points too)",
    }),
  ),
  iso_a2: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { description: 'ISO 3166-1 alpha-2 (countries)' }),
  ),
  iso_a3: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { description: 'ISO 3166-1 alpha-3 (countries)' }),
  ),
  iso_3166_2: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { description: 'ISO 3166-2 (some regions)' }),
  ),
  continent: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  names: Type.Optional(
    Type.Record(Type.String(), Type.String(), { description: 'Name by language id (see GET languages)' }),
  ),
  has_species: Type.Optional(Type.Boolean()),
  parent_location: Type.Optional(Type.Array(LocationRefSchema, { description: 'Ancestors, nearest first' })),
});
export type Location = Static<typeof LocationSchema>;

export const GeoipResultSchema = Type.Object({
  country: Type.Union([Type.String(), Type.Null()], {
    description: 'ISO alpha-2 found for the caller, if any',
  }),
  fallback: Type.Boolean({ description: 'True when the default location was answered instead' }),
});
export type GeoipResult = Static<typeof GeoipResultSchema>;

export const LocationsResponseSchema = success({
  locations: Type.Array(LocationSchema),
  geoip: Type.Optional(GeoipResultSchema),
});
export type LocationsResponse = Static<typeof LocationsResponseSchema>;

export const LocationIdParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type LocationIdParams = Static<typeof LocationIdParamsSchema>;

export const LocationDetailSchema = Type.Object({
  ...LocationSchema.properties,
  parent: Type.Union([LocationSummarySchema, Type.Null()]),
  children: Type.Array(LocationSummarySchema, { description: 'Its regions (for a country), by name' }),
});
export type LocationDetail = Static<typeof LocationDetailSchema>;

export const LocationResponseSchema = success({ location: LocationDetailSchema });
export type LocationResponse = Static<typeof LocationResponseSchema>;

export const LanguageSchema = Type.Object({
  id: Type.String({ description: "Language id used in `names` ('en', 'zht' = Traditional Chinese)" }),
  locale: Type.String({ description: "BCP 47 tag ('zh-Hant')" }),
  name: Type.String({ description: 'English name' }),
  native_name: Type.String(),
  direction: Type.Union([Type.Literal('ltr'), Type.Literal('rtl')]),
  default: Type.Boolean(),
});
export type Language = Static<typeof LanguageSchema>;

export const LanguagesResponseSchema = success({ languages: Type.Array(LanguageSchema) });
export type LanguagesResponse = Static<typeof LanguagesResponseSchema>;

/**
 * Whether a location has a list for a classification: 'local' = a real species list for the
 * country (regions inherit their country's), 'world' = only the world list is offered (reptiles:
 * no open distribution data), 'none' = not offered yet (the group is inactive there).
 */
export const COVERAGES = ['local', 'world', 'none'] as const;
export type Coverage = (typeof COVERAGES)[number];

export const ClassificationsQuerySchema = Type.Object({
  location_id: Type.Optional(
    Type.String({ maxLength: 64, description: 'Answer `active` and `coverage` for this location' }),
  ),
});
export type ClassificationsQuery = Static<typeof ClassificationsQuerySchema>;

export const ClassificationCategorySchema = Type.Object({
  id: Type.String({ description: "'birds-ioc'" }),
  name: Type.String({ description: "Category name: 'IOC'" }),
  classification: Type.String({ description: "What the app config stores: 'Birds|IOC'" }),
  active: Type.Boolean(),
  coverage: Type.Enum(COVERAGES),
  source: Type.Union([Type.String(), Type.Null()], { description: 'Where the species list comes from' }),
  derived: Type.Boolean({
    description:
      'The local list is derived from IOC range descriptions, not a checklist (may include vagrants or miss local specialities)',
  }),
  default: Type.Boolean(),
});
export type ClassificationCategory = Static<typeof ClassificationCategorySchema>;

/** An animal group of the config dialog: a checkbox, with radio choices when it has categories. */
export const ClassificationGroupSchema = Type.Object({
  id: Type.String({ description: "Group id: 'birds', 'mammals', 'reptiles', 'amphibians'" }),
  name: Type.String(),
  active: Type.Boolean({ description: 'At least one of its classifications is active' }),
  coverage: Type.Enum(COVERAGES, { description: 'The best coverage among its classifications' }),
  classification: Type.Union([Type.String(), Type.Null()], {
    description: "Set when the group has no categories ('Reptiles')",
  }),
  source: Type.Union([Type.String(), Type.Null()]),
  derived: Type.Boolean({
    description: 'Its local list is derived (every local classification of the group is `derived`)',
  }),
  default: Type.Boolean(),
  categories: Type.Array(ClassificationCategorySchema),
});
export type ClassificationGroup = Static<typeof ClassificationGroupSchema>;

export const ClassificationsResponseSchema = success({
  location_id: Type.Union([Type.String(), Type.Null()]),
  classifications: Type.Array(ClassificationGroupSchema),
});
export type ClassificationsResponse = Static<typeof ClassificationsResponseSchema>;

/** A node of the classification tree: groups at the root, their classifications below. */
export const TaxonSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  rank: Type.Union([Type.Literal('group'), Type.Literal('classification')]),
  parent_id: Type.Union([Type.String(), Type.Null()]),
  classification: Type.Union([Type.String(), Type.Null()], { description: 'Set on selectable nodes' }),
  has_children: Type.Boolean(),
});
export type Taxon = Static<typeof TaxonSchema>;

export const TaxonIdParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type TaxonIdParams = Static<typeof TaxonIdParamsSchema>;

export const TaxaResponseSchema = success({ taxa: Type.Array(TaxonSchema) });
export type TaxaResponse = Static<typeof TaxaResponseSchema>;
