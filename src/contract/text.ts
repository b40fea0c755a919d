/**
 * Accent- and case-insensitive matching, shared by the server (SQL LIKE over stored folded text)
 * and the client (local species search), without database extensions (no `unaccent`, no
 * `pg_trgm`: neither is guaranteed on a managed PostgreSQL, and PGlite would need extra bundles).
 * Names are folded once when they are stored (`locations.search_text`) and the search term is
 * folded the same way when it arrives, so the SQL only needs `LIKE`.
 */

/** Letters that NFKD does not decompose into a base letter plus marks. */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  þ: 'th',
};

/**
 * Lowercase, strip diacritics, turn punctuation (hyphens, apostrophes, dots, commas) into spaces and
 * collapse whitespace: "São Paulo" → "sao paulo", "KwaZulu-Natal" → "kwazulu natal",
 * "Côte d'Ivoire" → "cote d ivoire". Letters of other scripts (Cyrillic, CJK, Arabic, …) are kept.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðħıłþ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Escapes LIKE's wildcards so a folded term matches literally (with the default escape `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The stored search text of a location: every distinct folded name on its own line, so a term
 * never matches across two names. Lines start and end with a space so " term" finds word starts.
 */
export function searchTextOf(names: Iterable<string>): string {
  const folded = new Set<string>();
  for (const name of names) {
    const value = foldText(name);
    if (value) folded.add(value);
  }
  return [...folded].map((value) => ` ${value} `).join('\n');
}
