/**
 * Classification names ↔ ids, and the SQL form of `speciesOnList` (src/contract/species.ts).
 * The `species` table keeps taxa_classifications ids ('birds-ioc'); the app config, the contract and
 * every answer use names ('Birds|IOC'). Config strings may be aliases ('Mammals|Large').
 */
import { sql, type RawBuilder } from 'kysely';
import { formatMessage, messages } from '@contract/messages';
import { CLASSIFICATIONS } from '@contract/reference';
import { WORLD_SCOPE_CLASSIFICATIONS, canonicalClassifications } from '@contract/species';
import { CLASSIFICATION_DEFINITIONS } from '../../../db/reference/classifications';
import { badRequest } from '../../../errors';

const NAME_OF_ID = new Map(CLASSIFICATION_DEFINITIONS.map((d) => [d.id, d.name]));

/** Stored ids in definition order → names. An id without a definition is left out. */
export function classificationNames(ids: readonly string[]): string[] {
  return ids.flatMap((id) => {
    const name = NAME_OF_ID.get(id);
    return name === undefined ? [] : [name];
  });
}

/** Canonical names → stored ids, in definition order (as the importer stores them). */
export function classificationIdsOf(names: readonly string[]): string[] {
  const wanted = new Set(names);
  return CLASSIFICATION_DEFINITIONS.filter((d) => wanted.has(d.name)).map((d) => d.id);
}

/** The chosen classifications of a list, as the SQL needs them. */
export interface ListScope {
  /** Ids of the chosen classifications. */
  ids: string[];
  /** Those of them that are world-scope: on the list whatever the location. */
  worldIds: string[];
}

/** Config strings → a scope; 400 naming the first string that is no classification. */
export function scopeOf(configStrings: readonly string[]): ListScope {
  for (const name of configStrings) {
    if (canonicalClassifications([name]).length === 0) {
      throw badRequest(
        formatMessage(messages.speciesClassificationUnknown, { name, known: CLASSIFICATIONS.join(', ') }),
      );
    }
  }
  const names = canonicalClassifications(configStrings);
  return {
    ids: classificationIdsOf(names),
    worldIds: classificationIdsOf(names.filter((name) => WORLD_SCOPE_CLASSIFICATIONS.includes(name))),
  };
}

export const ALL_CLASSIFICATIONS: readonly string[] = CLASSIFICATIONS;

/**
 * `speciesOnList` for the row aliased `s`: in a chosen classification, and that classification is
 * world-scope or a checklist keys the species to one of `locationIds` (a location and its parents).
 * With `locationIds` null the location is not asked: in a chosen classification anywhere.
 */
export function onListSql(scope: ListScope, locationIds: readonly string[] | null): RawBuilder<boolean> {
  const inChosen = sql<boolean>`s.classifications && ${scope.ids}::text[]`;
  if (locationIds === null) return inChosen;
  return sql<boolean>`(${inChosen} AND (s.classifications && ${scope.worldIds}::text[] OR EXISTS (
    SELECT 1 FROM species_locations sl
    WHERE sl.species_id = s.id AND sl.location_id = ANY(${[...locationIds]}::text[]))))`;
}

/** Ids of the species' classification names plus the enabled taxa_alt ones, in definition order. */
export function classificationIdsOfEntries(
  taxa: { classification: string },
  taxaAlt: ReadonlyArray<{ classification: string; enabled: boolean }>,
): string[] {
  return classificationIdsOf([
    taxa.classification,
    ...taxaAlt.filter((entry) => entry.enabled).map((entry) => entry.classification),
  ]);
}
