/// <reference lib="webworker" />
/**
 * The service worker (Workbox, injectManifest).
 *
 * Owns: the precache of the app shell and the offline basemap `maps/locations.geojson` (so the app
 * starts, and species distribution maps draw, with the network cut after one online visit), the
 * navigation fallback that serves index.html for every deep link, and a cache-first image cache of
 * uploaded photos (`/api/v1.0/media/…`, immutable by id), the Background Sync trigger of the
 * member's upload queue (backgroundSync.ts), and chat push notifications (chatPush.ts).
 * Must not: cache `/api` JSON (Dexie is the offline store, never an HTTP cache), or activate a new
 * version on its own — the page asks the member first and then posts SKIP_WAITING, so a running
 * page never finds its code swapped underneath it.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { registerBackgroundSync } from './backgroundSync';
import { registerChatPush } from './chatPush';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    // The API and its documentation are never answered from the shell.
    denylist: [/^\/api\//],
  }),
);

/**
 * Photos by media id never change (the server serves them `immutable`), so once seen they are
 * answered from the cache. Keyed by the URL without its query string (SPEC §3 "Image cache file");
 * only complete 200 answers are kept, so a failed or opaque download is never cached as the photo.
 */
registerRoute(
  // Only the image files: the other media calls (meta, comments, likes, base64) are JSON that
  // changes and differs per member, and must never be answered from this cache.
  ({ url, request }) =>
    request.method === 'GET' &&
    /^\/api\/v1\.0\/media\/[^/]+\/(original|thumbnail)(\.(jpg|webp))?$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'fieldmark-images',
    plugins: [
      {
        cacheKeyWillBeUsed: ({ request }) => {
          const url = new URL(request.url);
          url.search = '';
          return Promise.resolve(url.href);
        },
        cacheWillUpdate: ({ request, response }) => {
          if (response.status === 200) return Promise.resolve(response);
          console.warn(`Image cache: ${request.url} answered ${response.status}; not cached`);
          return Promise.resolve(null);
        },
        // SPEC §8: a failed download is logged only and treated as not cached.
        fetchDidFail: ({ request, error }) => {
          console.warn(`Image cache: ${request.url} could not be downloaded; not cached`, error);
          return Promise.resolve();
        },
      },
    ],
  }),
);

// A save made offline asks for a Background Sync; this drains the member's queue (backgroundSync.ts).
registerBackgroundSync();

// Chat notifications: shown on push, a click opens the conversation (chatPush.ts).
registerChatPush();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// Once the member accepted the update (or on the very first install), take control of open pages
// so the freshly precached shell serves their next navigation.
clientsClaim();
