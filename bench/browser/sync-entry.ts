/**
 * The browser half of `npm run bench:sync` (bench/sync.ts builds this file with Vite and serves
 * it to headless Chromium). Two ways of getting the same records into IndexedDB:
 * - `engine`: the app's real sync engine (src/db/sync pullCollection + the species collection)
 *   through the app's one HTTP client into Dexie, counting readwrite transactions;
 * - `raw`: the floor — plain fetch of the same pages and a raw IndexedDB put of each page's records
 *   in one transaction, no mapping, no Dexie.
 */
import { Dexie } from 'dexie';
import { createApiClient } from '../../src/api/client';
import { FieldmarkDB } from '../../src/db/FieldmarkDB';
import { pullCollection, speciesCollection } from '../../src/db/sync';
import type { PullResponse } from '../../src/contract/sync';
import { countReadwriteTransactions } from '../../src/test/countReadwrite';
import { clientOnlyTokens } from '../../src/api/clientOnlyTokens';

interface BenchOptions {
  apiBase: string;
  clientId: string;
  clientSecret: string;
}

async function clientToken(options: BenchOptions): Promise<string> {
  const response = await fetch(`${options.apiBase}oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
    }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

async function engine(options: BenchOptions, run: number) {
  const name = `bench-engine-${run}`;
  await Dexie.delete(name);
  const db = new FieldmarkDB(name);
  const readwrite = countReadwriteTransactions(db);
  await db.open();
  const api = createApiClient({
    baseUrl: options.apiBase,
    fetch: globalThis.fetch.bind(globalThis),
    tokens: clientOnlyTokens(),
    now: () => Date.now(),
    isOnline: () => true,
    clientCredentials: { clientId: options.clientId, clientSecret: options.clientSecret },
  });
  // The client token is fetched once before timing, as the app has one by the time it syncs.
  await api.request('GET', 'health');
  const started = performance.now();
  const result = await pullCollection({ db, api }, speciesCollection);
  const ms = performance.now() - started;
  const stored = await db.species.count();
  db.close();
  await Dexie.delete(name);
  return { ms, received: result.received, stored, readwrite: readwrite.count() };
}

function idbRequest<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => {
      resolve(request.result);
    };
    request.onerror = () => {
      reject(request.error ?? new Error('IndexedDB request failed'));
    };
  });
}

async function raw(options: BenchOptions, run: number) {
  const name = `bench-raw-${run}`;
  await idbRequest(indexedDB.deleteDatabase(name));
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => open.result.createObjectStore('species', { keyPath: 'id' });
  const database = await idbRequest(open);
  const token = await clientToken(options);
  const started = performance.now();
  let cursor = 0;
  let received = 0;
  for (;;) {
    const response = await fetch(`${options.apiBase}collection/species?last_mod=${cursor}&limit=1000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const answer = (await response.json()) as PullResponse;
    const transaction = database.transaction('species', 'readwrite');
    const store = transaction.objectStore('species');
    for (const record of answer.records) store.put(record);
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => {
        resolve();
      };
      transaction.onerror = () => {
        reject(transaction.error ?? new Error('transaction failed'));
      };
    });
    received += answer.records.length;
    cursor = answer.last_mod;
    if (!answer.more) break;
  }
  const ms = performance.now() - started;
  database.close();
  await idbRequest(indexedDB.deleteDatabase(name));
  return { ms, received };
}

declare global {
  interface Window {
    fieldmarkBench: { engine: typeof engine; raw: typeof raw };
  }
}
window.fieldmarkBench = { engine, raw };
