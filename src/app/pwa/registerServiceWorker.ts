/**
 * Registers the service worker in production builds (SPEC §9: "registered when the app is stable
 * or after 30000 ms at most") and turns its life-cycle into two plain callbacks, so the store only
 * ever holds a serializable "update available" flag. The update function itself stays here.
 */
import { whenIdle } from '../../lib/whenIdle';
import type { LifecycleEvents } from './serviceWorkerLifecycle';

const STABLE_TIMEOUT_MS = 30_000;
/** Where vite-plugin-pwa writes the worker (src/sw/sw.ts), and the whole app as its scope. */
const SCRIPT_URL = '/sw.js';
const SCOPE = '/';

let applyUpdate: (() => void) | undefined;

function whenStable(callback: () => void): void {
  // "Stable" = the page has loaded and the main thread is idle (not merely between two lazy chunks
  // of the first route); never later than 30 s.
  const onIdle = () => {
    whenIdle(callback, STABLE_TIMEOUT_MS);
  };
  if (document.readyState === 'complete') onIdle();
  else window.addEventListener('load', onIdle, { once: true });
}

export function registerServiceWorker(events: LifecycleEvents): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  whenStable(() => {
    // Loaded here rather than imported at the top: none of it is needed to paint.
    void import('./serviceWorkerLifecycle')
      .then(({ startServiceWorker }) =>
        startServiceWorker(
          {
            container: navigator.serviceWorker,
            scriptUrl: SCRIPT_URL,
            scope: SCOPE,
            reload: () => {
              window.location.reload();
            },
          },
          events,
        ),
      )
      .then((apply) => {
        applyUpdate = apply;
      })
      .catch((error: unknown) => {
        console.error('Service worker registration failed', error);
      });
  });
}

/** Activates the waiting version (SKIP_WAITING) and reloads the page (serviceWorkerLifecycle.ts). */
export function applyServiceWorkerUpdate(): void {
  applyUpdate?.();
}
