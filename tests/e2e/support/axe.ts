/** The accessibility check every e2e spec uses: axe finds no serious or critical violation. */
import AxeBuilder from '@axe-core/playwright';
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

/** Checks the page, or only `include` (a CSS selector), against WCAG 2.1 A/AA. */
export async function expectNoSeriousViolations(page: Page, what: string, include?: string): Promise<void> {
  await settled(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target),
    }));
  expect(serious, `axe on ${what}`).toEqual([]);
}
