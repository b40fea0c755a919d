/**
 * What `PUT species/{id}` changes in a row (pure: row + request → columns to set, or null).
 * Editable: names by language (null removes one), family, extinct, and whether the species is in a
 * further classification it has a `taxa_alt` entry for. Derived columns follow the importer's
 * rules (server/db/species/build.ts, seed.ts): `name` is the English name else the scientific name,
 * `names` keys are sorted, `classifications` are `taxa` plus the enabled `taxa_alt` in definition
 * order, and `search_text`/`search_name` are folded with the same contract functions.
 */
import { formatMessage, messages } from '@contract/messages';
import { canonicalClassification } from '@contract/reference';
import type { SpeciesUpdateRequest, TaxaAltEntry, TaxaEntry } from '@contract/species';
import { foldText, searchTextOf } from '@contract/text';
import { NAME_LANGUAGES } from '../../../db/reference/extract';
import type { SpeciesRow } from './tables';
import { badRequest } from '../../../errors';
import { classificationIdsOfEntries } from './classifications';
import type { SpeciesPatch } from './species-writes';

/** Names in these languages are searchable (as the importer's search_text has them). */
const SEARCH_LANGUAGES: ReadonlySet<string> = new Set(NAME_LANGUAGES);

function sortedNames(names: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(names).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const searchableNames = (names: Record<string, string>) =>
  Object.entries(names)
    .filter(([language]) => SEARCH_LANGUAGES.has(language))
    .map(([, name]) => name);

/**
 * The stored search text after a names edit. The importer's text also holds names it does not store
 * (alternative and other-list English names), so it is edited rather than rebuilt: the folded names
 * the edit removed go (unless still in use), the current ones are added.
 */
export function editedSearchText(
  row: Pick<SpeciesRow, 'search_text' | 'scientific_name' | 'name' | 'names' | 'taxa' | 'taxa_alt'>,
  names: Record<string, string>,
  name: string,
): string {
  const englishNames = [row.taxa as TaxaEntry, ...(row.taxa_alt as TaxaAltEntry[])].flatMap((entry) =>
    entry.english_name ? [entry.english_name] : [],
  );
  const current = [row.scientific_name, name, ...englishNames, ...searchableNames(names)];
  const kept = new Set(current.map(foldText));
  const removed = new Set(
    [row.name, ...searchableNames(row.names)].map(foldText).filter((value) => !kept.has(value)),
  );
  const previous = row.search_text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !removed.has(line));
  return searchTextOf([...previous, ...current]);
}

/** jsonb answers object keys in its own order (shortest first), so compare names key by key. */
const sameNames = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(sortedNames(a)) === JSON.stringify(sortedNames(b));

/** The columns to set for `edit`, or null when it changes nothing. Throws a 400 for a taxa_alt it cannot apply. */
export function speciesEditPatch(row: SpeciesRow, edit: SpeciesUpdateRequest): SpeciesPatch | null {
  const patch: SpeciesPatch = {};

  if (edit.names !== undefined) {
    const names = new Map(Object.entries(row.names));
    for (const [language, value] of Object.entries(edit.names)) {
      const trimmed = value?.trim() ?? '';
      // null (or only spaces) removes the language.
      if (trimmed === '') names.delete(language);
      else names.set(language, trimmed);
    }
    const sorted = sortedNames(Object.fromEntries(names));
    if (!sameNames(sorted, row.names)) {
      const name = sorted.en ?? row.scientific_name;
      patch.names = JSON.stringify(sorted);
      patch.name = name;
      patch.search_name = foldText(name);
      patch.search_text = editedSearchText(row, sorted, name);
    }
  }

  if (edit.family !== undefined) {
    const family = edit.family?.trim() || null;
    if (family !== row.family) patch.family = family;
  }

  if (edit.extinct !== undefined && edit.extinct !== row.extinct) patch.extinct = edit.extinct;

  if (edit.taxa_alt !== undefined) {
    const taxaAlt = (row.taxa_alt as TaxaAltEntry[]).map((entry) => ({ ...entry }));
    let switched = false;
    for (const { classification, enabled } of edit.taxa_alt) {
      const name = canonicalClassification(classification) ?? classification;
      const entry = taxaAlt.find((candidate) => candidate.classification === name);
      if (entry === undefined) throw badRequest(formatMessage(messages.speciesTaxaAltUnknown, { name }));
      if (entry.enabled !== enabled) switched = true;
      entry.enabled = enabled;
    }
    if (switched) {
      patch.taxa_alt = JSON.stringify(taxaAlt);
      patch.classifications = classificationIdsOfEntries(row.taxa as TaxaEntry, taxaAlt);
    }
  }

  return Object.keys(patch).length === 0 ? null : patch;
}
