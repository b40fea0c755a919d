import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatPathOf, chatPayloadOf, registerChatPush } from './chatPush';

const payload = {
  type: 'chat',
  author_id: 'a1b2',
  session_id: 's/1',
  message_id: 'm1',
  nickname: 'Wren',
  message: 'Osprey over the lake',
};

describe('chat push in the service worker', () => {
  it('takes a chat payload and opens /chat/{author_id}/session/{session_id}', () => {
    expect(chatPayloadOf(payload)).toEqual(payload);
    expect(chatPathOf(payload)).toBe('/chat/a1b2/session/s%2F1');
  });

  it('ignores pushes that are not chat, or lack a field', () => {
    expect(chatPayloadOf({ ...payload, type: 'newsfeed' })).toBeNull();
    expect(chatPayloadOf({ ...payload, session_id: 7 })).toBeNull();
    expect(chatPayloadOf(null)).toBeNull();
  });
});

/**
 * The worker scope is the browser's boundary: a stand-in with the clients API records what the
 * click handler asks of it (window focus, navigation, a new window).
 */
function fakeWorkerScope(windows: { url: string; navigate: () => Promise<unknown> }[]) {
  const handlers = new Map<string, (event: unknown) => void>();
  const calls: string[] = [];
  const scope = {
    location: new URL('https://fieldmark.example/'),
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    clients: {
      matchAll: () =>
        Promise.resolve(
          windows.map((window) => ({
            url: window.url,
            focus: () => {
              calls.push(`focus ${window.url}`);
              return Promise.resolve();
            },
            navigate: (url: string) => {
              calls.push(`navigate ${url}`);
              return window.navigate();
            },
          })),
        ),
      openWindow: (url: string) => {
        calls.push(`open ${url}`);
        return Promise.resolve(null);
      },
    },
  };
  const click = async (data: unknown) => {
    let settled: Promise<unknown> = Promise.resolve();
    handlers.get('notificationclick')?.({
      notification: { data, close: () => calls.push('close') },
      waitUntil: (promise: Promise<unknown>) => {
        settled = promise;
      },
    });
    await settled;
  };
  return { scope, calls, click };
}

describe('a click on a chat notification', () => {
  const path = chatPathOf(payload);
  const url = `https://fieldmark.example${path}`;
  const withScope = (scope: object) => {
    vi.stubGlobal('self', scope);
    registerChatPush();
  };
  afterEach(() => vi.unstubAllGlobals());
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));

  it('opens a new window on the conversation when no window of the app is open', async () => {
    const worker = fakeWorkerScope([
      { url: 'https://elsewhere.example/', navigate: () => Promise.resolve({}) },
    ]);
    withScope(worker.scope);
    await worker.click({ path });
    expect(worker.calls).toEqual(['close', `open ${url}`]);
  });

  it("focuses the app's open window and takes it there, opening nothing", async () => {
    const worker = fakeWorkerScope([
      { url: 'https://fieldmark.example/species', navigate: () => Promise.resolve({}) },
    ]);
    withScope(worker.scope);
    await worker.click({ path });
    expect(worker.calls).toEqual(['close', 'focus https://fieldmark.example/species', `navigate ${url}`]);
  });

  it('opens a new window when the open one cannot be navigated (a window it does not control)', async () => {
    const refused = fakeWorkerScope([
      { url: 'https://fieldmark.example/', navigate: () => Promise.reject(new TypeError('not controlled')) },
    ]);
    withScope(refused.scope);
    await refused.click({ path });
    expect(refused.calls.at(-1)).toBe(`open ${url}`);

    const answeredNull = fakeWorkerScope([
      { url: 'https://fieldmark.example/', navigate: () => Promise.resolve(null) },
    ]);
    withScope(answeredNull.scope);
    await answeredNull.click({ path });
    expect(answeredNull.calls.at(-1)).toBe(`open ${url}`);
  });

  it('ignores a notification that is not a chat one', async () => {
    const worker = fakeWorkerScope([]);
    withScope(worker.scope);
    await worker.click({ path: 'https://evil.example/' });
    await worker.click(null);
    expect(worker.calls).toEqual(['close', 'close']);
  });
});
