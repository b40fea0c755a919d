/**
 * "This is there": `value`, or an error saying what was missing, where the types cannot see what
 * the code knows (an index inside its array, a row just written, a key just set). Instead of a `!`
 * that would fail later with "cannot read properties of undefined".
 */
export function present<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, found ${String(value)}`);
  return value;
}
