/**
 * Lifers after a pull of sightings (docs/sync.md "Lifers after a pull"): the real pull, a real Dexie
 * (fake-indexeddb) and the app's HTTP client; only the network is a stand-in, answering the
 * member's sightings in small pages so one pull takes several batches. A DBCore middleware counts
 * the reads of a species' sightings (the lifer rule's index).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { Dexie } from 'dexie';
import type { SyncRecord } from '@contract/sync';
import { createApiClient } from '../../api/client';
import { demoSpecies } from '../../features/species/testSpecies';
import { FAKE_BASE_URL, fakeNetwork } from '../../test/fakeNetwork';
import { memberTokens } from '../../test/memberTokens';
import { aPublicSighting } from '../../test/sightings';
import type { FieldmarkDB } from '../FieldmarkDB';
import { freshDatabases } from '../testDatabases';
import { memberFilterOf, observationsCollection } from './member';
import { pullCollection } from './pull';

const freshDb = freshDatabases('pull-lifers');
const WREN = 'u-1';
const SPECIES = ['Turdus migratorius', 'Haliaeetus leucocephalus', 'Sialia sialis'].map(demoSpecies);
const FIRST_DATE = 1_767_225_600;
const DAY = 86_400;

/** Reads of one species' sightings through the lifer index, by species id. */
function countSpeciesReads(database: Dexie): Map<string, number> {
  const reads = new Map<string, number>();
  database.use({
    stack: 'dbcore',
    name: 'count-species-reads',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        if (name !== 'species_observations') return table;
        const count = (index: string | null, lower: unknown) => {
          if (index !== '[user_id+species_id+date]' || !Array.isArray(lower)) return;
          const species = String(lower[1]);
          reads.set(species, (reads.get(species) ?? 0) + 1);
        };
        return {
          ...table,
          query(request) {
            count(request.query.index.name, request.query.range.lower);
            return table.query(request);
          },
          openCursor(request) {
            count(request.query.index.name, request.query.range.lower);
            return table.openCursor(request);
          },
        };
      },
    }),
  });
  return reads;
}

/** The member's sightings as the server's change log, answered `pageSize` records a page. */
function sightingsServer(records: SyncRecord[], pageSize: number, failPage?: number) {
  const network = fakeNetwork();
  let pages = 0;
  network.on('GET', 'collection/species_observations', (request) => {
    pages += 1;
    if (pages === failPage)
      return { status: 500, body: { status: 'failed', reason: 'Something went wrong.' } };
    const lastMod = Number(new URLSearchParams(request.path.split('?')[1]).get('last_mod'));
    const page = records.slice(lastMod, lastMod + pageSize);
    return {
      body: {
        status: 'success',
        records: page,
        more: lastMod + page.length < records.length,
        last_mod: lastMod + page.length,
      },
    };
  });
  return network;
}

/** Four sightings of each species, every page of three bringing each species once, none a lifer. */
function history(): SyncRecord[] {
  const records: SyncRecord[] = [];
  for (let round = 0; round < 4; round += 1) {
    SPECIES.forEach((species, index) => {
      const id = `s-${round}-${index}`;
      const data = aPublicSighting(WREN, id, species, FIRST_DATE - round * DAY, { lifer: false });
      records.push({ id, rev: '1_server', mod: FIRST_DATE, deleted: false, data: { ...data } });
    });
  }
  return records;
}

function pull(database: FieldmarkDB, network: ReturnType<typeof fakeNetwork>) {
  const api = createApiClient({
    baseUrl: FAKE_BASE_URL,
    fetch: network.fetch,
    tokens: memberTokens({ auth_token: 'member-token' }),
    now: Date.now,
    isOnline: () => true,
    clientCredentials: { clientId: 'test', clientSecret: 'test' },
    retries: 0,
  });
  return pullCollection({ db: database, api }, observationsCollection, { filter: memberFilterOf(WREN) });
}

async function lifers(database: FieldmarkDB): Promise<string[]> {
  const rows = await database.species_observations.toArray();
  return rows
    .filter((row) => row.lifer)
    .map((row) => row.id)
    .sort();
}

describe('lifers after a pull', () => {
  it('reads each species once however many batches brought it', async () => {
    let reads = new Map<string, number>();
    const database = await freshDb((opening) => {
      reads = countSpeciesReads(opening);
    });
    const network = sightingsServer(history(), 3);

    expect(await pull(database, network)).toMatchObject({ received: 12 });

    expect(network.sent.filter((request) => request.method === 'GET')).toHaveLength(4);
    expect(Object.fromEntries(reads)).toEqual(Object.fromEntries(SPECIES.map((species) => [species.id, 1])));
    // The earliest sighting of each species (the last round) is the lifer, saved to be pushed.
    expect(await lifers(database)).toEqual(['s-3-0', 's-3-1', 's-3-2']);
    expect(await database.dirty.count()).toBe(3);
    expect((await database.collection_marks.get('species_observations'))?.after_pull).toBeUndefined();
  });

  it('keeps what each batch touched in the mark until the pull settles it', async () => {
    const database = await freshDb();
    const network = sightingsServer(history(), 6);
    // The second page is held, as a tab closed mid-pull would leave it.
    let cut: (error: Error) => void = () => undefined;
    const held: typeof fetch = (input, init) =>
      network.sent.length === 0
        ? network.fetch(input, init)
        : new Promise((_resolve, reject) => {
            cut = reject;
          });
    const pulling = pull(database, { ...network, fetch: held });

    const pairs = SPECIES.map((species) => JSON.stringify([WREN, species.id])).sort();
    await vi.waitFor(async () => {
      const mark = await database.collection_marks.get('species_observations');
      expect(mark?.remote_mod).toBe(6);
      expect([...(mark?.after_pull ?? [])].sort()).toEqual(pairs);
    });
    expect(await lifers(database)).toEqual([]);

    cut(new TypeError('Failed to fetch'));
    await expect(pulling).rejects.toThrow();
    expect(await lifers(database)).toEqual(['s-1-0', 's-1-1', 's-1-2']);
  });

  it('settles what a failed pull committed, and a closed tab leaves its pairs to the next pull', async () => {
    const database = await freshDb();
    // The third page fails: the first two batches (robins, eagles and cardinals of rounds 0-1) stay.
    await expect(pull(database, sightingsServer(history(), 3, 3))).rejects.toThrow();
    expect(await lifers(database)).toEqual(['s-1-0', 's-1-1', 's-1-2']);
    const mark = await database.collection_marks.get('species_observations');
    expect(mark).toMatchObject({ remote_mod: 6 });
    expect(mark?.after_pull).toBeUndefined();

    // A tab closed after a batch committed: its pairs are in the mark, never settled.
    const robin = JSON.stringify([WREN, SPECIES[0]?.id]);
    await database.species_observations.update('s-1-0', { lifer: false });
    await database.collection_marks.update('species_observations', { after_pull: [robin] });
    await pull(database, sightingsServer([], 3));
    expect(await lifers(database)).toEqual(['s-1-0', 's-1-1', 's-1-2']);
    expect((await database.collection_marks.get('species_observations'))?.after_pull).toBeUndefined();
  });
});
