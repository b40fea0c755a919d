import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isWithinOneEdit } from './oneEdit';

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits), by the table. */
function osaDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      row[j] = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

const oneEditOfSomePrefix = (query: string, word: string) =>
  Array.from({ length: word.length + 1 }, (_, end) => word.slice(0, end)).some(
    (start) => osaDistance(query, start) <= 1,
  );

describe('isWithinOneEdit', () => {
  it('accepts one typo of each kind', () => {
    expect(isWithinOneEdit('robim', 'robin')).toBe(true); // substitution
    expect(isWithinOneEdit('robiin', 'robin')).toBe(true); // insertion
    expect(isWithinOneEdit('robn', 'robin')).toBe(true); // deletion
    expect(isWithinOneEdit('rboin', 'robin')).toBe(true); // transposition
    expect(isWithinOneEdit('robni', 'robin')).toBe(true); // transposition at the end
    expect(isWithinOneEdit('obin', 'robin')).toBe(true); // first letter missing
    expect(isWithinOneEdit('robin', 'robin')).toBe(true);
  });

  it('refuses two typos', () => {
    expect(isWithinOneEdit('rbon', 'robin')).toBe(false);
    expect(isWithinOneEdit('elefant', 'elephant')).toBe(false);
    expect(isWithinOneEdit('rob', 'robin')).toBe(false);
  });

  it('with prefix, accepts one typo in the start of a longer word', () => {
    expect(isWithinOneEdit('elehp', 'elephant', true)).toBe(true);
    expect(isWithinOneEdit('elepj', 'elephant', true)).toBe(true);
    expect(isWithinOneEdit('eleph', 'elephant', true)).toBe(true);
    expect(isWithinOneEdit('elephhan', 'elephant', true)).toBe(true);
    expect(isWithinOneEdit('elehpn', 'elephant', true)).toBe(false);
    expect(isWithinOneEdit('elehp', 'elephant')).toBe(false);
  });

  it('agrees with the distance table on any pair of short words', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 7 });
    fc.assert(
      fc.property(word, word, (query, target) => {
        expect(isWithinOneEdit(query, target)).toBe(osaDistance(query, target) <= 1);
        expect(isWithinOneEdit(query, target, true)).toBe(oneEditOfSomePrefix(query, target));
      }),
      { numRuns: 3000 },
    );
  });
});
