/**
 * Reading IOC World Bird List range fields (birds_ioc_v10.2.csv `breeding_range`,
 * `nonbreeding_range`), pure. The breeding range is `CODES : text` ("NA, MA : Alaska and Canada
 * to Guatemala"); the non-breeding range is free text that may itself use the codes ("n AF and
 * India"). Codes: NA North America, MA Middle America, SA South America, LA Latin America, AF
 * Africa, EU Eurasia, OR Oriental, AU Australasia, AN Antarctica, PO Pacific Ocean, AO/IO/TrO/SO/OO
 * oceans, and "Worldwide".
 *
 * The US/Canada rule (docs/data-sources.md "The US and Canada bird list"): a Breeding Bird Survey
 * species stays on the United States and Canada lists only when its IOC breeding or non-breeding
 * range includes NA, or a range text names the United States, Canada, Alaska or a US state.
 */

export const RANGE_CODES = [
  'NA',
  'MA',
  'SA',
  'LA',
  'AF',
  'EU',
  'OR',
  'AU',
  'AN',
  'PO',
  'AO',
  'IO',
  'TrO',
  'SO',
  'OO',
] as const;
export type RangeCode = (typeof RANGE_CODES)[number];
const CODE_SET: ReadonlySet<string> = new Set(RANGE_CODES);

export interface ParsedRange {
  /** Continent/ocean codes, in the order written ("Worldwide" expands to every continent code). */
  codes: string[];
  /** Codes that follow "except" ("Worldwide : widespread except AU"). */
  excluded: string[];
  /** The text after the codes (the whole field when it has no code prefix). */
  text: string;
}

/** Codes written as words in a text: "n AF and India" → AF. */
function codesIn(text: string): string[] {
  return (text.match(/\b[A-Za-z]{2,3}\b/g) ?? []).filter((word) => CODE_SET.has(word));
}

/** One range field: `CODES : text`, or free text (which may name codes). */
export function parseRange(field: string | undefined): ParsedRange {
  const value = (field ?? '').trim();
  const prefixed = /^([A-Za-z]+(?:\s*,\s*[A-Za-z]+)*)\s*:\s*(.*)$/s.exec(value);
  const head = prefixed?.[1]?.split(',').map((code) => code.trim()) ?? [];
  const prefixCodes = head.every((code) => CODE_SET.has(code) || code === 'Worldwide') ? head : [];
  const text = prefixCodes.length > 0 ? (prefixed?.[2] ?? '') : value;
  const exceptAt = text.search(/\bexcept\b/i);
  const excluded = exceptAt < 0 ? [] : codesIn(text.slice(exceptAt));
  const codes = new Set<string>();
  for (const code of prefixCodes) {
    if (code === 'Worldwide') {
      for (const continent of ['NA', 'MA', 'SA', 'AF', 'EU', 'OR', 'AU'])
        if (!excluded.includes(continent)) codes.add(continent);
    } else codes.add(code);
  }
  // Codes in the free text (the non-breeding field's usual form), not those after "except".
  for (const code of codesIn(exceptAt < 0 ? text : text.slice(0, exceptAt))) codes.add(code);
  return { codes: [...codes], excluded, text };
}

/** The US states, without Georgia (IOC's "Georgia" is the Caucasus country, South or New Georgia). */
export const US_STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Florida',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
] as const;

/** Places outside the US whose names contain a state's: Baja California (Mexico), Sierra Nevada de Santa Marta (Colombia). */
const NOT_US = /\bBaja California\b|\bSierra Nevada\b/g;

const US_OR_CANADA = new RegExp(`\\b(?:USA|US|United States|Canada|${US_STATES.join('|')})\\b`);

/** The place in `text` that is the United States, Canada, Alaska or a US state, or null. */
export function usOrCanadaPlaceIn(text: string): string | null {
  return US_OR_CANADA.exec(text.replace(NOT_US, ' '))?.[0] ?? null;
}

/** Why a bird is kept on the US/Canada lists, or null when neither rule keeps it. */
export type UsCanadaReason = 'range-code' | 'range-text';

/**
 * The US/Canada rule for one IOC species: 'range-code' when its breeding or non-breeding range
 * includes NA, else 'range-text' when either range text names a US/Canadian place, else null.
 */
export function usCanadaReason(
  breedingRange: string | undefined,
  nonbreedingRange: string | undefined,
): UsCanadaReason | null {
  const breeding = parseRange(breedingRange);
  const nonbreeding = parseRange(nonbreedingRange);
  if (breeding.codes.includes('NA') || nonbreeding.codes.includes('NA')) return 'range-code';
  if (usOrCanadaPlaceIn(breeding.text) !== null || usOrCanadaPlaceIn(nonbreeding.text) !== null)
    return 'range-text';
  return null;
}
