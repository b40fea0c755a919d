import { describe, expect, it } from 'vitest';
import { buildSearchIndex, search } from './searchIndex';

/** Real species names (AviList v2025, MDD v1.13), one document each, in this order. */
const NAMES = ['Bearded Vulture', 'Taiga Bean Goose', 'Brown Bear', 'Polar Bear', 'Bald Eagle'];
const index = buildSearchIndex(NAMES.map((name) => [name]));
const found = (query: string) => search(index, query).map((position) => NAMES[position]);

describe('the search index', () => {
  it('keeps each distinct word once, sorted, with its documents', () => {
    const bear = index.words.indexOf('bear');
    expect(index.words).toEqual([...index.words].sort());
    expect([...index.postings.subarray(index.offsets[bear], index.offsets[bear + 1])]).toEqual([2, 3]);
  });

  it('ranks exact words, then prefixes, then typos, each in document order', () => {
    expect(found('bear')).toEqual(['Brown Bear', 'Polar Bear', 'Bearded Vulture', 'Taiga Bean Goose']);
  });

  it('needs every query word, in any order', () => {
    expect(found('bear polar')).toEqual(['Polar Bear']);
    expect(found('bear eagle')).toEqual([]);
  });

  it('ranks a document with fewer typo words first', () => {
    // "brwn" is one typo of brown; "bear" is exact for both bears and a typo of nothing else here.
    expect(found('bear brwn')).toEqual(['Brown Bear']);
    expect(found('polar bera')).toEqual(['Polar Bear']);
  });

  it('allows no typo in words shorter than four letters', () => {
    expect(found('bar')).toEqual([]);
    expect(found('baer')).toEqual(['Brown Bear', 'Polar Bear']);
  });

  it('allows a typo in the start of a longer word from five letters', () => {
    expect(found('vultr')).toEqual(['Bearded Vulture']);
    expect(found('vutl')).toEqual([]);
  });

  it('answers nothing for an empty query', () => {
    expect(found('')).toEqual([]);
    expect(found(' - ')).toEqual([]);
  });
});
