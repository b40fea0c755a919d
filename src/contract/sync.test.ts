import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareRev, isRev, parseRev, REV_PATTERN, revWins } from './sync';

const sign = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);

/**
 * An independent model of the rule: counters have no leading zeros, so the longer digit string is
 * the larger number, and equal lengths compare digit by digit; then the suffix by code units.
 */
function modelCompare(a: string, b: string): number {
  const [ca = '', sa = ''] = a.split('_');
  const [cb = '', sb = ''] = b.split('_');
  if (ca.length !== cb.length) return ca.length < cb.length ? -1 : 1;
  if (ca !== cb) return ca < cb ? -1 : 1;
  return sa === sb ? 0 : sa < sb ? -1 : 1;
}

/** Small counters and a small suffix alphabet, so ties on either part are common. */
const counterArb = fc.oneof(
  fc.integer({ min: 0, max: 12 }),
  fc.integer({ min: 0, max: 999_999_999_999_999 }),
);
const suffixArb = fc.oneof(
  fc.constantFrom('-', '0', '9', 'A', 'Z', 'a', 'z', 'ab', 'a-b', 'device-1', 'device-2'),
  fc.stringMatching(/^[A-Za-z0-9-]{1,36}$/),
);
const revArb = fc.tuple(counterArb, suffixArb).map(([counter, suffix]) => `${counter}_${suffix}`);

describe('parseRev', () => {
  it('splits a revision into its counter and suffix', () => {
    expect(parseRev('10_a')).toEqual({ counter: 10, suffix: 'a' });
    expect(parseRev('0_device-1')).toEqual({ counter: 0, suffix: 'device-1' });
    expect(parseRev('999999999999999_Z')).toEqual({ counter: 999_999_999_999_999, suffix: 'Z' });
  });

  it.each([
    '',
    '1',
    '_a',
    '1_',
    '01_a',
    '00_a',
    '-1_a',
    '1e3_a',
    '1.5_a',
    '1_a_b',
    '1_a b',
    '1_é',
    '1000000000000000_a',
    `1_${'a'.repeat(37)}`,
  ])('refuses %j', (rev) => {
    expect(isRev(rev)).toBe(false);
    expect(() => parseRev(rev)).toThrow();
  });

  it('accepts exactly what the contract pattern accepts', () => {
    const pattern = new RegExp(REV_PATTERN);
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(isRev(value)).toBe(pattern.test(value));
      }),
    );
    fc.assert(fc.property(revArb, (rev) => isRev(rev)));
  });
});

describe('compareRev', () => {
  it.each([
    ['10_a', '9_z'],
    ['2_b', '2_a'],
    ['2_a', '2_B'],
    ['2_0', '2_-'],
    ['2_a', '2_Z'],
    ['2_aa', '2_a'],
    ['1_a', '0_z'],
    ['100_a', '99_zzzz'],
    ['999999999999999_a', '999999999999998_z'],
  ])('%s beats %s', (winner, loser) => {
    expect(compareRev(winner, loser)).toBeGreaterThan(0);
    expect(compareRev(loser, winner)).toBeLessThan(0);
    expect(revWins(winner, loser)).toBe(true);
    expect(revWins(loser, winner)).toBe(false);
  });

  it('answers 0 only for the same revision, which never wins over itself', () => {
    expect(compareRev('3_abc', '3_abc')).toBe(0);
    expect(revWins('3_abc', '3_abc')).toBe(false);
  });

  it('lets any revision win over no revision', () => {
    expect(revWins('0_a', undefined)).toBe(true);
  });

  it('throws on a malformed revision', () => {
    expect(() => compareRev('1_a', 'x')).toThrow();
  });

  it('agrees with the model on every pair and triple of a small universe, exhaustively', () => {
    const revs: string[] = [];
    for (const counter of [0, 1, 2, 9, 10, 11])
      for (const suffix of ['-', '0', 'A', 'Z', 'a', 'ab', 'b']) revs.push(`${counter}_${suffix}`);
    for (const a of revs) {
      for (const b of revs) {
        const ab = compareRev(a, b);
        expect(sign(ab), `${a} vs ${b}`).toBe(sign(modelCompare(a, b)));
        expect(sign(ab) + sign(compareRev(b, a)), `${a} vs ${b} antisymmetry`).toBe(0);
        expect(ab === 0, `${a} vs ${b} equality`).toBe(a === b);
        for (const c of revs) {
          if (ab <= 0 && compareRev(b, c) <= 0)
            expect(compareRev(a, c), `${a} ≤ ${b} ≤ ${c}`).toBeLessThanOrEqual(0);
        }
      }
    }
  });

  it('agrees with the model on generated revisions', () => {
    fc.assert(
      fc.property(revArb, revArb, (a, b) => {
        expect(sign(compareRev(a, b))).toBe(sign(modelCompare(a, b)));
      }),
      { numRuns: 2000 },
    );
  });

  it('is antisymmetric, and 0 only for equal strings', () => {
    fc.assert(
      fc.property(revArb, revArb, (a, b) => {
        expect(sign(compareRev(a, b)) + sign(compareRev(b, a))).toBe(0);
        expect(compareRev(a, b) === 0).toBe(a === b);
      }),
      { numRuns: 2000 },
    );
  });

  it('is transitive', () => {
    fc.assert(
      fc.property(revArb, revArb, revArb, (a, b, c) => {
        const [x, y, z] = [a, b, c].sort(compareRev) as [string, string, string];
        expect(compareRev(x, y)).toBeLessThanOrEqual(0);
        expect(compareRev(y, z)).toBeLessThanOrEqual(0);
        expect(compareRev(x, z)).toBeLessThanOrEqual(0);
        if (compareRev(a, b) < 0 && compareRev(b, c) < 0) expect(compareRev(a, c)).toBeLessThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('picks the same winner whatever order the revisions arrive in', () => {
    fc.assert(
      fc.property(fc.array(revArb, { minLength: 1, maxLength: 8 }), fc.nat(), (revs, seed) => {
        const winner = (list: string[]) => list.reduce((best, rev) => (revWins(rev, best) ? rev : best));
        const rotated = [...revs.slice(seed % revs.length), ...revs.slice(0, seed % revs.length)];
        expect(winner(rotated)).toBe(winner([...revs].reverse()));
      }),
    );
  });
});
