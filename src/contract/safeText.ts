/**
 * Text and numbers a database can hold. PostgreSQL refuses U+0000 in `text` and `jsonb`, and a lone
 * UTF-16 surrogate cannot be encoded as UTF-8 at all, so either one in a record made every push of
 * it fail with a 500 and held the device's queue back for good (issue 25). The device cleans text
 * before it is saved (`cleanText`); the server refuses what is still unsafe (`findUnsafeValue`),
 * naming the field, before anything reaches SQL. Pure: shared by the client and the server.
 */

/** U+0000, a high surrogate not followed by a low one, or a low surrogate not after a high one. */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSAFE_TEXT_ALL = new RegExp(UNSAFE_TEXT.source, 'g');

/** Nesting deeper than this is refused: no record of ours comes near it, and walking it costs. */
export const MAX_NESTING = 32;

/** True when the text holds a character that cannot be stored (U+0000 or a lone surrogate). */
export function hasUnsafeText(text: string): boolean {
  return UNSAFE_TEXT.test(text);
}

/** The text without U+0000, each lone surrogate replaced by U+FFFD (what a browser shows for it). */
export function cleanText(text: string): string {
  if (!UNSAFE_TEXT.test(text)) return text;
  return text.replace(UNSAFE_TEXT_ALL, (char) => (char === '\u0000' ? '' : '\uFFFD'));
}

/**
 * The value with `cleanText` applied to every string in it, keys included (a parsed JSON value or a
 * record's data). Returns the value itself when nothing needed cleaning.
 */
export function cleanTextDeep<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => cleanTextDeep(item));
    const changed = items.some((cleaned, index) => cleaned !== (value as unknown[])[index]);
    return (changed ? items : value) as T;
  }
  let changed = false;
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const cleanKey = cleanText(key);
    const cleaned = cleanTextDeep(item);
    if (cleanKey !== key || cleaned !== item) changed = true;
    entries.push([cleanKey, cleaned]);
  }
  return (changed ? Object.fromEntries(entries) : value) as T;
}

/** A number that fits where numbers are stored: finite, and an exact integer when it is one. */
export function isSafeNumber(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER;
}

export type UnsafeProblem = 'text' | 'number' | 'nesting';

export interface UnsafeValue {
  /** Where: the path segments from the root, e.g. ['data', 0, 'data', 'note']. */
  path: Array<string | number>;
  problem: UnsafeProblem;
}

/**
 * The first place in a parsed JSON value (or a query/params object) that cannot be stored: a string
 * (value or key) with unsafe text, a number that is not finite or beyond 2^53, or nesting deeper
 * than MAX_NESTING. Undefined when the whole value is safe.
 */
export function findUnsafeValue(value: unknown, path: Array<string | number> = []): UnsafeValue | undefined {
  if (typeof value === 'string') return hasUnsafeText(value) ? { path, problem: 'text' } : undefined;
  if (typeof value === 'number') return isSafeNumber(value) ? undefined : { path, problem: 'number' };
  if (value === null || typeof value !== 'object') return undefined;
  if (path.length >= MAX_NESTING) return { path, problem: 'nesting' };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnsafeValue(value[index], [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (hasUnsafeText(key)) return { path: [...path, key], problem: 'text' };
    const found = findUnsafeValue(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** A path as the validation reasons name a field: `data.0.data.note`. */
export function pathText(path: ReadonlyArray<string | number>): string {
  return path.join('.');
}
