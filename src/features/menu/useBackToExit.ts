/**
 * Back on /menu (SPEC §2): the first press stays and asks 'Press back again to exit'; a second
 * press within 3 s (SPEC §9) leaves. It is history-based: the menu keeps one extra history entry
 * (a "guard") above itself, so the first back press only pops that guard. The guard is not put back
 * for the next 3 s, so a second press really goes back, leaving the app in a browser tab, and on
 * Android (installed PWA, TWA) closing it when nothing is left behind. When installed and the press
 * lands on another page of the app instead, the window is closed as the spec's "exit".
 *
 * Chromium skips history entries added without a user activation when the member goes back
 * (its history-manipulation intervention), so the guard is added on a user activation: at once when
 * the menu was reached by a tap, else on the first tap or key press on the page.
 */
import { useEffect, useRef } from 'react';
import { BACK_EXIT_WINDOW_MS } from '../../lib/constants';

const GUARD_KEY = 'fieldmarkBackToExit';

function isGuard(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as Record<string, unknown>)[GUARD_KEY] === true
  );
}

export interface BackToExitOptions {
  /** The first back press: show 'Press back again to exit'. */
  onPrompt: () => void;
  /** In the installed app, leaving the menu by the second press closes the window. */
  isInstalled: boolean;
  windowMs?: number;
}

export function useBackToExit({
  onPrompt,
  isInstalled,
  windowMs = BACK_EXIT_WINDOW_MS,
}: BackToExitOptions): void {
  const onPromptRef = useRef(onPrompt);
  useEffect(() => {
    onPromptRef.current = onPrompt;
  }, [onPrompt]);

  useEffect(() => {
    const href = window.location.href;
    let promptedAt: number | null = null;
    let rearm: ReturnType<typeof setTimeout> | undefined;
    const activations = ['pointerdown', 'keydown'] as const;

    const pushGuard = () => {
      if (isGuard(window.history.state) || window.location.href !== href) return;
      const state: unknown = window.history.state;
      window.history.pushState({ ...(typeof state === 'object' ? state : {}), [GUARD_KEY]: true }, '', href);
    };
    const onActivation = () => {
      stopWaiting();
      pushGuard();
    };
    const stopWaiting = () => {
      for (const type of activations) window.removeEventListener(type, onActivation, true);
    };
    const addGuard = () => {
      // Optional: older WebKit has no userActivation; there the first tap adds the guard.
      if ((navigator as Partial<Navigator>).userActivation?.isActive) pushGuard();
      else for (const type of activations) window.addEventListener(type, onActivation, true);
    };
    const onPopState = () => {
      if (window.location.href === href) {
        if (isGuard(window.history.state)) return;
        // Popped the guard: the first press.
        promptedAt = Date.now();
        onPromptRef.current();
        clearTimeout(rearm);
        rearm = setTimeout(() => {
          promptedAt = null;
          addGuard();
        }, windowMs);
      } else if (promptedAt !== null && isInstalled) {
        window.close();
      }
    };

    addGuard();
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      stopWaiting();
      clearTimeout(rearm);
    };
  }, [isInstalled, windowMs]);
}
