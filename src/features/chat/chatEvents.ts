/**
 * The client of the live channel `GET chats/events` (docs/api.md "The live channel"): Server-Sent
 * Events read with fetch, since EventSource cannot send the bearer token. `parseEvents` is the
 * text/event-stream framing (pure, tested on its own); `readChatEvents` reads one connection until
 * it ends or is aborted, handing each event on.
 */
import { Compile } from 'typebox/compile';
import {
  ChatMessageEventSchema,
  ChatUnreadEventSchema,
  type ChatMessageEvent,
  type ChatUnreadEvent,
} from '@contract/chat';

// Compiled on first use: the checks are code the first route never needs.
let messageCheck: ReturnType<typeof Compile<typeof ChatMessageEventSchema>> | undefined;
let unreadCheck: ReturnType<typeof Compile<typeof ChatUnreadEventSchema>> | undefined;

export type ChatEvent =
  | { event: 'ready'; data: ChatUnreadEvent }
  | { event: 'message'; data: ChatMessageEvent }
  | { event: 'unread'; data: ChatUnreadEvent };

/** One event block (`event:` and `data:` lines) as a checked event, or null (a comment, unknown). */
export function eventOf(block: string): ChatEvent | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.join('\n'));
  } catch {
    return null;
  }
  if (name === 'message') {
    messageCheck ??= Compile(ChatMessageEventSchema);
    return messageCheck.Check(parsed) ? { event: name, data: parsed } : null;
  }
  if (name === 'ready' || name === 'unread') {
    unreadCheck ??= Compile(ChatUnreadEventSchema);
    return unreadCheck.Check(parsed) ? { event: name, data: parsed } : null;
  }
  return null;
}

/** Splits buffered stream text into complete event blocks and the incomplete rest. */
export function parseEvents(buffer: string): { events: ChatEvent[]; rest: string } {
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  return { events: blocks.flatMap((block) => eventOf(block) ?? []), rest };
}

export class ChatEventsRefused extends Error {
  constructor(readonly status: number) {
    super(`The live channel answered ${status}`);
  }
}

/**
 * Opens the channel and hands each event to `onEvent` until the server ends it (resolves) or the
 * signal aborts (rejects with the abort). A non-200 answer throws ChatEventsRefused (401: the token
 * needs renewing through the API client first).
 */
export async function readChatEvents(options: {
  /** Configured host + `/api/v1.0/`. */
  baseUrl: string;
  authToken: string;
  fetch: typeof globalThis.fetch;
  signal: AbortSignal;
  onEvent: (event: ChatEvent) => void;
}): Promise<void> {
  const response = await options.fetch(`${options.baseUrl}chats/events`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${options.authToken}` },
    signal: options.signal,
    cache: 'no-store',
  });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new ChatEventsRefused(response.status);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const { events, rest } = parseEvents(buffer + value);
    buffer = rest;
    for (const event of events) options.onEvent(event);
  }
}
