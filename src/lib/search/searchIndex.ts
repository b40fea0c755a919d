/**
 * Local full-text search over a list of documents (the species of the member's list: each one a few
 * names), built once per list and queried on every keystroke, so a query must answer in well under
 * one frame (16 ms) for ~11,000 documents. Pure: no React, no Dexie.
 *
 * Matching (per query word, after foldText: case and accents ignored, punctuation splits words):
 * - exact: a word of the document equals it;
 * - prefix: a word of the document starts with it;
 * - typo: one edit away (substitution, insertion, deletion, transposition; oneEdit.ts) from a word,
 *   for query words of at least MIN_TYPO_LENGTH letters; from the start of a longer word too
 *   ("elehp" → "elephant") from MIN_PREFIX_TYPO_LENGTH letters. Shorter words match too much.
 * Every query word must match some word of the document (in any of its names).
 *
 * Ranking: fewer typo words first, then fewer typos in the start of a longer word (a whole-word typo
 * is the likelier meaning), then fewer prefix-only words, then document order (the list's taxonomic
 * order). So exact beats prefix beats typo, and equals keep the list's order.
 *
 * Layout: the distinct words sorted (binary search finds the range of words starting with a query
 * word), and per word the documents containing it, all in one Int32Array (CSR). A typo scan checks
 * every distinct word with an allocation-free one-edit test; bench/search.ts measures it.
 */
import { foldText } from '@contract/text';
import { isWithinOneEdit } from './oneEdit';

/** Query words this long tolerate one typo against a whole word. */
export const MIN_TYPO_LENGTH = 4;
/** Query words this long tolerate one typo against the start of a longer word. */
export const MIN_PREFIX_TYPO_LENGTH = 5;

export interface SearchIndex {
  /** How many documents were indexed; results are their positions. */
  readonly size: number;
  /** Distinct folded words, sorted by UTF-16 code units (what `<` compares). */
  readonly words: readonly string[];
  /** Documents of `words[w]`: `postings[offsets[w]] … postings[offsets[w + 1] - 1]`, ascending. */
  readonly offsets: Int32Array;
  readonly postings: Int32Array;
}

/** The folded words of a text, as the index and the query see them. */
export function wordsOf(text: string): string[] {
  const folded = foldText(text);
  return folded === '' ? [] : folded.split(' ');
}

/** Adds one document's words: documents must arrive in order. */
function addDocument(byWord: Map<string, number[]>, doc: number, texts: readonly string[]): void {
  for (const text of texts) {
    for (const word of wordsOf(text)) {
      const docs = byWord.get(word);
      if (!docs) byWord.set(word, [doc]);
      // Documents arrive in order, so a repeat of this document is always the last entry.
      else if (docs[docs.length - 1] !== doc) docs.push(doc);
    }
  }
}

