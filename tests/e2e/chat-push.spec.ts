/**
 * Chat push in Chromium (issue 17): the member turns notifications on from a click (the browser
 * grants the permission), another member writes to them, and the push of that message reaches the
 * app's service worker, which shows the notification; its click opens
 * /chat/{author_id}/session/{session_id} in the open window.
 *
 * What is real and what is not: Chromium's PushManager needs Google's push service (FCM), which
 * this machine cannot reach, so the browser cannot subscribe and no push service delivers here.
 * The push event is therefore delivered by the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`, the browser's own push-event path into the worker) with the
 * payload the server queues for that message (docs/api.md "Push notifications"; the server's
 * VAPID signing and encryption to a push service are tested in tests/server/chat-push.test.ts).
 * No protocol call clicks a notification: the click is a `notificationclick` event dispatched in
 * the worker with the notification the browser shows, the worker's own handler doing the rest.
 */
import { expect, test, type Page, type Worker } from '@playwright/test';
import type { ChatMessageWriteResponse } from '../../src/contract/chat';
import type { ChatPushPayload } from '../../src/contract/push';
import { chatTexts } from '../../src/features/chat/chatTexts';
import { registerMember, serviceWorkerInControl, signedInMember } from './support/member';

test.setTimeout(180_000);

/**
 * The app's service worker as it runs now. Chromium stops an idle worker and starts a new one for
 * a push, so a handle taken before the push may be closed by the time it is used: look it up again.
 */
async function appWorker(page: Page): Promise<Worker> {
  const workers = page.context().serviceWorkers();
  return workers.at(-1) ?? page.context().waitForEvent('serviceworker');
}

/** The registration id DevTools gives the page's worker, needed to deliver a push to it. */
async function registrationId(page: Page): Promise<{ send: (payload: object) => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const id = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL.startsWith(origin));
      if (ours && !ours.isDeleted) resolve(ours.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
  return {
    send: async (payload) => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: id,
        data: JSON.stringify(payload),
      });
    },
  };
}

test('a chat push shows a notification whose click opens the conversation', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    permissions: ['notifications'],
  });
  const page = await context.newPage();
  const wren = await signedInMember(page, 'push-wren');
  const robin = await registerMember(page.request, 'push-robin');

  // Wren turns notifications on, from the switch (a click: the only way permission is asked).
  await page.goto('/chat-sessions');
  await serviceWorkerInControl(page);
  const toggle = page.getByRole('switch', { name: chatTexts.pushSwitch });
  await expect(toggle).toBeEnabled();
  await toggle.click();
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  // Either the browser reached a push service and the switch stays on, or (this machine, no FCM)
  // the subscription fails and the member is told so in an alert; it never fails silently.
  const subscribed = page.getByRole('switch', { name: chatTexts.pushSwitch, checked: true });
  await expect(subscribed.or(page.getByRole('alert'))).toBeVisible({ timeout: 30_000 });

  // Robin writes to Wren; the server's push for it carries what SPEC §2 names.
  const sent = await page.request.put(`/api/v1.0/chats/${wren.userId}/messages`, {
    headers: { authorization: `Bearer ${robin.token}` },
    data: { message_id: crypto.randomUUID(), message: 'Bittern booming in the reeds' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { message } = (await sent.json()) as ChatMessageWriteResponse;
  const payload: ChatPushPayload = {
    type: 'chat',
    author_id: robin.userId,
    session_id: message.session_id,
    message_id: message.message_id,
    nickname: robin.nickname,
    message: message.message,
  };

  // Wren is elsewhere in the app when the push comes.
  await page.goto('/species');
  await serviceWorkerInControl(page);
  const push = await registrationId(page);
  await push.send(payload);

  // Read from the page (a registration answers getNotifications in a window too), not through a
  // worker handle that a restarted worker would have closed.
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
      })),
    );
  await expect.poll(shown, { timeout: 30_000 }).toEqual([{ title: robin.nickname, body: message.message }]);

  // A push of another type shows nothing of ours.
  await push.send({ ...payload, type: 'newsfeed' });

  // The click: the worker's notificationclick handler gets the notification the browser showed.
  // A script-made event cannot extend itself, so waitUntil hands its promise back to the test.
  await (
    await appWorker(page)
  ).evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification');
    const click = new NotificationEvent('notificationclick', { notification });
    let settled: Promise<unknown> = Promise.resolve();
    Object.defineProperty(click, 'waitUntil', {
      value: (promise: Promise<unknown>) => {
        settled = promise;
      },
    });
    scope.dispatchEvent(click);
    await settled;
  });

  const path = `/chat/${robin.userId}/session/${message.session_id}`;
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId('chat-message')).toHaveText([/Bittern booming in the reeds/]);
  // The click closed it, and the other push never showed one.
  await expect.poll(shown).toEqual([]);
  await context.close();
});
