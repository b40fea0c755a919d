import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PASSWORD_MIN_LENGTH, meetsMediumRule, passwordStrength } from './password';

/** One representative character per class the rules look at, plus one they ignore. */
const CLASSES = { lower: 'a', upper: 'B', digit: '3', special: '!', other: '~' } as const;
type ClassName = keyof typeof CLASSES;
const CLASS_NAMES = Object.keys(CLASSES) as ClassName[];

/** Every subset of the classes, as a password of exactly `length` characters (when it fits). */
function passwordOf(classes: ClassName[], length: number): string | null {
  if (classes.length > length || (classes.length === 0 && length > 0)) return null;
  const chars: string[] = classes.map((name) => CLASSES[name]);
  while (chars.length < length) chars.push(chars[chars.length % classes.length] ?? '');
  return chars.join('');
}

function subsets<T>(items: T[]): T[][] {
  return items.reduce<T[][]>((all, item) => all.concat(all.map((set) => [...set, item])), [[]]);
}

describe('the medium rule and the strength indicator, for every class combination and length 0–12', () => {
  for (const classes of subsets(CLASS_NAMES)) {
    for (let length = 0; length <= 12; length += 1) {
      const password = passwordOf(classes, length);
      if (password === null) continue;
      const has = (name: ClassName) => classes.includes(name);
      const ruleClasses = [has('lower'), has('upper'), has('digit')].filter(Boolean).length;
      const medium = length >= 8 && ruleClasses >= 2;
      const strong = length >= 8 && has('lower') && has('upper') && has('digit') && has('special');
      const expected = length === 0 ? 'empty' : strong ? 'strong' : medium ? 'medium' : 'weak';

      it(`'${password}' is ${medium ? '' : 'not '}medium and rates ${expected}`, () => {
        expect(meetsMediumRule(password)).toBe(medium);
        expect(passwordStrength(password)).toBe(expected);
      });
    }
  }
});

describe('boundaries', () => {
  it('needs at least 8 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(meetsMediumRule('abcdef1')).toBe(false);
    expect(meetsMediumRule('abcdef12')).toBe(true);
  });

  it('accepts letters of both cases without a digit', () => {
    expect(meetsMediumRule('abcdEFGH')).toBe(true);
  });

  it('refuses letters of one case only, however long', () => {
    expect(meetsMediumRule('abcdefghijklmnop')).toBe(false);
    expect(meetsMediumRule('ABCDEFGHIJKLMNOP')).toBe(false);
  });

  it('refuses digits only, however long', () => {
    expect(meetsMediumRule('1234567890123')).toBe(false);
  });

  it('counts every special character of the strong rule', () => {
    for (const special of '!@#$%^&*') {
      expect(passwordStrength(`Abcdef1${special}`)).toBe('strong');
    }
  });

  it('does not count other punctuation towards strong', () => {
    for (const other of '~()-_=+[]{};:,.<>/?|') {
      expect(passwordStrength(`Abcdef1${other}`)).toBe('medium');
    }
  });

  it('rates a strong-looking password shorter than 8 characters as weak', () => {
    expect(passwordStrength('Ab1!')).toBe('weak');
  });

  it('does not count non-ASCII letters as a rule class', () => {
    expect(meetsMediumRule('ééééééé1')).toBe(false);
  });
});

describe('properties', () => {
  it('strong implies medium, and every non-empty password has a rating', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (password) => {
        const strength = passwordStrength(password);
        if (strength === 'strong') expect(meetsMediumRule(password)).toBe(true);
        if (strength === 'medium') expect(meetsMediumRule(password)).toBe(true);
        if (strength === 'weak') expect(meetsMediumRule(password)).toBe(false);
        expect(strength === 'empty').toBe(password.length === 0);
      }),
    );
  });

  it('appending characters never breaks the medium rule', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (password, more) => {
        if (meetsMediumRule(password)) expect(meetsMediumRule(password + more)).toBe(true);
      }),
    );
  });
});
