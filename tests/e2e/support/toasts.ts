/**
 * Which toasts a page showed, whether or not they are still on screen. A toast lives 3 s, so a
 * test that polls the screen for it after a save races that lifetime on a slow machine; recording
 * each toast as it is drawn does not, and a failure lists every toast the page did show (which is
 * how the shop's offline save was seen to show none: the save itself had not finished).
 */
import { expect, type Page } from '@playwright/test';

/** Starts recording the toasts of the page's current document (a navigation ends it). */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shown: string[] = [];
    (window as { __toastsShown?: string[] }).__toastsShown = shown;
    const read = () => {
      for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
        const text = toast.textContent;
        if (text && shown.at(-1) !== text) shown.push(text);
      }
    };
    new MutationObserver(read).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
}

/** Waits until a recorded toast says `text`; a failure lists every toast the page showed. */
export async function expectToastShown(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as { __toastsShown?: string[] }).__toastsShown ?? null), {
      message: `a toast saying "${text}"`,
    })
    .toEqual(expect.arrayContaining([expect.stringContaining(text)]));
}
