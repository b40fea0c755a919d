/** Order statistics shared by the benchmarks (figures only; nothing here asserts). */
import { availableParallelism, loadavg } from 'node:os';
import { present } from '../server/present';

function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

export function median(values: readonly number[]): number {
  const ordered = sorted(values);
  const middle = Math.floor(ordered.length / 2);
  if (ordered.length === 0) return Number.NaN;
  return ordered.length % 2
    ? present(ordered[middle])
    : (present(ordered[middle - 1]) + present(ordered[middle])) / 2;
}

/** Nearest-rank percentile (p in 0..100): the smallest value with at least p % of the values ≤ it. */
export function percentile(values: readonly number[], p: number): number {
  const ordered = sorted(values);
  if (ordered.length === 0) return Number.NaN;
  const rank = Math.min(ordered.length, Math.max(1, Math.ceil((p / 100) * ordered.length)));
  return present(ordered[rank - 1]);
}

export const ms = (value: number, digits = 2) => `${value.toFixed(digits)} ms`;

/** The machine's load, printed with the figures: on a busy 2-core box every tail is longer. */
export function loadNote(): string {
  const [one, five] = loadavg();
  return `load average ${present(one).toFixed(1)} (1 min) / ${present(five).toFixed(1)} (5 min) on ${availableParallelism()} cores`;
}
