/**
 * The member's chat while signed in (issue 17): one runtime per signed-in member that keeps
 * - the live channel (`GET chats/events`) open while online, reconnecting with backoff, storing
 *   each message it brings on the device and telling the unread count, and catching up the
 *   sessions after every (re)connect, so nothing sent while it was down is missed;
 * - the 60 s poll of `GET chats/status` (SPEC §7, §9), the fallback while the channel is down
 *   (when the count moves, the sessions are fetched again too).
 * Plain TypeScript with every dependency passed in, so tests drive it against the real server.
 */
import { useSyncExternalStore } from 'react';
import { CHAT_UNREAD_POLL_MS } from '@contract/chat';
import type { ApiClient } from '../../api/client';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import { fetchUnreadTotal, syncSessions } from './chatApi';
import { ChatEventsRefused, readChatEvents, type ChatEvent } from './chatEvents';
import { keepMessages } from './chatStore';

/** Waits before reconnecting: 1 s, doubling to 30 s; after a 5xx (no channel on this server) 60 s. */
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
const UNAVAILABLE_RETRY_MS = 60_000;

export interface ChatRuntimeDeps {
  db: FieldmarkDB;
  api: ApiClient;
  /** Configured host + `/api/v1.0/`. */
  baseUrl: string;
  fetch: typeof globalThis.fetch;
  ownerId: string;
  authToken: () => string | null;
  isOnline: () => boolean;
  /** The member's unread total, whenever the server tells it. */
  onUnread: (total: number) => void;
  pollMs?: number;
}

export interface ChatRuntime {
  start(): void;
  stop(): void;
  /** The device is back online: reconnect now and poll. */
  wakeUp(): void;
  /** Whether the live channel is open. */
  isLive(): boolean;
  /** Called when the channel opens or closes, and after each message it brought is stored. */
  subscribe(listener: () => void): () => void;
  /** Fetches the sessions and the unread total now (a page asks after sending or reading). */
  refresh(): Promise<void>;
}

export function createChatRuntime(deps: ChatRuntimeDeps): ChatRuntime {
  const listeners = new Set<() => void>();
  let running = false;
  let live = false;
  let lastUnread: number | null = null;
  let controller: AbortController | null = null;
  let pollTimer: ReturnType<typeof setInterval> | null = null;
  let wake: (() => void) | null = null;
  let refreshing: Promise<void> | null = null;

  const notify = () => {
    listeners.forEach((listener) => {
      listener();
    });
  };
  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    notify();
  };
  const tellUnread = (total: number) => {
    lastUnread = total;
    deps.onUnread(total);
  };
  const logFailure = (error: unknown) => {
    console.warn('Chat: could not reach the server', error);
  };

  function refresh(): Promise<void> {
    refreshing ??= syncSessions(deps.db, deps.api, deps.ownerId)
      .then(tellUnread)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function poll(): Promise<void> {
    if (!running || !deps.isOnline()) return;
    const total = await fetchUnreadTotal(deps.api);
    const moved = total !== lastUnread;
    tellUnread(total);
    if (moved) await refresh();
  }

  function onEvent(event: ChatEvent): void {
    if (event.event === 'ready') {
      tellUnread(event.data.total_unreads);
      setLive(true);
      // What arrived while the channel was down.
      refresh().catch(logFailure);
      return;
    }
    tellUnread(event.data.total_unreads);
    if (event.event === 'message') {
      void keepMessages(deps.db, deps.ownerId, [event.data.message])
        .then(() => {
          notify();
          return refresh();
        })
        .catch(logFailure);
    } else {
      refresh().catch(logFailure);
    }
  }

  /** Resolves after `ms`, or at once when woken (back online) or stopped. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function connectLoop(): Promise<void> {
    let backoff = RECONNECT_MIN_MS;
    while (running) {
      const token = deps.authToken();
      if (!deps.isOnline() || token === null) {
        await pause(UNAVAILABLE_RETRY_MS);
        continue;
      }
      controller = new AbortController();
      let wait = backoff;
      try {
        await readChatEvents({
          baseUrl: deps.baseUrl,
          authToken: token,
          fetch: deps.fetch,
          signal: controller.signal,
          onEvent: (event) => {
            backoff = RECONNECT_MIN_MS;
            onEvent(event);
          },
        });
        wait = RECONNECT_MIN_MS; // the server ended it (a restart): come straight back
      } catch (error) {
        if (error instanceof ChatEventsRefused && error.status === 401) {
          // The token expired: the API client renews it (SPEC §7 "Token handling"), then retry.
          await fetchUnreadTotal(deps.api).then(tellUnread, logFailure);
        } else if (error instanceof ChatEventsRefused && error.status >= 500) {
          wait = UNAVAILABLE_RETRY_MS;
        }
      } finally {
        controller = null;
        setLive(false);
      }
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() may have run meanwhile
      if (!running) return;
      await pause(wait);
      backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      refresh().catch(logFailure);
      pollTimer = setInterval(() => void poll().catch(logFailure), deps.pollMs ?? CHAT_UNREAD_POLL_MS);
      void connectLoop();
    },
    stop() {
      running = false;
      if (pollTimer !== null) clearInterval(pollTimer);
      pollTimer = null;
      controller?.abort();
      wake?.();
      setLive(false);
    },
    wakeUp() {
      wake?.();
      void poll().catch(logFailure);
    },
    isLive: () => live,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
  };
}

// ---- the app's one runtime ----------------------------------------------------------------------

let current: ChatRuntime | null = null;
const currentListeners = new Set<() => void>();
let version = 0;

/** Replaces the app's runtime (null when signed out); hooks re-read it. */
export function setAppChatRuntime(runtime: ChatRuntime | null): void {
  current?.stop();
  current = runtime;
  runtime?.subscribe(() => {
    version += 1;
    currentListeners.forEach((listener) => {
      listener();
    });
  });
  runtime?.start();
  version += 1;
  currentListeners.forEach((listener) => {
    listener();
  });
}

export function appChatRuntime(): ChatRuntime | null {
  return current;
}

function subscribeApp(listener: () => void) {
  currentListeners.add(listener);
  return () => currentListeners.delete(listener);
}

/**
 * A number that changes whenever the live channel opens or closes or stores a message, and whether
 * it is open now: pages catch up when it opens and poll while it is closed.
 */
export function useChatLive(): { live: boolean; version: number } {
  const seen = useSyncExternalStore(
    subscribeApp,
    () => version,
    () => version,
  );
  return { live: current?.isLive() ?? false, version: seen };
}
