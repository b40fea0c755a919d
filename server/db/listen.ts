/**
 * LISTEN for the database handle (database.ts): how a change committed by one server process
 * reaches every other one (chat's live channel). A NOTIFY is plain SQL through the pool
 * (`pg_notify`), delivered at commit; listening needs a session that stays open, which a pool
 * cannot promise, so:
 * - PostgreSQL: one dedicated `pg.Client` per handle, opened on the first listen. When it drops it
 *   reconnects with backoff and listens again to every channel (notices sent meanwhile are lost:
 *   listeners catch up by reading, as the chat client does with its cursor).
 * - PGlite: its own `listen` (one process holds the database, so every NOTIFY is local).
 */
import pg from 'pg';

export type NotificationHandler = (payload: string) => void;
/** Starts delivering the channel's payloads to the handler; the answer stops it. */
export type Listen = (channel: string, handler: NotificationHandler) => Promise<() => Promise<void>>;

const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

/** Handlers by channel, shared by the implementations below. */
class Handlers {
  private readonly byChannel = new Map<string, Set<NotificationHandler>>();
  channels(): string[] {
    return [...this.byChannel.keys()];
  }
  /** Adds; answers true when it is the channel's first handler. */
  add(channel: string, handler: NotificationHandler): boolean {
    const set = this.byChannel.get(channel) ?? new Set();
    set.add(handler);
    this.byChannel.set(channel, set);
    return set.size === 1;
  }
  /** Removes; answers true when the channel has no handler left. */
  remove(channel: string, handler: NotificationHandler): boolean {
    const set = this.byChannel.get(channel);
    if (!set) return false;
    set.delete(handler);
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }
  deliver(channel: string, payload: string): void {
    for (const handler of this.byChannel.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        console.error(`Listener of ${channel} failed:`, error);
      }
    }
  }
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/** LISTEN over a dedicated PostgreSQL connection; `close()` ends it for good. */
export class PgListener {
  private readonly handlers = new Handlers();
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private closed = false;
  private delayMs = RECONNECT_MIN_MS;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly config: pg.ClientConfig) {}

  readonly listen: Listen = async (channel, handler) => {
    if (this.closed) throw new Error('The database handle is closed');
    const first = this.handlers.add(channel, handler);
    const client = await this.connect();
    if (first) await client.query(`LISTEN ${quote(channel)}`);
    return async () => {
      if (this.handlers.remove(channel, handler) && this.client && !this.closed)
        await this.client.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
    };
  };

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client(this.config);
      client.on('notification', (message) => this.handlers.deliver(message.channel, message.payload ?? ''));
      client.on('error', (error) => {
        console.error('PostgreSQL listener connection error:', error.message);
        this.dropped(client);
      });
      client.on('end', () => this.dropped(client));
      try {
        await client.connect();
        for (const channel of this.handlers.channels()) await client.query(`LISTEN ${quote(channel)}`);
      } catch (error) {
        this.connecting = undefined;
        await client.end().catch(() => undefined);
        throw error;
      }
      this.client = client;
      this.connecting = undefined;
      this.delayMs = RECONNECT_MIN_MS;
      return client;
    })();
    return this.connecting;
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry || this.handlers.channels().length === 0) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connect().catch(() => {
        this.delayMs = Math.min(this.delayMs * 2, RECONNECT_MAX_MS);
        this.scheduleReconnect();
      });
    }, this.delayMs);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/** Something PGlite-like that can listen (PGlite itself, or the worker-thread adapter). */
export interface ListensLikePGlite {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

export function pgliteListen(pglite: ListensLikePGlite): Listen {
  return (channel, handler) => pglite.listen(channel, handler);
}
