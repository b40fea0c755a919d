/**
 * `npm run bench:chat` — chat latency and throughput (issue 17's benchmark), figures only.
 *
 * In Node: two server instances (buildApp, listening on 127.0.0.1) on one database — an embedded
 * PGlite in a temporary DATA_DIR by default (both instances share it, as tests/server/chat-live.test.ts
 * does), or PostgreSQL when DATABASE_URL is set (each instance its own pool and LISTEN connection).
 * BENCH_CHAT_MEMBERS members (default 200) register and each opens the live channel
 * (`GET chats/events`), half on each instance. Then, in one run:
 *   1. same instance: BENCH_CHAT_MESSAGES sends (default 100), one at a time, through instance A
 *      to members connected to A: send → the recipient's `message` event, p50/p95;
 *   2. across instances: the same through A to members connected to B;
 *   (after an untimed warm-up round of both)
 *   3. throughput: BENCH_CHAT_BURST sends (default 400), 20 in flight, through A: messages/s until
 *      the last recipient has it.
 * Prints the figures and the same-run ratios (across ÷ same). Asserts nothing: the figures depend
 * on the machine, the ratios less so.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../server/app';
import { openDatabase, type Database } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { readChatEvents } from '../src/features/chat/chatEvents';
import { benchServerConfig } from './benchServer';
import { present } from '../server/present';

const MEMBERS = Number(process.env.BENCH_CHAT_MEMBERS ?? 200);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 100);
const BURST = Number(process.env.BENCH_CHAT_BURST ?? 400);
const IN_FLIGHT = 20;
const API = '/api/v1.0';

interface Member {
  id: string;
  token: string;
}

/** Resolvers of the sends waiting for their message to reach someone, by message id. */
const waiting = new Map<string, () => void>();

/**
 * Opens a member's live channel with the app's own reader (src/features/chat/chatEvents.ts) and
 * settles `waiting` entries as others' messages arrive; resolves once the channel is ready.
 */
async function listen(baseUrl: string, member: Member, signal: AbortSignal): Promise<void> {
  let ready: () => void = () => undefined;
  let refused: (error: unknown) => void = () => undefined;
  const isReady = new Promise<void>((resolve, reject) => {
    ready = resolve;
    refused = reject;
  });
  readChatEvents({
    baseUrl: `${baseUrl}${API}/`,
    authToken: member.token,
    fetch: globalThis.fetch,
    signal,
    onEvent: (event) => {
      if (event.event === 'ready') ready();
      else if (event.event === 'message' && event.data.message.user_id !== member.id) {
        waiting.get(event.data.message.message_id)?.();
      }
    },
  }).catch((error: unknown) => {
    if (!signal.aborted) refused(error); // a refusal before ready; an abort is the end of the run
  });
  await isReady;
}

async function register(baseUrl: string, index: number): Promise<Member> {
  const response = await fetch(`${baseUrl}${API}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstname: `Bench ${index}`,
      nickname: `Bench${index}`,
      username: `bench-chat-${index}-${randomUUID()}@example.org`,
      password: 'Sanderling2026',
      terms_accepted: true,
    }),
  });
  if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { auth_token: string; user_id: string };
  return { id: body.user_id, token: body.auth_token };
}

/** Sends one message and resolves with the time until its recipient's channel had it (ms). */
async function sendAndWait(baseUrl: string, from: Member, to: Member): Promise<number> {
  const messageId = randomUUID();
  const arrived = new Promise<void>((resolve) => waiting.set(messageId, resolve));
  const started = performance.now();
  const response = await fetch(`${baseUrl}${API}/chats/${to.id}/messages`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message_id: messageId, message: 'Bittern booming in the reeds' }),
  });
  if (!response.ok) throw new Error(`send: ${response.status} ${await response.text()}`);
  await arrived;
  waiting.delete(messageId);
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function latencies(
  baseUrl: string,
  senders: Member[],
  recipients: Member[],
): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let index = 0; index < MESSAGES; index += 1) {
    times.push(
      await sendAndWait(
        baseUrl,
        present(senders[index % senders.length]),
        present(recipients[index % recipients.length]),
      ),
    );
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const workDir = await mkdtemp(join(tmpdir(), 'fieldmark-bench-chat-'));
const databaseUrl = process.env.DATABASE_URL;
const databases: Database[] = [];
const apps: App[] = [];
const stop = new AbortController();
try {
  const first = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: join(workDir, 'data') });
  databases.push(first);
  await migrateToLatest(first.db);
  const second = databaseUrl ? await openDatabase({ databaseUrl }) : first;
  if (second !== first) databases.push(second);
  const urls: string[] = [];
  for (const [index, database] of [first, second].entries()) {
    const config = benchServerConfig({ dataDir: join(workDir, `instance-${index}`), logLevel: 'error' });
    const app = await buildApp(config, { database });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  }
  const [onA, onB] = urls as [string, string];

  const members: Member[] = [];
  for (let index = 0; index < MEMBERS; index += 1) members.push(await register(onA, index));
  const half = Math.floor(MEMBERS / 2);
  const connectedToA = members.slice(0, half);
  const connectedToB = members.slice(half);
  await Promise.all([
    ...connectedToA.map((member) => listen(onA, member, stop.signal)),
    ...connectedToB.map((member) => listen(onB, member, stop.signal)),
  ]);
  console.log(
    `chat bench: ${MEMBERS} members connected (${half} per instance), ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
  );

  // Senders are the first members of A; the recipients of each case are the others.
  const senders = connectedToA.slice(0, Math.max(1, Math.min(10, Math.floor(half / 2))));
  // Untimed warm-up of both paths first: the first sends pay for compiling and the pools' first use.
  await latencies(onA, senders, connectedToA.slice(senders.length));
  await latencies(onA, senders, connectedToB);
  const same = await latencies(onA, senders, connectedToA.slice(senders.length));
  const across = await latencies(onA, senders, connectedToB);

  const burstStarted = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < BURST) {
        const index = next;
        next += 1;
        await sendAndWait(
          onA,
          present(senders[index % senders.length]),
          present(connectedToB[index % connectedToB.length]),
        );
      }
    }),
  );
  const perSecond = BURST / ((performance.now() - burstStarted) / 1000);

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `send → delivered, same instance:   p50 ${ms(same.p50)}, p95 ${ms(same.p95)} (${MESSAGES} sends)`,
  );
  console.log(
    `send → delivered, across instances: p50 ${ms(across.p50)}, p95 ${ms(across.p95)} (${MESSAGES} sends)`,
  );
  console.log(
    `ratio across ÷ same: p50 ${(across.p50 / same.p50).toFixed(2)}, p95 ${(across.p95 / same.p95).toFixed(2)}`,
  );
  console.log(
    `throughput: ${perSecond.toFixed(0)} messages/s delivered (${BURST} sends, ${IN_FLIGHT} in flight)`,
  );
} finally {
  stop.abort();
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
  await rm(workDir, { recursive: true, force: true });
}
