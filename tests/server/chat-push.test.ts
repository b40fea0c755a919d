/**
 * Web push for chat messages against a local HTTPS receiver that plays the push service (the third
 * party): it checks the VAPID signature's key and decrypts the RFC 8291 (aes128gcm) body with the
 * subscription's private key, written here from the RFC, not with web-push's own helpers. Also:
 * subscribe and unsubscribe, a gone subscription (410) removed, a failure retried with backoff,
 * and no push for a member who got the message on a live channel.
 */
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessageWriteResponse } from '@contract/chat';
import type { ChatPushPayload, PushKeyResponse } from '@contract/push';
import { api, bearer, buildTestApp, createMember, signIn, type TestApp } from './helpers';
import { present } from '../../src/test/present';

const WAIT_MS = 60_000;

async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 + RFC 8188 decryption of one aes128gcm record, as a browser does it. */
function decryptPush(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = present(body[20], 'the key id length');
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderKey]);
  const ikm = hmac(hmac(authSecret, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return padded.subarray(0, end).toString('utf8');
}

interface Received {
  path: string;
  authorization: string;
  body: Buffer;
}

let t: TestApp;
let certDir: string;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Status the receiver answers per path (default 201); a function may change its mind. */
const answers = new Map<string, () => number>();

let ann: { id: string; token: string };
let bob: { id: string; token: string };

async function member(nickname: string) {
  const created = await createMember(t, { nickname });
  return { id: created.id, token: (await signIn(t, created)).auth_token };
}

function device(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `${receiverUrl}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

async function subscribe(who: { token: string }, subscription: object) {
  return t.app.inject({
    method: 'PUT',
    url: api('/push/subscriptions'),
    payload: subscription,
    headers: bearer(who.token),
  });
}

async function send(from: { token: string }, to: string, text: string) {
  const response = await t.app.inject({
    method: 'PUT',
    url: api(`/chats/${to}/messages`),
    payload: { message_id: randomUUID(), message: text },
    headers: bearer(from.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatMessageWriteResponse>().message;
}

const jobsOf = (topic: string) =>
  t.db.selectFrom('push_jobs').selectAll().where('topic', '=', topic).execute();

beforeAll(async () => {
  certDir = await mkdtemp(join(tmpdir(), 'fieldmark-push-'));
  const key = join(certDir, 'key.pem');
  const cert = join(certDir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const [keyPem, certPem] = await Promise.all([readFile(key), readFile(cert)]);
  receiver = createServer({ key: keyPem, cert: certPem }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({
        path,
        authorization: request.headers.authorization ?? '',
        body: Buffer.concat(chunks),
      });
      response.writeHead(answers.get(path)?.() ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  if (address === null || typeof address === 'string') throw new Error('receiver not on TCP');
  receiverUrl = `https://127.0.0.1:${address.port}`;

  t = await buildTestApp();
  // The push service's certificate is our test's own: trust it for web-push's requests only.
  t.app.push.agent = new Agent({ ca: certPem });
  ann = await member('Ann');
  bob = await member('Bob');
}, 120_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
  await rm(certDir, { recursive: true, force: true });
});

describe('push subscriptions', () => {
  it('answers the VAPID public key made on first start and kept in DATA_DIR, owner-only', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('/push/key'), headers: bearer(ann.token) });
    expect(response.statusCode).toBe(200);
    const stored = JSON.parse(await readFile(join(t.dataDir, 'vapid.json'), 'utf8')) as { publicKey: string };
    expect(response.json<PushKeyResponse>().public_key).toBe(stored.publicKey);
    expect((await stat(join(t.dataDir, 'vapid.json'))).mode & 0o077).toBe(0);
  });

  it('stores and removes a subscription; 400 naming the field, 401 without a member', async () => {
    const { subscription } = device('/someone');
    expect((await subscribe(ann, subscription)).statusCode).toBe(200);
    const plain = await subscribe(ann, { ...subscription, endpoint: 'http://127.0.0.1/x' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json<{ reason: string }>().reason).toContain('endpoint');
    expect(
      (await t.app.inject({ method: 'PUT', url: api('/push/subscriptions'), payload: subscription }))
        .statusCode,
    ).toBe(401);
    const remove = () =>
      t.app.inject({
        method: 'DELETE',
        url: api('/push/subscriptions'),
        payload: { endpoint: subscription.endpoint },
        headers: bearer(ann.token),
      });
    expect((await remove()).json()).toEqual({ status: 'success', removed: true });
    expect((await remove()).json()).toEqual({ status: 'success', removed: false });
  });
});

