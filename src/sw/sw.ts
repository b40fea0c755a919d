/// <reference lib="webworker" />
/**
 * The service worker (Workbox, injectManifest).
 *
 * Owns: the precache of the app shell (so the app starts with the network cut after one online
 * visit) and the navigation fallback that serves index.html for every deep link.
 * Must not: cache `/api` JSON (Dexie is the offline store, never an HTTP cache), or activate a new
 * version on its own — the page asks the member first and then posts SKIP_WAITING, so a running
 * page never finds its code swapped underneath it.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    // The API and its documentation are never answered from the shell.
    denylist: [/^\/api\//],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// Once the member accepted the update (or on the very first install), take control of open pages
// so the freshly precached shell serves their next navigation.
clientsClaim();
