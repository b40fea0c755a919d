/**
 * The species pull through its worker's messages. The browser's Worker is stood in for by a
 * MessageChannel whose far end runs the worker's own code (runSpeciesPull) over fake-indexeddb and
 * the fake network; the end-to-end tests run the real worker in Chromium.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/ApiError';
import { FieldmarkDB } from '../../../db/FieldmarkDB';
import type { PullContext, PullProgress } from '../../../db/sync';
import { baldEagle, northernRaccoon, speciesRecord } from '../../../db/sync/speciesFixtures';
import { fakeNetwork, type FakeNetwork } from '../../../test/fakeNetwork';
import { guestApi } from '../../../test/guestApi';
import { pullSpeciesInWorker, type PullWorker } from './speciesPullInWorker';
import type { SpeciesPullRequest } from './speciesPullProtocol';
import { runSpeciesPull } from './speciesPullRun';

const US_SPECIES = { classifications: ['Birds|IOC', 'Mammals|Larger'], location_ids: ['USA'] };

let counter = 0;
let db: FieldmarkDB;
let network: FakeNetwork;
let online: boolean;

function contextOf(database: FieldmarkDB): PullContext {
  return {
    db: database,
    api: guestApi(network.fetch, () => online),
  };
}

/** A worker whose far end runs runSpeciesPull on its own connection, as speciesPull.worker.ts does. */
function channelWorker(log: string[]): PullWorker {
  const { port1, port2 } = new MessageChannel();
  const workerDb = new FieldmarkDB(db.name);
  port2.onmessage = (event: MessageEvent<SpeciesPullRequest>) => {
    log.push('pull');
    void runSpeciesPull(contextOf(workerDb), event.data, (report) => {
      port2.postMessage(report);
    });
  };
  const worker = {
    onmessage: null,
    onerror: null,
    onmessageerror: null,
    postMessage: (message: unknown) => {
      port1.postMessage(message);
    },
    terminate: () => {
      log.push('terminated');
      port1.close();
      port2.close();
      workerDb.close();
    },
  } as unknown as PullWorker;
  port1.onmessage = (event) => {
    worker.onmessage?.call(worker as Worker, event);
  };
  return worker;
}

beforeEach(() => {
  counter += 1;
  db = new FieldmarkDB(`species-pull-worker-${counter}.db`);
  network = fakeNetwork();
  online = true;
  network.on('GET', 'collection/species', {
    body: {
      status: 'success',
      records: [speciesRecord(baldEagle), speciesRecord(northernRaccoon)],
      more: false,
      last_mod: 2,
      total: 2,
    },
  });
});

afterEach(() => {
  db.close();
});

describe('the species pull in a worker', () => {
  it('writes through the worker, reports its progress and result, and ends the worker', async () => {
    const log: string[] = [];
    const progress: PullProgress[] = [];
    const result = await pullSpeciesInWorker(() => channelWorker(log))(contextOf(db), {
      filter: US_SPECIES,
      onProgress: (step) => progress.push(step),
    });
    expect(result).toMatchObject({ received: 2, lastMod: 2, restarted: true });
    expect(progress.at(-1)).toEqual({ received: 2, total: 2 });
    expect((await db.species.toArray()).map((row) => row.name).sort()).toEqual([
      'Bald Eagle',
      'Northern Raccoon',
    ]);
    expect(await db.collection_marks.get('species')).toMatchObject({ remote_mod: 2 });
    expect(log).toEqual(['pull', 'terminated']);
  });

  it('fails with the ApiError the worker met, so the popup can say "offline"', async () => {
    online = false;
    const pull = pullSpeciesInWorker(() => channelWorker([]))(contextOf(db), { filter: US_SPECIES });
    const error: unknown = await pull.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isOffline).toBe(true);
    expect(await db.species.count()).toBe(0);
  });

  it('pulls in the page when the worker dies or cannot start', async () => {
    const dying = {
      onmessage: null,
      onerror: null,
      onmessageerror: null,
      postMessage() {
        queueMicrotask(() => {
          dying.onerror?.call(dying as Worker, new Event('error') as ErrorEvent);
        });
      },
      terminate: () => undefined,
    } as unknown as PullWorker;
    const afterDeath = await pullSpeciesInWorker(() => dying)(contextOf(db), { filter: US_SPECIES });
    expect(afterDeath.received).toBe(2);
    expect(await db.species.count()).toBe(2);

    await db.species.clear();
    await db.collection_marks.clear();
    const withoutWorker = await pullSpeciesInWorker(() => null)(contextOf(db), { filter: US_SPECIES });
    expect(withoutWorker.received).toBe(2);
    expect(await db.species.count()).toBe(2);
  });
});
