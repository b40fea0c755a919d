/**
 * Which key of a species' `names` the member's additional language is. The config stores the
 * language by its English name, as the config dialog lists it from GET languages ('Portuguese');
 * species names are keyed by language id ('pt'). The species pages work offline, so the 26 languages
 * of the app (server/db/reference/data/languages.csv) are listed here rather than fetched.
 */

/** The app's languages: English name → the id species `names` use. */
const LANGUAGE_IDS: Readonly<Record<string, string>> = {
  English: 'en',
  Arabic: 'ar',
  Bengali: 'bn',
  German: 'de',
  Greek: 'el',
  Spanish: 'es',
  Persian: 'fa',
  French: 'fr',
  Hebrew: 'he',
  Hindi: 'hi',
  Hungarian: 'hu',
  Indonesian: 'id',
  Italian: 'it',
  Japanese: 'ja',
  Korean: 'ko',
  Dutch: 'nl',
  Polish: 'pl',
  Portuguese: 'pt',
  Russian: 'ru',
  Swedish: 'sv',
  Turkish: 'tr',
  Ukrainian: 'uk',
  Urdu: 'ur',
  Vietnamese: 'vi',
  'Chinese (Simplified)': 'zh',
  'Chinese (Traditional)': 'zht',
};

const NAMES_BY_ID = new Map(Object.entries(LANGUAGE_IDS).map(([name, id]) => [id, name]));

export const MAIN_LANGUAGE_ID = 'en';

/**
 * The `names` key of the member's additional language, or null when it is English (the main
 * language) or unknown. Accepts the stored English name or, for robustness, an id.
 */
export function additionalLanguageId(language: string): string | null {
  const id = LANGUAGE_IDS[language] ?? (NAMES_BY_ID.has(language) ? language : undefined);
  return id === undefined || id === MAIN_LANGUAGE_ID ? null : id;
}

let displayNames: Intl.DisplayNames | null | undefined;

/** A language id as people read it: the app's own English name, else the browser's, else the id. */
export function languageName(id: string): string {
  const known = NAMES_BY_ID.get(id);
  if (known) return known;
  if (displayNames === undefined) {
    try {
      displayNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
    } catch {
      displayNames = null;
    }
  }
  try {
    return displayNames?.of(id) ?? id;
  } catch {
    // Wikispecies keys such as 'be-x-old' are not all valid language tags.
    return id;
  }
}
