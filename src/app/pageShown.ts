/**
 * Background work that waits for the first page: the syncs and the chat runtime start only once
 * the page a visit opened has been painted, and then when the browser is idle. Started any
 * earlier, their code and requests (some thirty chunks, the species page of 1,000 rows) compete
 * with the page's own on a slow phone and delay its first paint by seconds (docs/benchmarks.md,
 * bench:lighthouse). The shell marks the page shown (shell/PageShownMark.tsx).
 */
import { whenIdle } from '../lib/whenIdle';

/** If no page is shown by then (one stuck on its data, a test without the shell), run anyway. */
export const PAGE_SHOWN_FALLBACK_MS = 4_000;

/** How long work may then wait for an idle moment. */
const IDLE_TIMEOUT_MS = 2_000;

let shown = false;
const waiting: (() => void)[] = [];

/** The shell calls this once the first routed page has committed and been painted. */
export function markPageShown(): void {
  if (shown) return;
  shown = true;
  for (const run of waiting.splice(0)) run();
}

/** Runs `run` once the first page is shown (or the fallback passed) and the browser is idle. */
export function afterPageShown(run: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    whenIdle(run, IDLE_TIMEOUT_MS);
  };
  if (shown) {
    start();
    return;
  }
  waiting.push(start);
  setTimeout(start, PAGE_SHOWN_FALLBACK_MS);
}
