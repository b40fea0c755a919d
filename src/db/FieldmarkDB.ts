/**
 * The local database `app.db` (SPEC §9): the device's source of truth for everything that must work
 * offline. Components read it through live queries; writes go through repository functions.
 *
 * Version chain: every schema change is a new `this.version(n)` below the previous ones, never an
 * edit of an old one — a device may open this code with any earlier version on disk, and Dexie
 * upgrades it step by step. Each version gets an upgrade test (FieldmarkDB.test.ts).
 */
import { Dexie, type EntityTable } from 'dexie';
import type { CollectionMarkRow, SpeciesRow } from './rows';

export const DATABASE_NAME = 'app.db';

export class FieldmarkDB extends Dexie {
  /**
   * Per-collection last-modified marks and the retry flag of the sync engine, keyed by collection
   * name. Version 1.
   */
  collection_marks!: EntityTable<CollectionMarkRow, 'collection'>;

  /**
   * The species collection (reference data, pull only). Version 2; version 3 drops the `tokens`
   * index.
   */
  species!: EntityTable<SpeciesRow, 'id'>;

  constructor(name: string = DATABASE_NAME) {
    super(name);
    this.version(1).stores({
      collection_marks: 'collection',
    });
    this.version(2).stores({
      species: 'id, *classifications, *location_ids, *tokens, family, group_id',
    });
    // Nothing queries `tokens` through Dexie (species search builds its own in-memory index,
    // src/lib/search), and keeping ~18 index entries per species made the first sync of the bird
    // list 2× slower than a raw IndexedDB put (bench:sync). The field stays on the rows, so a
    // version that needs the index again builds it from them without a re-sync.
    this.version(3).stores({
      species: 'id, *classifications, *location_ids, family, group_id',
    });
  }
}
