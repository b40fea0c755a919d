import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Test fixtures of the ads domain. ScreenObserver stands in for the browser's IntersectionObserver
 * (happy-dom has none): the test says when the card is on screen, as scrolling would.
 */
export class ScreenObserver {
  static current: ScreenObserver | null = null;
  constructor(private readonly callback: IntersectionObserverCallback) {
    ScreenObserver.current = this;
  }
  observe() {}
  disconnect() {}
  show(ratio: number) {
    const entry = { isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

/**
 * For each test: ScreenObserver as the IntersectionObserver and a clock the test moves by hand
 * (`clock.ms += …`), both undone after it, with the rendered page.
 */
export function watchScreenAndClock(): { ms: number } {
  const clock = { ms: 1_800_000_000_000 };
  beforeEach(() => {
    ScreenObserver.current = null;
    vi.stubGlobal('IntersectionObserver', ScreenObserver);
    vi.spyOn(Date, 'now').mockImplementation(() => clock.ms);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return clock;
}