/** The collected words, sorted and packed. */
function packIndex(byWord: Map<string, number[]>, size: number): SearchIndex {
  const words = [...byWord.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const offsets = new Int32Array(words.length + 1);
  let total = 0;
  words.forEach((word, w) => {
    offsets[w] = total;
    total += (byWord.get(word) as number[]).length;
  });
  offsets[words.length] = total;
  const postings = new Int32Array(total);
  words.forEach((word, w) => {
    postings.set(byWord.get(word) as number[], offsets[w]);
  });
  return { size, words, offsets, postings };
}

/** Indexes documents, each given as its texts (names); results refer to positions in `documents`. */
export function buildSearchIndex(documents: readonly (readonly string[])[]): SearchIndex {
  const byWord = new Map<string, number[]>();
  documents.forEach((texts, doc) => {
    addDocument(byWord, doc, texts);
  });
  return packIndex(byWord, documents.length);
}

export interface SliceOptions {
  /** How long one slice may run before the thread is given back (ms). */
  sliceMs?: number;
  /** Gives the thread back: yieldToMain in the app. */
  pause: () => Promise<void>;
  now?: () => number;
}

/**
 * The same index, built in slices on the main thread (issue 24: no task over 50 ms while a member
 * types): the documents are read `sliceMs` at a time with `pause` between, then sorted and packed
 * in one last step (≈ 13,000 words for the full bird list). `textsOf(doc)` gives a document's texts.
 */
export async function buildSearchIndexInSlices(
  size: number,
  textsOf: (doc: number) => readonly string[],
  { sliceMs = 8, pause, now = () => performance.now() }: SliceOptions,
): Promise<SearchIndex> {
  const byWord = new Map<string, number[]>();
  let sliceStart = now();
  for (let doc = 0; doc < size; doc++) {
    if (now() - sliceStart >= sliceMs) {
      await pause();
      sliceStart = now();
    }
    addDocument(byWord, doc, textsOf(doc));
  }
  return packIndex(byWord, size);
}

/** First position whose word is not below `word`. */
function lowerBound(words: readonly string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((words[middle] as string) < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

const NONE = 0;
/** One typo in the start of a longer word: the weakest match. */
const PREFIX_TYPO = 1;
/** One typo in a whole word. */
const TYPO = 2;
const PREFIX = 3;
const EXACT = 4;

/** The best match of one query word in each document: NONE up to EXACT. */
function matchWord(index: SearchIndex, query: string): Uint8Array {
  const { words, offsets, postings } = index;
  const best = new Uint8Array(index.size);
  const mark = (w: number, kind: number) => {
    for (let p = offsets[w] as number, end = offsets[w + 1] as number; p < end; p++) {
      const doc = postings[p] as number;
      if ((best[doc] as number) < kind) best[doc] = kind;
    }
  };
  const first = lowerBound(words, query);
  let last = first;
  while (last < words.length && (words[last] as string).startsWith(query)) {
    mark(last, words[last] === query ? EXACT : PREFIX);
    last++;
  }
  if (query.length >= MIN_TYPO_LENGTH) {
    const prefix = query.length >= MIN_PREFIX_TYPO_LENGTH;
    const shortest = query.length - 1;
    for (let w = 0; w < words.length; w++) {
      if (w === first && last > first) {
        w = last - 1; // already matched as exact or prefix
        continue;
      }
      const word = words[w] as string;
      if (word.length < shortest || !isWithinOneEdit(query, word, prefix)) continue;
      mark(w, !prefix || isWithinOneEdit(query, word) ? TYPO : PREFIX_TYPO);
    }
  }
  return best;
}

/**
 * Positions of the documents matching every word of `query`, best first (see the header). An
 * empty query (no words after folding) matches nothing: callers show the whole list instead.
 */
export function search(index: SearchIndex, query: string): number[] {
  const queryWords = [...new Set(wordsOf(query))];
  if (queryWords.length === 0) return [];
  const matches = queryWords.map((word) => matchWord(index, word));
  // Rank by typo words, then typos in a word's start, then prefix words (each 0…words), as the
  // digits of one number: a bucket per rank keeps document order within it.
  const buckets: number[][] = [];
  const base = queryWords.length + 1;
  for (let doc = 0; doc < index.size; doc++) {
    let typos = 0;
    let prefixTypos = 0;
    let prefixes = 0;
    let isMatch = true;
    for (const best of matches) {
      const kind = best[doc] as number;
      if (kind === NONE) {
        isMatch = false;
        break;
      }
      if (kind === PREFIX_TYPO) prefixTypos++;
      if (kind <= TYPO) typos++;
      else if (kind === PREFIX) prefixes++;
    }
    if (!isMatch) continue;
    const rank = (typos * base + prefixTypos) * base + prefixes;
    (buckets[rank] ??= []).push(doc);
  }
  // Ranks no document reached are holes in `buckets`.
  return buckets.flatMap((bucket: number[] | undefined) => bucket ?? []);
}
