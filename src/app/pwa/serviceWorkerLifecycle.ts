/**
 * The page's side of the service worker's life-cycle, on the standard API (docs/ARCHITECTURE.md,
 * `app/pwa`). A new version waits until the member accepts it; then the page asks it to take over
 * (SKIP_WAITING) and reloads once it controls the page.
 *
 * The browser checks for a new version on every navigation, and the page registers only when it is
 * idle, so a new worker may already be installing when the page registers: its `updatefound` has
 * fired and is gone. The installing worker itself is watched, so the member is still asked
 * (workbox-window's register() misses that worker until the next page load).
 */

/** What this needs of `navigator.serviceWorker` (a fake stands in for it in unit tests). */
export interface WorkerContainer extends EventTarget {
  readonly controller: object | null;
  register(scriptUrl: string, options: { scope: string }): Promise<WorkerRegistration>;
}

export interface WorkerRegistration extends EventTarget {
  readonly installing: ServiceWorkerLike | null;
  readonly waiting: ServiceWorkerLike | null;
}

export interface ServiceWorkerLike extends EventTarget {
  readonly state: string;
  postMessage(message: unknown): void;
}

export interface LifecycleEnvironment {
  container: WorkerContainer;
  scriptUrl: string;
  scope: string;
  reload: () => void;
}

export interface LifecycleEvents {
  /** A new version is installed and waiting; the member decides when to switch. */
  onUpdateAvailable: () => void;
  /** The first version took control: the app now starts without a network. */
  onOfflineReady: () => void;
}

export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

/** Calls `onWaiting` for the registration's waiting worker, now and for every later one. */
function watchForWaitingWorker(registration: WorkerRegistration, onWaiting: () => void): void {
  const watch = (worker: ServiceWorkerLike | null) => {
    if (!worker) return;
    const onStateChange = () => {
      if (worker.state === 'installed' && registration.waiting === worker) onWaiting();
      if (worker.state !== 'installing') worker.removeEventListener('statechange', onStateChange);
    };
    worker.addEventListener('statechange', onStateChange);
  };
  if (registration.waiting) onWaiting();
  // A worker installing before we registered: its updatefound has already fired.
  watch(registration.installing);
  registration.addEventListener('updatefound', () => {
    watch(registration.installing);
  });
}

/**
 * Registers the worker and reports its life-cycle; returns the function that applies a waiting
 * update (the member's "Reload").
 */
export async function startServiceWorker(
  env: LifecycleEnvironment,
  events: LifecycleEvents,
): Promise<() => void> {
  const { container } = env;
  const isFirstInstall = container.controller === null;
  const registration = await container.register(env.scriptUrl, { scope: env.scope });

  watchForWaitingWorker(registration, () => {
    // A version waiting while another controls the page is an update; the very first install
    // takes over on its own (clientsClaim) and is never offered.
    if (container.controller !== null) events.onUpdateAvailable();
  });
  if (isFirstInstall)
    container.addEventListener(
      'controllerchange',
      () => {
        events.onOfflineReady();
      },
      { once: true },
    );

  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    env.reload();
  };
  return () => {
    const waiting = registration.waiting;
    // Nothing waits any more (another tab applied it): a reload picks up the version in control.
    if (!waiting) {
      reloadOnce();
      return;
    }
    container.addEventListener('controllerchange', reloadOnce, { once: true });
    waiting.postMessage(SKIP_WAITING_MESSAGE);
  };
}
