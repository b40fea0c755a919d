/**
 * Species as the API and the `species` sync collection carry them (SPEC §3 "Species"), and the one
 * rule for "is this species on the member's list" shared by the server's collection filter and the
 * client's local queries, so what syncs and what the species pages show never disagree.
 * Pure: no Node, DOM or Dexie.
 */
import { Type, type Static } from 'typebox';
import { canonicalClassification } from './reference';

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
  group_id: Type.Union(SPECIES_GROUPS.map((group) => Type.Literal(group))),
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