describe('a push for a new chat message', () => {
  it('reaches a member without a live channel, signed and encrypted, with the payload SPEC names', async () => {
    const phone = device('/bob-phone');
    expect((await subscribe(bob, phone.subscription)).statusCode).toBe(200);
    const message = await send(ann, bob.id, 'Bee-eaters are back!');
    t.clock.advance(5);
    const push = await waitFor('the push', () => received.find((one) => one.path === '/bob-phone'));
    const key = (await t.app.push.keys()).publicKey;
    expect(push.authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${key}$`));
    const payload = JSON.parse(decryptPush(push.body, phone.ecdh, phone.auth)) as ChatPushPayload;
    expect(payload).toEqual({
      type: 'chat',
      author_id: ann.id,
      session_id: message.session_id,
      message_id: message.message_id,
      nickname: 'Ann',
      message: 'Bee-eaters are back!',
    });
    await waitFor('the job gone', async () =>
      (await jobsOf(message.message_id)).length === 0 ? true : undefined,
    );
  });

  it('removes a subscription the push service calls gone (410)', async () => {
    const cid = await member('Cid');
    answers.set('/gone', () => 410);
    expect((await subscribe(cid, device('/gone').subscription)).statusCode).toBe(200);
    await send(ann, cid.id, 'Hello?');
    t.clock.advance(5);
    await waitFor('the subscription removed', async () => {
      const rows = await t.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', cid.id)
        .execute();
      return rows.length === 0 ? true : undefined;
    });
  });

  it('retries a failed send later, with backoff', async () => {
    const dan = await member('Dan');
    let failures = 1;
    answers.set('/flaky', () => (failures-- > 0 ? 503 : 201));
    const tablet = device('/flaky');
    expect((await subscribe(dan, tablet.subscription)).statusCode).toBe(200);
    const message = await send(ann, dan.id, 'Try again');
    t.clock.advance(5);
    const [job] = await waitFor('a failed attempt', async () => {
      const jobs = await jobsOf(message.message_id);
      return jobs[0]?.last_error === '503' ? jobs : undefined;
    });
    expect(present(job, 'the job').attempts).toBe(1);
    expect(present(job, 'the job').run_at.getTime()).toBeGreaterThan(t.clock.now() + 20_000);
    t.clock.advance(120);
    await t.app.push.runDue();
    const pushes = await waitFor('the retried push', () => {
      const found = received.filter((one) => one.path === '/flaky');
      return found.length === 2 ? found : undefined;
    });
    expect(
      JSON.parse(decryptPush(present(pushes[1], 'the retried push').body, tablet.ecdh, tablet.auth)),
    ).toMatchObject({
      message: 'Try again',
    });
  });

  it('is not sent to a member who got the message on a live channel', async () => {
    const eve = await member('Eve');
    expect((await subscribe(eve, device('/eve').subscription)).statusCode).toBe(200);
    const baseUrl = await t.listen();
    const abort = new AbortController();
    const stream = await fetch(`${baseUrl}${api('/chats/events')}`, {
      headers: bearer(eve.token),
      signal: abort.signal,
    });
    const reader = present(stream.body, 'an event stream').getReader();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += new TextDecoder().decode(value);
      }
    };
    try {
      await readUntil('event: ready');
      const message = await send(ann, eve.id, 'You are online');
      await readUntil(message.message_id);
      await waitFor('the push cancelled', async () =>
        (await jobsOf(message.message_id)).length === 0 ? true : undefined,
      );
      t.clock.advance(5);
      await t.app.push.runDue();
      expect(received.filter((one) => one.path === '/eve')).toEqual([]);
    } finally {
      abort.abort();
    }
  });
});
