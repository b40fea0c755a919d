/**
 * A test's "this is there": `value`, or a failure saying what was missing (instead of a `!` that
 * fails later with "cannot read properties of undefined").
 */
export function present<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, found ${String(value)}`);
  return value;
}
