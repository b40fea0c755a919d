/// <reference lib="webworker" />
/**
 * Chat push notifications in the service worker (issue 17; docs/api.md "Push notifications"): a
 * push of type chat (SPEC §2: author_id, session_id) shows the author's nickname and the start of
 * the message; a click opens /chat/{author_id}/session/{session_id}, focusing an open window of the
 * app (navigated there) rather than opening another.
 */
import type { ChatPushPayload } from '@contract/push';

declare const self: ServiceWorkerGlobalScope;

/** The payload when it is a chat push, else null (other or malformed pushes show nothing of ours). */
export function chatPayloadOf(data: unknown): ChatPushPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const payload = data as Partial<ChatPushPayload>;
  const fields = [
    payload.author_id,
    payload.session_id,
    payload.message_id,
    payload.nickname,
    payload.message,
  ];
  return payload.type === 'chat' && fields.every((field) => typeof field === 'string')
    ? (payload as ChatPushPayload)
    : null;
}

/** Where a click on the notification of `payload` goes (SPEC §2). */
export function chatPathOf(payload: Pick<ChatPushPayload, 'author_id' | 'session_id'>): string {
  return `/chat/${encodeURIComponent(payload.author_id)}/session/${encodeURIComponent(payload.session_id)}`;
}

function readJson(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    return null;
  }
}

export function registerChatPush(): void {
  self.addEventListener('push', (event: PushEvent) => {
    const payload = chatPayloadOf(readJson(event));
    if (!payload) return;
    event.waitUntil(
      self.registration.showNotification(payload.nickname, {
        body: payload.message,
        tag: `chat-${payload.session_id}`,
        icon: '/icons/icon-192.png',
        data: { path: chatPathOf(payload) },
      }),
    );
  });

  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const path = (event.notification.data as { path?: unknown } | null)?.path;
    if (typeof path !== 'string' || !path.startsWith('/chat/')) return;
    const url = new URL(path, self.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
        if (open) {
          // Both start inside the click's window-interaction allowance. Focus is best effort (a
          // browser may refuse it); navigate() needs a window this worker controls, and when it
          // fails a new window opens instead.
          const [, navigated] = await Promise.allSettled([open.focus(), open.navigate(url)]);
          if (navigated.status === 'fulfilled' && navigated.value) return;
          if (navigated.status === 'rejected') {
            console.warn('Chat push: could not navigate the open window', navigated.reason);
          }
        }
        await self.clients.openWindow(url);
      })(),
    );
  });
}
