// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatSession } from '@contract/chat';
import { messages } from '@contract/messages';
import { db } from '../../db/db';
import { aSignedInSession } from '../../test/factories';
import { fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { ChatPage } from './ChatPage';
import { ChatSessionsPage } from './ChatSessionsPage';
import { chatTexts } from './chatTexts';
import { pushPromptAnswered } from './chatStore';
import { pendingMessages } from './chatWrites';
import { present } from '../../test/present';

const signedIn = aSignedInSession();
const ME = present(signedIn.user).user_id;
const ROBIN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const SESSION = '16fd2706-8baf-433b-82eb-8c7fada847da';
const now = Math.floor(Date.now() / 1000);

const aMessage = (id: string, author: string, text: string, lastMod: number): ChatMessage => ({
  message_id: id,
  session_id: SESSION,
  user_id: author,
  message: text,
  created_at: now - 60 + lastMod,
  last_mod: lastMod,
});
const hello = aMessage('m-1', ROBIN, 'Osprey over the lake', 1);
const reply = aMessage('m-2', ME, 'On my way', 2);
const session: ChatSession = {
  session_id: SESSION,
  kind: 'direct',
  group_id: null,
  title: null,
  user_id: ROBIN,
  nickname: 'Robin',
  avatar: null,
  members: [{ user_id: ROBIN, nickname: 'Robin', avatar: null }],
  last_message: hello,
  unread: 1,
  last_read: null,
  last_mod: 1,
};

function chatNetwork(): FakeNetwork {
  const network = fakeNetwork();
  network.on('GET', 'chats', {
    body: { status: 'success', sessions: [session], more: false, last_mod: 1, total_unreads: 1 },
  });
  network.on('GET', `chats/${SESSION}/messages`, (request) => ({
    body: request.path.includes('last_mod=')
      ? { status: 'success', session_id: SESSION, messages: [], more: false, last_mod: 1 }
      : {
          status: 'success',
          session_id: SESSION,
          messages: [hello],
          more: false,
          last_mod: 1,
          members: [
            { user_id: ROBIN, nickname: 'Robin', avatar: null },
            { user_id: ME, nickname: 'Wren', avatar: null },
          ],
        },
  }));
  network.on('PUT', `chats/${SESSION}/status/${ME}`, {
    body: { status: 'success', session_id: SESSION, last_read: 'm-1', unread: 0, total_unreads: 0 },
  });
  network.on('PUT', `chats/${SESSION}/messages`, {
    body: { status: 'success', message: reply, created: true },
  });
  return network;
}

function renderAt(route: string, isOnline = true, network = chatNetwork()) {
  return renderApp(
    <Routes>
      <Route path="/chat-sessions" element={<ChatSessionsPage />} />
      <Route path="/chat/:user_id" element={<ChatPage />} />
      <Route path="/chat/:user_id/session/:session_id" element={<ChatPage />} />
    </Routes>,
    { route, network, preloadedState: { session: signedIn, network: { isOnline } } },
  );
}

beforeAll(async () => {
  await import('./pages');
});

beforeEach(async () => {
  await Promise.all([db.chat_sessions.clear(), db.chat_messages.clear(), db.outbox.clear(), db.meta.clear()]);
});

describe('/chat-sessions', () => {
  it('lists sessions with the last message and unread count, and keeps them for offline', async () => {
    renderAt('/chat-sessions');
    const list = await screen.findByRole('list', { name: chatTexts.sessionsList });
    expect(within(list).getByText('Robin')).toBeTruthy();
    expect(within(list).getByText('Osprey over the lake')).toBeTruthy();
    expect(within(list).getByText('1 unread')).toBeTruthy();
    expect(within(list).getByRole('link').getAttribute('href')).toBe(`/chat/${ROBIN}/session/${SESSION}`);
    cleanup();

    renderAt('/chat-sessions', false, fakeNetwork());
    expect(await screen.findByText('Osprey over the lake')).toBeTruthy();
  });

  it('says what it can when nothing is kept offline', async () => {
    renderAt('/chat-sessions', false, fakeNetwork());
    expect(await screen.findByText(chatTexts.noSessionsOffline)).toBeTruthy();
    expect(screen.getByText(messages.pushUnsupported)).toBeTruthy();
  });
});

describe('/chat/:user_id/session/:session_id', () => {
  it('shows the conversation, marks it read and sends a message', async () => {
    const { network, store } = renderAt(`/chat/${ROBIN}/session/${SESSION}`);
    expect(await screen.findByText('Osprey over the lake')).toBeTruthy();
    await waitFor(() => {
      expect(network.sent.some((request) => request.path === `chats/${SESSION}/status/${ME}`)).toBe(true);
    });
    await waitFor(() => {
      expect(store.getState().ui.unreadMessages).toBe(0);
    });

    fireEvent.change(screen.getByLabelText(chatTexts.messageLabel), { target: { value: 'On my way' } });
    fireEvent.click(screen.getByRole('button', { name: chatTexts.send }));
    await waitFor(() => {
      expect(screen.getAllByTestId('chat-message')).toHaveLength(2);
    });
    const put = network.sent.find(
      (request) => request.method === 'PUT' && request.path.endsWith('/messages'),
    );
    expect(put?.body).toMatchObject({ message: 'On my way' });
  });

  it('offline: shows what was read before, and keeps a new message as pending in the outbox', async () => {
    renderAt(`/chat/${ROBIN}/session/${SESSION}`);
    expect(await screen.findByText('Osprey over the lake')).toBeTruthy();
    cleanup();

    const network = fakeNetwork();
    renderAt(`/chat/${ROBIN}/session/${SESSION}`, false, network);
    expect(await screen.findByText('Osprey over the lake')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(chatTexts.messageLabel), { target: { value: 'Written offline' } });
    fireEvent.click(screen.getByRole('button', { name: chatTexts.send }));
    const bubble = present((await screen.findByText(chatTexts.pending)).closest('li'), 'the pending bubble');
    expect(within(bubble as HTMLElement).getByText('Written offline')).toBeTruthy();
    const pending = await pendingMessages(db, ME);
    expect(pending).toMatchObject([{ target: SESSION, message: 'Written offline' }]);
    expect(network.sent.filter((request) => request.path.startsWith('chats'))).toEqual([]);
  });

  it('what is typed while a message is being kept is the next draft, not wiped', async () => {
    renderAt(`/chat/${ROBIN}/session/${SESSION}`, false, fakeNetwork());
    const field = await screen.findByLabelText<HTMLTextAreaElement>(chatTexts.messageLabel);
    fireEvent.change(field, { target: { value: 'First offline' } });
    fireEvent.click(screen.getByRole('button', { name: chatTexts.send }));
    // The send is still writing to the outbox: the member types the next message.
    fireEvent.change(field, { target: { value: 'Second offline' } });
    await screen.findByText('First offline');
    await waitFor(async () => {
      expect(await pendingMessages(db, ME)).toHaveLength(1);
    });
    await waitFor(() => {
      expect(screen.getByRole<HTMLButtonElement>('button', { name: chatTexts.send }).disabled).toBe(false);
    });
    expect(field.value).toBe('Second offline');
  });
});

describe('older messages', () => {
  /** A conversation of 5 on the server, pages of 2 newest first (before = the oldest shown's cursor). */
  function pagedNetwork(): FakeNetwork {
    const network = chatNetwork();
    const all = [1, 2, 3, 4, 5].map((n) => aMessage(`m-${n}`, n % 2 ? ROBIN : ME, `Message ${n}`, n));
    network.on('GET', 'chats', {
      body: {
        status: 'success',
        sessions: [{ ...session, last_message: all[4], unread: 0, last_read: 'm-5', last_mod: 5 }],
        more: false,
        last_mod: 5,
        total_unreads: 0,
      },
    });
    network.on('GET', `chats/${SESSION}/messages`, (request) => {
      const query = new URL(request.path, 'http://x').searchParams;
      if (query.has('last_mod')) {
        return { body: { status: 'success', session_id: SESSION, messages: [], more: false, last_mod: 5 } };
      }
      const before = Number(query.get('before') ?? Infinity);
      const older = all.filter((message) => message.last_mod < before);
      const page = older.slice(-2);
      return {
        body: { status: 'success', session_id: SESSION, messages: page, more: older.length > 2, last_mod: 5 },
      };
    });
    return network;
  }

  // happy-dom lays nothing out: each message is given 200 px, stacked in document order from the
  // top of the page (anything else sits at the top, 0 px high), so where a message is on screen
  // depends on the page's scroll, as in a browser.
  beforeEach(() => {
    document.documentElement.scrollTop = 0;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = [...document.querySelectorAll('[data-message-id]')].indexOf(this);
      const top = Math.max(0, index) * 200 - document.documentElement.scrollTop;
      return DOMRect.fromRect({ x: 0, y: top, width: 300, height: index < 0 ? 0 : 200 });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const shownTexts = () => screen.getAllByTestId('chat-message').map((item) => item.textContent);
  const topOf = (text: string) =>
    present(screen.getByText(text).closest('li'), `the item of ${text}`).getBoundingClientRect().top;

  it('scrolling up to the start loads the page before it, keeping the message read in place', async () => {
    const { network } = renderAt(`/chat/${ROBIN}/session/${SESSION}`, true, pagedNetwork());
    await waitFor(() => {
      expect(shownTexts()).toEqual([
        expect.stringContaining('Message 4'),
        expect.stringContaining('Message 5'),
      ]);
    });
    const before = topOf('Message 4');
    // The server said older ones remain (the button is the keyboard's way to them).
    await screen.findByRole('button', { name: chatTexts.loadOlder });

    fireEvent.scroll(window);
    await waitFor(() => {
      expect(shownTexts()).toHaveLength(4);
    });
    expect(shownTexts()[0]).toContain('Message 2');
    expect(network.sent.some((request) => request.path.includes('before=4'))).toBe(true);
    // Two messages (400 px) came above it: the page scrolled by as much, so it did not move, and
    // the start is now out of reach until the member scrolls up again.
    await waitFor(() => {
      expect(document.documentElement.scrollTop).toBe(400);
    });
    expect(topOf('Message 4')).toBe(before);

    expect(shownTexts()).toHaveLength(4);
    await waitFor(() => {
      expect(screen.getByRole<HTMLButtonElement>('button', { name: chatTexts.loadOlder }).disabled).toBe(
        false,
      );
    });
    // The member scrolls up by one message: the start is near again.
    document.documentElement.scrollTop = 200;
    const reading = topOf('Message 2');
    fireEvent.scroll(window);
    await waitFor(() => {
      expect(shownTexts()).toHaveLength(5);
    });
    expect(topOf('Message 2')).toBe(reading);
    // Nothing older remains: no more requests, and no button to ask.
    const asked = network.sent.filter((request) => request.path.includes('before=')).length;
    fireEvent.scroll(window);
    expect(screen.queryByRole('button', { name: chatTexts.loadOlder })).toBeNull();
    expect(network.sent.filter((request) => request.path.includes('before='))).toHaveLength(asked);
  });
});

describe('the push prompt in a conversation', () => {
  // The browser's push machinery is a process boundary: a registration whose push manager
  // subscribes, and a Notification permission the member grants when asked.
  const endpoint = 'https://push.example.org/device-1';
  let subscription: { endpoint: string; toJSON: () => unknown } | null;
  const getSubscription = vi.fn(() => Promise.resolve(subscription));
  const requestPermission = vi.fn(() => {
    fakeNotification.permission = 'granted';
    return Promise.resolve('granted');
  });
  const fakeNotification = { permission: 'default', requestPermission };

  beforeEach(() => {
    subscription = null;
    fakeNotification.permission = 'default';
    // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- only its presence is detected
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', fakeNotification);
    const pushManager = {
      getSubscription,
      subscribe: () => {
        subscription = {
          endpoint,
          toJSON: () => ({ endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } }),
        };
        return Promise.resolve(subscription);
      },
    };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: () => Promise.resolve({ pushManager }) },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    getSubscription.mockClear();
    requestPermission.mockClear();
  });

  function pushNetwork(): FakeNetwork {
    const network = chatNetwork();
    network.on('GET', 'push/key', { body: { status: 'success', public_key: 'B'.repeat(87) } });
    network.on('PUT', 'push/subscriptions', { body: { status: 'success' } });
    return network;
  }

  it('Turn on asks permission from the click and subscribes this device', async () => {
    const { network } = renderAt(`/chat/${ROBIN}/session/${SESSION}`, true, pushNetwork());
    const turnOn = await screen.findByRole('button', { name: chatTexts.pushTurnOn });
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(turnOn);
    await waitFor(() => {
      expect(screen.queryByText(chatTexts.pushPrompt)).toBeNull();
    });
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const put = network.sent.find((request) => request.path === 'push/subscriptions');
    expect(put?.body).toMatchObject({ endpoint });
  });

  it('Not now puts it away for good on this device', async () => {
    renderAt(`/chat/${ROBIN}/session/${SESSION}`, true, pushNetwork());
    fireEvent.click(await screen.findByRole('button', { name: chatTexts.pushNotNow }));
    expect(screen.queryByText(chatTexts.pushPrompt)).toBeNull();
    await waitFor(async () => {
      expect(await pushPromptAnswered(db, ME)).toBe(true);
    });
    expect(requestPermission).not.toHaveBeenCalled();
    cleanup();

    getSubscription.mockClear();
    renderAt(`/chat/${ROBIN}/session/${SESSION}`, true, pushNetwork());
    expect(await screen.findByText('Osprey over the lake')).toBeTruthy();
    // The prompt's check has run (it asks the device's subscription first) and said no.
    await waitFor(() => {
      expect(getSubscription).toHaveBeenCalled();
    });
    await act(async () => {
      await pushPromptAnswered(db, ME);
    });
    expect(screen.queryByText(chatTexts.pushPrompt)).toBeNull();
  });
});
