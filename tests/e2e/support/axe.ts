/** The accessibility check every e2e spec uses: axe finds no serious or critical violation. */
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until no CSS transition runs (a dialog fading or a toast sliding in confuses the contrast
 * check). Endless animations (a spinner, an indeterminate progress bar) never settle: not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * Puts axe-core's script (the version @axe-core/playwright runs) in the page's document unless an
 * earlier check there did: a page moved on by the app's own router keeps it, so its next checks
 * skip evaluating the half-megabyte script again.
 */
async function axeInDocument(page: Page): Promise<void> {
  const present = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!present) await page.evaluate(axe.source);
}

/**
 * Counts the CSS transitions and animations started in the page (`window.__motions`). A
 * state change that arrives while axe runs (a fetch answering, a button enabled) starts one; its
 * colours are then mid-way, and axe's contrast figures for them mean nothing.
 */
async function motionsSoFar(page: Page): Promise<number> {
  return page.evaluate(() => {
    const counted = window as { __motions?: number };
    if (counted.__motions === undefined) {
      counted.__motions = 0;
      const moved = () => {
        counted.__motions = (counted.__motions ?? 0) + 1;
      };
      document.addEventListener('transitionrun', moved, { capture: true });
      // An endless animation (a spinner) never settles and changes no colour: not counted.
      document.addEventListener(
        'animationstart',
        (event) => {
          if (
            event.target instanceof Element &&
            getComputedStyle(event.target).animationIterationCount !== 'infinite'
          )
            moved();
        },
        { capture: true },
      );
    }
    return counted.__motions;
  });
}

/** A check whose page moved meanwhile is made again, this many times at most. */
const CHECKS_AT_MOST = 4;

/**
 * Checks the page, or only `include` (a CSS selector), against WCAG 2.1 A/AA, on a page at rest:
 * when a transition started while axe ran, the page is let settle and checked again, so a real
 * violation (one that stays once the page is still) is still found and a passing colour never is.
 *
 * In axe's own run in the page (`setLegacyMode`): the app has no frames, so the per-frame partial
 * runs would add nothing but their merge, which opens a blank page and evaluates axe in it again.
 * The script is already in the document (axeInDocument), so the builder is given an empty one.
 */
export async function expectNoSeriousViolations(page: Page, what: string, include?: string): Promise<void> {
  await axeInDocument(page);
  let builder = new AxeBuilder({ page, axeSource: ';' })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  let results;
  for (let check = 1; ; check++) {
    // Counted from before the wait: a transition that starts once the page has settled, before axe
    // begins, is then seen too (it once made the feed's Refresh button fail mid-fade).
    const before = await motionsSoFar(page);
    await settled(page);
    results = await builder.analyze();
    const still = (await motionsSoFar(page)) === before;
    if (still || check === CHECKS_AT_MOST) break;
  }
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target),
    }));
  expect(serious, `axe on ${what}`).toEqual([]);
}
