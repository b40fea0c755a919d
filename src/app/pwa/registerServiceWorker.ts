/**
 * Registers the service worker in production builds (SPEC §9: "registered when the app is stable
 * or after 30000 ms at most") and turns its life-cycle into two plain callbacks, so the store only
 * ever holds a serializable "update available" flag. The update function itself stays here.
 */
export interface ServiceWorkerEvents {
  /** A new version is installed and waiting; the member decides when to switch. */
  onUpdateAvailable: () => void;
  /** The shell is precached: the app now starts without a network. */
  onOfflineReady: () => void;
}

const STABLE_TIMEOUT_MS = 30_000;

let updateServiceWorker: ((reloadPage?: boolean) => Promise<void>) | undefined;

function whenStable(callback: () => void): void {
  // "Stable" = the page has loaded and the main thread is idle (not merely between two lazy chunks
  // of the first route); never later than 30 s.
  const onIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: STABLE_TIMEOUT_MS });
    else setTimeout(callback, 1_000);
  };
  if (document.readyState === 'complete') onIdle();
  else window.addEventListener('load', onIdle, { once: true });
}

export function registerServiceWorker(events: ServiceWorkerEvents): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  whenStable(() => {
    // Loaded here rather than imported at the top: workbox-window is not needed to paint.
    void import('virtual:pwa-register').then(({ registerSW }) => {
      updateServiceWorker = registerSW({
        immediate: true,
        onNeedRefresh: events.onUpdateAvailable,
        onOfflineReady: events.onOfflineReady,
        onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
      });
    });
  });
}

/** Activates the waiting version (SKIP_WAITING) and reloads the page once it controls it. */
export async function applyServiceWorkerUpdate(): Promise<void> {
  await updateServiceWorker?.(true);
}
