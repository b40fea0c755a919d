/**
 * The species editor's form state and what it sends. Pure. The server accepts a subset of a species
 * (`SpeciesUpdateRequest`: names by language, family, extinct, the taxa_alt switches; taxonomy and
 * places belong to the imported lists), and only what changed is sent, so an edit never overwrites
 * a field someone else changed meanwhile.
 */
import { formatMessage } from '@contract/messages';
import { NAME_LANGUAGE_PATTERN, type Species, type SpeciesUpdateRequest } from '@contract/species';
import { MAIN_LANGUAGE_ID } from '../languages';
import { speciesTexts } from '../speciesTexts';

export interface NameDraft {
  /** Stable key for the form row. */
  key: string;
  language: string;
  name: string;
  /** A language the species had when the form opened (its id is then fixed). */
  isExisting: boolean;
}

export interface SpeciesDraft {
  names: NameDraft[];
  family: string;
  extinct: boolean;
  /** By classification: whether the species is in it. */
  taxaAlt: Record<string, boolean>;
}

type Editable = Pick<Species, 'names' | 'family' | 'extinct' | 'taxa_alt'>;

export function draftOf(species: Editable): SpeciesDraft {
  const languages = Object.keys(species.names).sort((a, b) =>
    a === MAIN_LANGUAGE_ID ? -1 : b === MAIN_LANGUAGE_ID ? 1 : a.localeCompare(b),
  );
  return {
    names: languages.map((language) => ({
      key: language,
      language,
      name: species.names[language] ?? '',
      isExisting: true,
    })),
    family: species.family ?? '',
    extinct: species.extinct,
    taxaAlt: Object.fromEntries(species.taxa_alt.map((entry) => [entry.classification, entry.enabled])),
  };
}

const NAME_MAX = 200;
const FAMILY_MAX = 100;
const languagePattern = new RegExp(NAME_LANGUAGE_PATTERN);

export type EditOutcome =
  { kind: 'request'; request: SpeciesUpdateRequest } | { kind: 'invalid'; message: string };

/**
 * The request for the changes from `original` to `draft`, or the first problem with the draft. A
 * name emptied (or a row removed) removes that language; an English name can change but not go.
 */
export function editRequestOf(original: Editable, draft: SpeciesDraft): EditOutcome {
  const kept = new Map<string, string>();
  const seen = new Set<string>();
  for (const row of draft.names) {
    const language = row.language.trim();
    const name = row.name.trim();
    if (!row.isExisting && language === '' && name === '') continue; // an unused new row
    if (!languagePattern.test(language)) {
      return {
        kind: 'invalid',
        message: formatMessage(speciesTexts.speciesEditLanguageInvalid, { language }),
      };
    }
    if (seen.has(language)) {
      return { kind: 'invalid', message: formatMessage(speciesTexts.speciesEditLanguageTwice, { language }) };
    }
    seen.add(language);
    if (name.length > NAME_MAX) return { kind: 'invalid', message: speciesTexts.speciesEditNameTooLong };
    if (name !== '') kept.set(language, name);
  }
  // The English name is the species' display name: it may be changed, not removed (a list without
  // English names, such as the Reptile Database's, shows the scientific name instead).
  if (original.names[MAIN_LANGUAGE_ID] !== undefined && !kept.has(MAIN_LANGUAGE_ID)) {
    return { kind: 'invalid', message: speciesTexts.speciesEditEnglishRequired };
  }

  const names: Record<string, string | null> = {};
  for (const language of Object.keys(original.names)) if (!kept.has(language)) names[language] = null;
  for (const [language, name] of kept) if (original.names[language] !== name) names[language] = name;

  const request: SpeciesUpdateRequest = {};
  if (Object.keys(names).length > 0) request.names = names;
  const family = draft.family.trim();
  if (family.length > FAMILY_MAX) return { kind: 'invalid', message: speciesTexts.speciesEditFamilyTooLong };
  if (family !== (original.family ?? '')) request.family = family === '' ? null : family;
  if (draft.extinct !== original.extinct) request.extinct = draft.extinct;
  const switched = original.taxa_alt
    .filter((entry) => draft.taxaAlt[entry.classification] !== undefined)
    .filter((entry) => draft.taxaAlt[entry.classification] !== entry.enabled)
    .map((entry) => ({
      classification: entry.classification,
      enabled: draft.taxaAlt[entry.classification] === true,
    }));
  if (switched.length > 0) request.taxa_alt = switched;

  if (Object.keys(request).length === 0)
    return { kind: 'invalid', message: speciesTexts.speciesEditNothingChanged };
  return { kind: 'request', request };
}
