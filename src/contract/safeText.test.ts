import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText, cleanTextDeep, findUnsafeValue, hasUnsafeText, MAX_NESTING, pathText } from './safeText';

describe('safeText', () => {
  it('finds U+0000 and lone surrogates, and nothing in ordinary or paired text', () => {
    expect(hasUnsafeText('a\u0000b')).toBe(true);
    expect(hasUnsafeText('\uD800')).toBe(true);
    expect(hasUnsafeText('x\uDC00')).toBe(true);
    expect(hasUnsafeText('\uDC00\uD800')).toBe(true); // reversed pair: both lone
    expect(hasUnsafeText('Grey Heron 🦩 Ärger\tnote\n')).toBe(false);
  });

  it('cleans any text into text that survives UTF-8 unchanged, and leaves safe text alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const cleaned = cleanText(text);
        expect(hasUnsafeText(cleaned)).toBe(false);
        expect(new TextDecoder().decode(new TextEncoder().encode(cleaned))).toBe(cleaned);
        expect(cleanText(cleaned)).toBe(cleaned);
      }),
    );
    expect(cleanText('a\u0000b\uD800c')).toBe('ab\uFFFDc');
    const safe = 'Bald Eagle';
    expect(cleanText(safe)).toBe(safe);
  });

  it('cleans every string of a record, keys included, and returns the same object when nothing changes', () => {
    const record = { note: 'a\u0000', names: { 'US\uD800': 'x' }, media: [{ path: '\uDC00' }], n: 1 };
    expect(cleanTextDeep(record)).toEqual({
      note: 'a',
      names: { 'US\uFFFD': 'x' },
      media: [{ path: '\uFFFD' }],
      n: 1,
    });
    const clean = { note: 'fine', media: [{ path: '/a' }] };
    expect(cleanTextDeep(clean)).toBe(clean);
  });

  it('names the first place that cannot be stored', () => {
    expect(findUnsafeValue({ a: [1, { note: 'x\u0000' }] })).toEqual({
      path: ['a', 1, 'note'],
      problem: 'text',
    });
    expect(findUnsafeValue({ limit: Infinity })).toEqual({ path: ['limit'], problem: 'number' });
    expect(findUnsafeValue({ skip: 1e308 })).toEqual({ path: ['skip'], problem: 'number' });
    expect(findUnsafeValue({ ['k\uD800']: 1 })?.problem).toBe('text');
    expect(findUnsafeValue({ fine: ['a', 2, null, true, { b: -3.5 }] })).toBeUndefined();
    let deep: unknown = 'leaf';
    for (let level = 0; level < MAX_NESTING + 5; level += 1) deep = { d: deep };
    expect(findUnsafeValue(deep)?.problem).toBe('nesting');
    expect(pathText(['data', 0, 'note'])).toBe('data.0.note');
  });
});
