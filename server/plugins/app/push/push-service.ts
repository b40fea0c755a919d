/**
 * Web push (202611280055_push.sql; docs/api.md "Push notifications"): devices' subscriptions, the
 * job queue and its runner. The push service is a third party reached with `web-push` (VAPID
 * signature, RFC 8291 encryption); nothing is sent on a request's path.
 *
 * - `enqueue` queues one job per subscription of each member, due after PUSH_GRACE_MS, under a
 *   topic (the chat message id). `cancel` drops a member's jobs of a topic: a process that
 *   delivered the message live calls it, so a member with an open channel gets no push.
 * - `runDue` claims due jobs with a short lease (run_at moves on, attempts grows, SKIP LOCKED), so
 *   several processes never send one job twice and no transaction waits on the push service; it
 *   sends each, then deletes it (sent), deletes its subscription (404/410: gone) or reschedules it
 *   with backoff until MAX_ATTEMPTS.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Agent } from 'node:https';
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import webpush from 'web-push';
import type { PushSubscriptionInput } from '@contract/push';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';

export const PUSH_GRACE_MS = 3_000;
export const PUSH_LEASE_MS = 60_000;
export const MAX_ATTEMPTS = 6;
const BACKOFF_BASE_MS = 30_000;
const BATCH = 20;
/** Jobs of other processes and retries are picked up at least this often. */
const RUN_EVERY_MS = 30_000;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else DATA_DIR/vapid.json, generated there
 * (owner-only) on first start so every restart signs with the same keys. The subject is
 * VAPID_SUBJECT, else the public URL when it is https, else the mail sender's address.
 */
export async function loadVapidKeys(
  dataDir: string,
  fallbackSubject: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<VapidKeys> {
  const subject = env.VAPID_SUBJECT || fallbackSubject;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const file = join(dataDir, 'vapid.json');
  const stored = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as { publicKey: string; privateKey: string },
    (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    },
  );
  if (stored) return { ...stored, subject };
  const keys = webpush.generateVAPIDKeys();
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' }).catch((error: unknown) => {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  await chmod(file, 0o600);
  const written = JSON.parse(await readFile(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { ...written, subject };
}

export function vapidSubjectOf(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /[^\s<>]+@[^\s<>]+/.exec(mailFrom)?.[0];
  return `mailto:${address ?? 'postmaster@localhost'}`;
}

export class PushService {
  private vapid: Promise<VapidKeys> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private interval: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly loadKeys: () => Promise<VapidKeys>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The HTTPS agent for the push service (tests trust their local one's certificate with it). */
  agent: Agent | undefined;

  keys(): Promise<VapidKeys> {
    this.vapid ??= this.loadKeys().catch((error: unknown) => {
      this.vapid = undefined;
      throw error;
    });
    return this.vapid;
  }

  /** Stores (or moves to this member) a device's subscription. */
  async subscribe(userId: string, subscription: PushSubscriptionInput): Promise<void> {
    const row = {
      endpoint: subscription.endpoint,
      user_id: userId,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      created_at: new Date(this.clock.now()),
    };
    await this.db
      .insertInto('push_subscriptions')
      .values(row)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: row.p256dh, auth: row.auth }),
      )
      .execute();
  }

  /** Removes the member's subscription of that endpoint; answers whether there was one. */
  async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', endpoint)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Queues the payload for every subscription of these members (in the caller's transaction). */
  async enqueue(
    userIds: readonly string[],
    topic: string,
    payload: unknown,
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    if (userIds.length === 0) return;
    const runAt = new Date(this.clock.now() + PUSH_GRACE_MS);
    const text = JSON.stringify(payload);
    await sql`
      INSERT INTO push_jobs (endpoint, user_id, topic, payload, run_at)
      SELECT endpoint, user_id, ${topic}, ${text}, ${runAt}
      FROM push_subscriptions WHERE user_id IN (${sql.join(userIds)})`.execute(db);
    this.wake(PUSH_GRACE_MS + 100);
  }

  /** Runs due jobs after `ms` (an earlier wake-up stands); also every RUN_EVERY_MS while started. */
  wake(ms: number): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runSafely();
    }, ms);
    this.timer.unref();
  }

  start(): void {
    this.stopped = false;
    this.interval ??= setInterval(() => void this.runSafely(), RUN_EVERY_MS);
    this.interval.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.interval) clearInterval(this.interval);
    this.timer = undefined;
    this.interval = undefined;
    await this.running;
  }

  private runSafely(): Promise<void> {
    this.running ??= this.runDue()
      .then(
        () => undefined,
        (error: unknown) => {
          this.log.error({ err: error }, 'push jobs failed');
        },
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** Drops the member's pending jobs of a topic (it reached them another way). */
  async cancel(userId: string, topic: string): Promise<void> {
    await this.db.deleteFrom('push_jobs').where('user_id', '=', userId).where('topic', '=', topic).execute();
  }

  /** Sends the jobs due now; answers how many were tried. */
  async runDue(): Promise<number> {
    const now = this.clock.now();
    const { rows } = await sql<{ id: string; endpoint: string; payload: string; attempts: number }>`
      UPDATE push_jobs SET run_at = ${new Date(now + PUSH_LEASE_MS)}, attempts = attempts + 1
      WHERE id IN (SELECT id FROM push_jobs WHERE run_at <= ${new Date(now)}
        ORDER BY run_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id, endpoint, payload, attempts`.execute(this.db);
    if (rows.length === 0) return 0;
    const keys = await this.keys();
    for (const job of rows) await this.sendOne(job, keys);
    return rows.length;
  }

  private async sendOne(
    job: { id: string; endpoint: string; payload: string; attempts: number },
    keys: VapidKeys,
  ) {
    const subscription = await this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', job.endpoint)
      .executeTakeFirst();
    if (!subscription) return; // unsubscribed meanwhile: its jobs went with it
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        job.payload,
        {
          vapidDetails: keys,
          TTL: 24 * 3600,
          timeout: 10_000,
          ...(this.agent ? { agent: this.agent } : {}),
        },
      );
      await this.db.deleteFrom('push_jobs').where('id', '=', job.id).execute();
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await this.db.deleteFrom('push_subscriptions').where('endpoint', '=', job.endpoint).execute();
        return;
      }
      if (job.attempts >= MAX_ATTEMPTS) {
        this.log.warn({ endpoint: job.endpoint, status }, 'push dropped after its last attempt');
        await this.db.deleteFrom('push_jobs').where('id', '=', job.id).execute();
        return;
      }
      // Backoff: 30 s, 1 min, 2 min, … with jitter so retries of many jobs spread out.
      const delay = BACKOFF_BASE_MS * 2 ** (job.attempts - 1) * (1 + randomBytes(1).readUInt8(0) / 512);
      await this.db
        .updateTable('push_jobs')
        .set({
          run_at: new Date(this.clock.now() + delay),
          last_error: String(status ?? (error as Error).message),
        })
        .where('id', '=', job.id)
        .execute();
    }
  }
}
