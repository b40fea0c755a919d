/**
 * The species sync's percentage from its first answer (issue 23: the popup showed no percentage for
 * ~6 s on a first visit): the pull reports the server's total as soon as the first page arrives,
 * before that page is written. The real pull on a real Dexie (fake-indexeddb); only the network is
 * a stand-in, answering the species collection a page at a time.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../api/client';
import { speciesCollection } from '../../../db/sync';
import { pullCollection, type PullProgress } from '../../../db/sync/pull';
import { baldEagle, northernRaccoon, speciesRecord, virginiaOpossum } from '../../../db/sync/speciesFixtures';
import { freshDatabases } from '../../../db/testDatabases';
import { FAKE_BASE_URL, fakeNetwork } from '../../../test/fakeNetwork';
import { memberTokens } from '../../../test/memberTokens';
import { speciesSyncPercent } from './speciesSyncSlice';

const freshDb = freshDatabases('species-progress');
const FILTER = { classifications: ['Birds|IOC', 'Mammals|Larger'], location_ids: ['USA'] };

describe('the species sync’s progress', () => {
  it('knows its percentage from the first answer, before the first page is written', async () => {
    const database = await freshDb();
    const records = [baldEagle, virginiaOpossum, northernRaccoon].map((species) => speciesRecord(species));
    const network = fakeNetwork();
    network.on('GET', 'collection/species', (request) => {
      const lastMod = Number(new URLSearchParams(request.path.split('?')[1]).get('last_mod'));
      const page = records.slice(lastMod, lastMod + 2);
      return {
        body: {
          status: 'success',
          records: page,
          more: lastMod + page.length < records.length,
          last_mod: lastMod + page.length,
          ...(lastMod === 0 ? { total: records.length } : {}),
        },
      };
    });
    const api = createApiClient({
      baseUrl: FAKE_BASE_URL,
      fetch: network.fetch,
      tokens: memberTokens({ auth_token: 'member-token' }),
      now: Date.now,
      isOnline: () => true,
      clientCredentials: { clientId: 'test', clientSecret: 'test' },
      retries: 0,
    });
    const reported: Array<PullProgress & { stored: Promise<number> }> = [];
    await pullCollection({ db: database, api }, speciesCollection, {
      filter: FILTER,
      onProgress: (progress) => reported.push({ ...progress, stored: database.species.count() }),
    });

    const [first, ...rest] = reported;
    expect(first).toMatchObject({ received: 0, total: 3 });
    expect(await first?.stored).toBe(0);
    expect(speciesSyncPercent({ status: 'syncing', received: 0, total: 3 })).toBe(0);
    expect(rest.map(({ received, total }) => ({ received, total }))).toEqual([
      { received: 2, total: 3 },
      { received: 3, total: 3 },
    ]);
  });
});
