/**
 * A species that leaves a list reaches a device that holds it as a tombstone (server
 * collection-source.ts, docs/sync.md "Leaving a list"): the real client sync engine (src/db/sync)
 * over real HTTP against the real `species` collection, with a real Dexie on fake-indexeddb.
 *
 * The server first holds the list as the importer wrote it before the US/Canada range rule (the
 * tinamous keyed to the United States and Canada by the BBS list), then as it writes it now (the
 * same species, no longer in the United States), which is what a full re-import does.
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse } from '@contract/sync';
import { createApiClient } from '../../src/api/client';
import { FieldmarkDB } from '../../src/db/FieldmarkDB';
import { createSyncEngine, speciesCollection, speciesFilterOf, type SyncEngine } from '../../src/db/sync';
import { clientOnlyTokens } from '../../src/api/clientOnlyTokens';
import { ensureReferenceData } from '../../server/db/reference/seed';
import type { SpeciesRecord } from '../../server/db/species/build';
import { loadSpecies, seedSpecies } from '../../server/db/species/seed';
import { SPECIES_EXTRACT_DIR } from '../../server/db/species/sources';
import { api, bearer, buildTestApp, fetchClientToken, type TestApp } from './helpers';
import { present } from '../../src/test/present';

const US_BIRDS = present(
  speciesFilterOf({
    location: { location_id: 'USA', name: 'United States of America' },
    species: ['Birds|IOC'],
  }),
  'the US birds filter',
);
const ZAF_MAMMALS = present(
  speciesFilterOf({
    location: { location_id: 'ZAF', name: 'South Africa' },
    species: ['Mammals|Larger'],
  }),
  'the South African mammals filter',
);

/** The four BBS tinamous as Birds|IOC rows (shaped like a real bird of the extract). */
function tinamous(template: SpeciesRecord, locations: SpeciesRecord['locations']): SpeciesRecord[] {
  return [
    ['Tinamus major', 'Great Tinamou'],
    ['Crypturellus soui', 'Little Tinamou'],
    ['Crypturellus cinnamomeus', 'Thicket Tinamou'],
    ['Crypturellus boucardi', 'Slaty-breasted Tinamou'],
  ].map(([scientificName = '', name = '']) => ({
    ...template,
    id: `ioc-${scientificName.toLowerCase().replace(' ', '-')}`,
    classifications: ['birds-ioc'],
    scientificName,
    order: 'Tinamiformes',
    family: 'Tinamidae',
    name,
    names: { en: name },
    altNames: [],
    taxa: { ...template.taxa, classification: 'Birds|IOC', category: 'IOC', name: scientificName },
    taxaAlt: [],
    source: 'ioc',
    sourceId: scientificName,
    sort: 1,
    locations,
  }));
}

let t: TestApp;
let baseUrl: string;
let records: SpeciesRecord[];
let template: SpeciesRecord;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  ({ species: records } = await loadSpecies(SPECIES_EXTRACT_DIR));
  template = present(
    records.find((record) => record.scientificName === 'Haliaeetus leucocephalus'),
    'the Bald Eagle',
  );
  const listed = { occurrence: 'listed', source: 'bbs' } as const;
  await seedSpecies(t.db, [...records, ...tinamous(template, { USA: listed, CAN: listed })], {
    origin: 'demo',
    checksum: 'before the range rule',
  });
  baseUrl = await t.listen();
});
afterAll(() => t.close());

function deviceEngine(): { db: FieldmarkDB; engine: SyncEngine } {
  counter += 1;
  const db = new FieldmarkDB(`species-list-exit-${counter}.db`);
  const engine = createSyncEngine({
    db,
    api: createApiClient({
      baseUrl: `${baseUrl}/api/v1.0/`,
      fetch: (input, init) => fetch(input, init),
      tokens: clientOnlyTokens(),
      now: () => t.clock.now(),
      isOnline: () => true,
      clientCredentials: { clientId: t.config.clientId, clientSecret: t.config.clientSecret },
      retries: 0,
    }),
    collections: [speciesCollection],
    isOnline: () => true,
    log: () => undefined,
  });
  return { db, engine };
}

const familyOf = async (db: FieldmarkDB, family: string) =>
  (await db.species.toArray()).filter((species) => species.family === family).map((species) => species.name);

describe('a species leaving a list', () => {
  it('leaves a US device that pulls after its cursor; other devices get no tombstones for it', async () => {
    const us = deviceEngine();
    const zaf = deviceEngine();
    try {
      await us.engine.sync('species', { filter: US_BIRDS });
      await zaf.engine.sync('species', { filter: ZAF_MAMMALS });
      expect((await familyOf(us.db, 'Tinamidae')).sort()).toEqual([
        'Great Tinamou',
        'Little Tinamou',
        'Slaty-breasted Tinamou',
        'Thicket Tinamou',
      ]);
      const usBefore = await us.db.species.count();
      const zafBefore = (await zaf.db.species.toCollection().primaryKeys()).sort();

      // The corrected list: the same species, the tinamous no longer keyed to the US or Canada.
      const counts = await seedSpecies(t.db, [...records, ...tinamous(template, {})], {
        origin: 'demo',
        checksum: 'after the range rule',
      });
      expect(counts).toMatchObject({ written: 4, deleted: 0 });

      const usResult = await us.engine.sync('species', { filter: US_BIRDS });
      expect(await familyOf(us.db, 'Tinamidae')).toEqual([]);
      expect(await us.db.species.count()).toBe(usBefore - 4);
      expect(usResult.received).toBe(4);
      expect(await us.db.species.get('ioc-tinamus-major')).toBeUndefined();

      // A South African mammals device pulls nothing: the tinamous are not of its groups.
      expect((await zaf.engine.sync('species', { filter: ZAF_MAMMALS })).received).toBe(0);
      expect((await zaf.db.species.toCollection().primaryKeys()).sort()).toEqual(zafBefore);
    } finally {
      for (const device of [us, zaf]) {
        device.engine.dispose();
        device.db.close();
        await Dexie.delete(device.db.name);
      }
    }
  });

  it('sends a first pull (cursor 0) the list only, without tombstones of other species', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: api('/collection/species'),
      query: { filter: JSON.stringify(US_BIRDS), limit: '1000' },
      headers: bearer(await fetchClientToken(t)),
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<PullResponse>();
    expect(page.records.length).toBeGreaterThan(600);
    expect(page.records.filter((record) => record.deleted)).toEqual([]);
    expect(page.records.map((record) => record.id)).not.toContain('ioc-tinamus-major');
  });
});
