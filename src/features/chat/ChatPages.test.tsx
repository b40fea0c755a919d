// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatSession } from '@contract/chat';
import { messages } from '@contract/messages';
import { db } from '../../db/db';
import { aSignedInSession } from '../../test/factories';
import { fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { ChatPage } from './ChatPage';
import { ChatSessionsPage } from './ChatSessionsPage';
import { chatTexts } from './chatTexts';
import { pendingMessages } from './chatWrites';

const signedIn = aSignedInSession();
const ME = signedIn.user!.user_id;
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
    await waitFor(() =>
      expect(network.sent.some((request) => request.path === `chats/${SESSION}/status/${ME}`)).toBe(true),
    );
    await waitFor(() => expect(store.getState().ui.unreadMessages).toBe(0));

    fireEvent.change(screen.getByLabelText(chatTexts.messageLabel), { target: { value: 'On my way' } });
    fireEvent.click(screen.getByRole('button', { name: chatTexts.send }));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
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
    const bubble = (await screen.findByText(chatTexts.pending)).closest('li')!;
    expect(within(bubble as HTMLElement).getByText('Written offline')).toBeTruthy();
    const pending = await pendingMessages(db, ME);
    expect(pending).toMatchObject([{ target: SESSION, message: 'Written offline' }]);
    expect(network.sent.filter((request) => request.path.startsWith('chats'))).toEqual([]);
  });
});
