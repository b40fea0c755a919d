/**
 * Species as the API and the `species` sync collection carry them (SPEC §3 "Species"), and the one
 * rule for "is this species on the member's list" shared by the server's collection filter and the
 * client's local queries, so what syncs and what the species pages show never disagree.
 * Pure: no Node, DOM or Dexie.
 */
import { Type, type Static } from 'typebox';
import { success } from './envelope';
import { canonicalClassification } from './reference';
import { SKIP_MAX } from './paging';
import { LoadingSchema, SyncRecordSchema } from './sync';

/** One entry of `taxa` / `taxa_alt`: the species as one classification lists it. */
export const TaxaEntrySchema = Type.Object({
  system: Type.String({ description: 'The list and version, e.g. "IOC World Bird List v10.2"' }),
  category: Type.Union([Type.String(), Type.Null()], { description: "'IOC', 'Larger', … or null" }),
  classification: Type.String({ description: "The app-config string: 'Birds|IOC', 'Reptiles', …" }),
  group_name: Type.String(),
  name: Type.String({ description: 'The scientific name under that list' }),
  english_name: Type.Optional(Type.String()),
  code: Type.Optional(Type.String({ description: 'The list’s species code (eBird code)' })),
});
export type TaxaEntry = Static<typeof TaxaEntrySchema>;

export const TaxaAltEntrySchema = Type.Intersect([
  TaxaEntrySchema,
  Type.Object({ enabled: Type.Boolean({ description: 'The species is in that classification' }) }),
]);
export type TaxaAltEntry = Static<typeof TaxaAltEntrySchema>;

export const SpeciesThumbSchema = Type.Object({
  media_id: Type.String(),
  path: Type.String({ description: 'URL of the thumbnail' }),
});
export type SpeciesThumb = Static<typeof SpeciesThumbSchema>;

export const SpeciesLocationEntrySchema = Type.Object({
  occurrence: Type.String({ description: 'present, uncertain, native, introduced, listed, endemic, …' }),
  source: Type.String({ description: 'The checklist that keys the species to the location' }),
});

export const SPECIES_GROUPS = ['birds', 'mammals', 'reptiles', 'amphibians'] as const;
export type SpeciesGroup = (typeof SPECIES_GROUPS)[number];

/** A species: the `data` of a `species` sync record, and the object of the species calls. */
export const SpeciesSchema = Type.Object({
  _id: Type.String(),
  group_id: Type.Enum(SPECIES_GROUPS),
  /** Classification names ('Birds|IOC', …) the species is in: `taxa` and the enabled `taxa_alt`. */
  classifications: Type.Array(Type.String()),
  scientific_name: Type.String(),
  authority: Type.Union([Type.String(), Type.Null()]),
  order: Type.Union([Type.String(), Type.Null()]),
  family: Type.Union([Type.String(), Type.Null()]),
  /** English name, else the scientific name. */
  name: Type.String(),
  names: Type.Record(Type.String(), Type.String(), { description: 'Name by language id' }),
  taxa: TaxaEntrySchema,
  taxa_alt: Type.Array(TaxaAltEntrySchema),
  photo: Type.Object({ thumbs: Type.Array(SpeciesThumbSchema) }),
  locations: Type.Record(Type.String(), SpeciesLocationEntrySchema, {
    description: 'By location id (country, or a US state for mammals)',
  }),
  extinct: Type.Boolean(),
  sort: Type.Integer({ description: 'Taxonomic order within the group (0 when the list has none)' }),
});
export type Species = Static<typeof SpeciesSchema>;

/**
 * Classifications with no open distribution data: their whole world list is on every member's list
 * whatever the location (docs/data-sources.md; server/db/reference/classifications.ts `scope`).
 */
export const WORLD_SCOPE_CLASSIFICATIONS: readonly string[] = ['Reptiles'];

/**
 * The `filter` of `GET collection/species`: the member's animal groups and location. `location_ids`
 * is the chosen location and its parents (a US state and the United States), because checklists key
 * species to countries and, for mammals, to US states.
 */
