/**
 * LISTEN for the database handle (database.ts): how a change committed by one server process
 * reaches every other one (chat's live channel). A NOTIFY is plain SQL through the pool
 * (`pg_notify`), delivered at commit; listening needs a session that stays open, which a pool
 * cannot promise, so:
 * - PostgreSQL: one dedicated `pg.Client` per handle, opened on the first listen. When it drops it
 *   reconnects with backoff and listens again to every channel (notices sent meanwhile are lost:
 *   listeners catch up by reading, as the chat client does with its cursor).
 * - PGlite (in this thread or in its worker): its one session. LISTEN and UNLISTEN go through the
 *   pool, so they wait for the session to be free and never land inside another caller's
 *   transaction (a rolled-back transaction would drop them); the notifications PGlite reports come
 *   in through `deliver` (PGlite's `onNotification`, forwarded by the worker when it has one).
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
      client.on('notification', (message) => {
        this.handlers.deliver(message.channel, message.payload ?? '');
      });
      client.on('error', (error) => {
        console.error('PostgreSQL listener connection error:', error.message);
        this.dropped(client);
      });
      client.on('end', () => {
        this.dropped(client);
      });
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

/** LISTEN on the single session of an embedded PGlite; see the header. */
export class SessionListener {
  private readonly handlers = new Handlers();
  /** LISTEN/UNLISTEN one after another, so a quick unlisten and listen keep their order. */
  private statements: Promise<unknown> = Promise.resolve();

  /** `run` executes one statement on the session (through the pool). */
  constructor(private readonly run: (statement: string) => Promise<unknown>) {}

  /** Every notification the session reports, on any channel. */
  readonly deliver = (channel: string, payload: string): void => {
    this.handlers.deliver(channel, payload);
  };

  readonly listen: Listen = async (channel, handler) => {
    if (this.handlers.add(channel, handler)) {
      try {
        await this.serial(`LISTEN ${quote(channel)}`);
      } catch (error) {
        this.handlers.remove(channel, handler);
        throw error;
      }
    }
    let listening = true;
    return async () => {
      if (!listening) return;
      listening = false;
      if (this.handlers.remove(channel, handler))
        await this.serial(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
    };
  };

  private serial(statement: string): Promise<unknown> {
    const next = this.statements.then(() => this.run(statement));
    this.statements = next.catch(() => undefined);
    return next;
  }
}
