/**
 * The name search of places and guides on the device, the rule the server's `search` follows
 * (docs/api.md): every query word starts a word of the name, case and accents ignored. The lists are
 * small (what the member has seen), so a scan is enough; the words are folded as species search
 * folds them (src/lib/search).
 */
import { wordsOf } from '../../lib/search/searchIndex';

export function foldedWords(query: string): string[] {
  return wordsOf(query);
}

export function matchesSearch(name: string, queryWords: readonly string[]): boolean {
  if (queryWords.length === 0) return true;
  const words = wordsOf(name);
  return queryWords.every((query) => words.some((word) => word.startsWith(query)));
}