export const SpeciesCollectionFilterSchema = Type.Object(
  {
    classifications: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { minItems: 1, maxItems: 10 }),
    location_ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 5 }),
  },
  { additionalProperties: false },
);
export type SpeciesCollectionFilter = Static<typeof SpeciesCollectionFilterSchema>;

/**
 * The location ids a member's list is keyed by: the chosen location and its parents (a US state and
 * the United States), once each. The `location_ids` of the species filter.
 */
export function listLocationIds(location: {
  location_id: string;
  parent_location?: ReadonlyArray<{ location_id: string }>;
}): string[] {
  return [...new Set([location.location_id, ...(location.parent_location ?? []).map((p) => p.location_id)])];
}

/** Config strings as stored ('Mammals|Large') to the names species carry ('Mammals|Larger'). */
export function canonicalClassifications(names: readonly string[]): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const canonical = canonicalClassification(name);
    if (canonical) out.add(canonical);
  }
  return [...out];
}

/**
 * True when the species belongs on the list of a member who chose these classifications (canonical
 * names) and this location with its parents: it is in one of the classifications, and either that
 * classification is world-scope or a checklist keys the species to one of the location ids.
 */
export function speciesOnList(
  species: Pick<Species, 'classifications' | 'locations'>,
  classifications: readonly string[],
  locationIds: readonly string[],
): boolean {
  const chosen = species.classifications.filter((name) => classifications.includes(name));
  if (chosen.length === 0) return false;
  if (chosen.some((name) => WORLD_SCOPE_CLASSIFICATIONS.includes(name))) return true;
  return locationIds.some((id) => Object.hasOwn(species.locations, id));
}

// ---------------------------------------------------------------------------------------------
// The species calls (SPEC §7 "Species, observations, media"; docs/api.md "Species").
// ---------------------------------------------------------------------------------------------

/** Species ids: `<source>-<source id>`, lowercase ('avibase-2247cb05', 'mdd-1000522'). */
export const SPECIES_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,99}$';
/**
 * Keys of species `names`: language ids ('en', 'fr', 'zh') and the few other keys the Wikispecies
 * data has ('be-x-old', 'zh-min-nan'), which an admin must be able to remove.
 */
export const NAME_LANGUAGE_PATTERN = '^[A-Za-z][A-Za-z0-9-]{1,31}$';
/** The most species one `POST species` or `GET species_targeted` answers. */
export const SPECIES_PAGE_MAX = 200;

export const SpeciesIdParamsSchema = Type.Object({
  id: Type.String({ pattern: SPECIES_ID_PATTERN, description: 'Species id' }),
});
export type SpeciesIdParams = Static<typeof SpeciesIdParamsSchema>;

const ClassificationNameSchema = Type.String({
  minLength: 1,
  maxLength: 40,
  description: "A config string: 'Birds|IOC', 'Mammals|Large' (= 'Mammals|Larger'), 'Reptiles', …",
});

/** `POST species`: the member's list (classifications + location), searched and paged. */
export const SpeciesListRequestSchema = Type.Object(
  {
    classifications: Type.Optional(
      Type.Array(ClassificationNameSchema, {
        minItems: 1,
        maxItems: 10,
        description: 'Only species in one of these; default every classification',
      }),
    ),
    location_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description:
          'Only species on the list there: keyed to it or its country, or in a world-scope classification (speciesOnList)',
      }),
    ),
    language: Type.Optional(
      Type.String({
        pattern: NAME_LANGUAGE_PATTERN,
        description: 'Each species answers `names` in English and this language only (the two a list shows)',
      }),
    ),
    search: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          'Words of any name or the scientific name, accents and case ignored, matched at word starts',
      }),
    ),
    skip: Type.Optional(Type.Integer({ minimum: 0, maximum: SKIP_MAX, default: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SPECIES_PAGE_MAX, default: 50 })),
  },
  { additionalProperties: false },
);
export type SpeciesListRequest = Static<typeof SpeciesListRequestSchema>;

