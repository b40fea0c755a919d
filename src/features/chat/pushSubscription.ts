/**
 * This device's web-push subscription for chat notifications (docs/api.md "Push notifications").
 * Permission is asked only from the member's own action (the switch on /chat-sessions), never at
 * load. The SPEC §8 push library messages are the errors thrown here; the caller shows them.
 */
import { messages } from '@contract/messages';
import type { PushKeyResponse, PushSubscriptionInput } from '@contract/push';
import type { ApiClient } from '../../api/client';

/** Whether this browser can take push notifications at all (a service worker and the Push API). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof globalThis.PushManager !== 'undefined' &&
    typeof globalThis.Notification !== 'undefined'
  );
}

/** The worker's registration, or null (none: a development build, or disabled workers). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Asks permission, subscribes with the server's key and stores the subscription on the server. */
export async function subscribePush(api: ApiClient, blockedText: string): Promise<void> {
  const worker = await registration();
  if (!worker) throw new Error(messages.pushUnsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(blockedText);
  const { public_key: publicKey } = await api.request<PushKeyResponse>('GET', 'push/key');
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKey(publicKey),
  });
  const json = subscription.toJSON() as PushSubscriptionInput;
  await api.request('PUT', 'push/subscriptions', {
    endpoint: json.endpoint,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
  });
}

/** Removes this device's subscription from the server and the browser. */
export async function unsubscribePush(api: ApiClient): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) throw new Error(messages.pushNotSubscribed);
  await api.request('DELETE', 'push/subscriptions', { endpoint: subscription.endpoint });
  if (!(await subscription.unsubscribe())) throw new Error(messages.pushUnsubscribeFailed);
}
