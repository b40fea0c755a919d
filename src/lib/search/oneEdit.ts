/**
 * "Is this word one typo away?" for search-as-you-type. One typo is one substitution, insertion,
 * deletion or transposition of two neighbouring letters: a Damerau-Levenshtein (optimal string
 * alignment) distance of at most 1.
 *
 * With one edit allowed there is no need for a distance table: both words agree up to their first
 * difference, the edit has to sit right there (moving it earlier or later over equal letters gives
 * the same strings), and what follows must agree again. So a check costs one pass over the shorter
 * word and allocates nothing, which lets a search scan every distinct word of a species list.
 */

/** Whether `query` from `qFrom` equals `word` from `wFrom` (or is a prefix of it, when `prefix`). */
function restMatches(query: string, qFrom: number, word: string, wFrom: number, prefix: boolean): boolean {
  const restLength = query.length - qFrom;
  if (restLength < 0) return false;
  const wordRest = word.length - wFrom;
  if (prefix ? wordRest < restLength : wordRest !== restLength) return false;
  for (let k = 0; k < restLength; k++) {
    if (query.charCodeAt(qFrom + k) !== word.charCodeAt(wFrom + k)) return false;
  }
  return true;
}

/**
 * Whether `query` is at most one edit away from `word` or, with `prefix`, from some prefix of
 * `word` (how a word being typed, "elehp", is one typo from the start of "elephant").
 * Equal words and, with `prefix`, plain prefixes count too (zero edits).
 */
export function isWithinOneEdit(query: string, word: string, prefix = false): boolean {
  let i = 0;
  const shorter = Math.min(query.length, word.length);
  while (i < shorter && query.charCodeAt(i) === word.charCodeAt(i)) i++;
  if (i === query.length) {
    // The query is a prefix of the word: zero edits as a prefix, else at most one letter missing.
    return prefix || word.length - query.length <= 1;
  }
  if (i === word.length) {
    // The word is a prefix of the query: only the query's one extra last letter may go.
    return query.length === i + 1;
  }
  return (
    // substitution: one letter differs
    restMatches(query, i + 1, word, i + 1, prefix) ||
    // deletion: the query has an extra letter
    restMatches(query, i + 1, word, i, prefix) ||
    // insertion: the query misses a letter
    restMatches(query, i, word, i + 1, prefix) ||
    // transposition: two neighbouring letters swapped
    (i + 1 < query.length &&
      i + 1 < word.length &&
      query.charCodeAt(i) === word.charCodeAt(i + 1) &&
      query.charCodeAt(i + 1) === word.charCodeAt(i) &&
      restMatches(query, i + 2, word, i + 2, prefix))
  );
}