export const SpeciesListResponseSchema = success({
  species: Type.Array(SpeciesSchema, { description: 'By group, taxonomic sort, family, name' }),
  total: Type.Integer({ minimum: 0, description: 'Species matching the filter, over every page' }),
  loading: Type.Optional(LoadingSchema),
});
export type SpeciesListResponse = Static<typeof SpeciesListResponseSchema>;

/** `GET species/{id}?observations=true`: the most sightings one answer holds, and the default. */
export const SPECIES_OBSERVATIONS_PAGE_MAX = 500;
export const SPECIES_OBSERVATIONS_PAGE_DEFAULT = 100;

export const SpeciesQuerySchema = Type.Object({
  observations: Type.Optional(
    Type.Boolean({ default: false, description: "Add the signed-in member's own sightings of it" }),
  ),
  limit: Type.Integer({
    minimum: 1,
    maximum: SPECIES_OBSERVATIONS_PAGE_MAX,
    default: SPECIES_OBSERVATIONS_PAGE_DEFAULT,
    description: 'With observations=true: at most this many sightings (oldest change first)',
  }),
  skip: Type.Integer({
    minimum: 0,
    maximum: SKIP_MAX,
    default: 0,
    description: 'With observations=true: sightings to skip (paging)',
  }),
});
export type SpeciesQuery = Static<typeof SpeciesQuerySchema>;

export const SpeciesResponseSchema = success({
  species: SpeciesSchema,
  observations: Type.Array(SyncRecordSchema, {
    description:
      "With observations=true and a member token: a page (limit, skip) of the member's `species_observations` records of this species (no tombstones), oldest change first; otherwise empty",
  }),
});
export type SpeciesResponse = Static<typeof SpeciesResponseSchema>;

/**
 * `PUT species/{id}`: the fields an admin may edit. The rest (taxonomy, scientific name, locations)
 * belongs to the imported lists; photos have their own calls (species/{id}/images).
 */
export const SpeciesUpdateRequestSchema = Type.Object(
  {
    names: Type.Optional(
      Type.Record(
        Type.String({ pattern: NAME_LANGUAGE_PATTERN }),
        Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]),
        {
          description:
            'Names to set by language id; null removes that language. Languages not sent keep their name',
        },
      ),
    ),
    family: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()])),
    extinct: Type.Optional(Type.Boolean()),
    taxa_alt: Type.Optional(
      Type.Array(
        Type.Object(
          { classification: ClassificationNameSchema, enabled: Type.Boolean() },
          { additionalProperties: false },
        ),
        {
          maxItems: 10,
          description: 'Switch the species in or out of a further classification it has a taxa_alt entry for',
        },
      ),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type SpeciesUpdateRequest = Static<typeof SpeciesUpdateRequestSchema>;

export const SpeciesUpdateResponseSchema = success({ species: SpeciesSchema });
export type SpeciesUpdateResponse = Static<typeof SpeciesUpdateResponseSchema>;

/** `GET species_targeted`: species of the region around a point the member has not recorded yet. */
export const SpeciesTargetedQuerySchema = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lng: Type.Number({ minimum: -180, maximum: 180 }),
  classifications: Type.Optional(
    Type.String({
      maxLength: 400,
      description: "The member's config classifications, comma-separated; default Birds|IOC,Mammals|Large",
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SPECIES_PAGE_MAX, default: 50 })),
});
export type SpeciesTargetedQuery = Static<typeof SpeciesTargetedQuerySchema>;

export const SpeciesTargetedResponseSchema = success({
  location: Type.Object({ location_id: Type.String(), name: Type.String() }),
  species: Type.Array(SpeciesSchema, {
    description: 'Most seen there by other members first, then taxonomic order',
  }),
});
export type SpeciesTargetedResponse = Static<typeof SpeciesTargetedResponseSchema>;
