/**
 * The live channel's fan-out (GET chats/events; docs/api.md "Chats"). Each server process keeps
 * only its own open streams; what happens is learnt from the database, never from process memory:
 * every chat write NOTIFYs CHAT_CHANNEL at commit (chat-store.ts), every process LISTENs to it and
 * sends the change to those of its streams whose member it concerns. So two processes on one
 * PostgreSQL deliver each other's messages live.
 *
 * Notices are handled one after another, so a member's events arrive in commit order. A notice
 * carries ids only; the message and the counts are read here, once per notice and member.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ChatEventName } from '@contract/chat';
import type { Listen } from '../../../db/listen';
import { CHAT_CHANNEL, type ChatNotice, type ChatStore } from './chat-store';

/** One open stream: `send` writes one event; `close` ends it (server shutting down). */
export interface ChatStream {
  send(event: ChatEventName, data: unknown): void;
  close(): void;
}

export class ChatLive {
  private readonly streams = new Map<string, Set<ChatStream>>();
  private queue: Promise<void> = Promise.resolve();
  private listening: Promise<() => Promise<void>> | undefined;

  constructor(
    private readonly store: ChatStore,
    private readonly listen: Listen,
    private readonly log: FastifyBaseLogger,
    /** Called once a member got a message live (push then drops its notification of it). */
    private readonly onDelivered?: (userId: string, messageId: string) => Promise<void>,
  ) {}

  /** Starts listening (once); rejects when the database cannot LISTEN. */
  start(): Promise<void> {
    this.listening ??= this.listen(CHAT_CHANNEL, (payload) => {
      this.queue = this.queue
        .then(() => this.handle(payload))
        .catch((error: unknown) => {
          this.log.error({ err: error }, 'chat notice failed');
        });
    }).catch((error: unknown) => {
      this.listening = undefined;
      throw error;
    });
    return this.listening.then(() => undefined);
  }

  /** Adds a member's stream; the answer removes it. */
  add(userId: string, stream: ChatStream): () => void {
    const set = this.streams.get(userId) ?? new Set();
    set.add(stream);
    this.streams.set(userId, set);
    return () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(userId) === set) this.streams.delete(userId);
    };
  }

  /** Whether this process has a stream open for the member. */
  connected(userId: string): boolean {
    return this.streams.has(userId);
  }

  /** Ends every stream and stops listening (the app is closing). */
  async stop(): Promise<void> {
    for (const set of this.streams.values()) for (const stream of set) stream.close();
    this.streams.clear();
    const stopping = this.listening;
    this.listening = undefined;
    if (stopping) await (await stopping.catch(() => () => Promise.resolve()))();
    await this.queue;
  }

  private async handle(payload: string): Promise<void> {
    if (this.streams.size === 0) return;
    const notice = JSON.parse(payload) as ChatNotice;
    if (notice.t === 'read') {
      if (!this.streams.has(notice.user_id)) return;
      this.sendTo(notice.user_id, 'unread', { total_unreads: await this.store.totalUnreads(notice.user_id) });
      return;
    }
    const members = await this.store.membersAmong(notice.session_id, [...this.streams.keys()]);
    if (members.length === 0) return;
    // A notice of another database sharing the server (tests' schemas) names no message here.
    const message = await this.store.message(notice.message_id);
    if (!message) return;
    for (const userId of members) {
      this.sendTo(userId, 'message', { message, total_unreads: await this.store.totalUnreads(userId) });
      await this.onDelivered?.(userId, message.message_id);
    }
  }

  private sendTo(userId: string, event: ChatEventName, data: unknown): void {
    for (const stream of this.streams.get(userId) ?? []) stream.send(event, data);
  }
}
