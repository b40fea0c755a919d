import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { DATABASE_NAME, FieldmarkDB } from './FieldmarkDB';

let counter = 0;
const opened: Dexie[] = [];

/** A fresh database per test: no state is shared between tests. */
function freshName(): string {
  counter += 1;
  return `test-app-${counter}.db`;
}

afterEach(async () => {
  for (const database of opened.splice(0)) {
    database.close();
    await Dexie.delete(database.name);
  }
});

describe('FieldmarkDB', () => {
  it('is called app.db in the app', () => {
    expect(DATABASE_NAME).toBe('app.db');
    expect(new FieldmarkDB().name).toBe('app.db');
  });

  it('version 1 creates collection_marks keyed by collection name', async () => {
    const database = new FieldmarkDB(freshName());
    opened.push(database);
    await database.open();

    expect(database.verno).toBe(1);
    expect(database.collection_marks.schema.primKey.keyPath).toBe('collection');
    await database.collection_marks.put({
      collection: 'trips',
      remote_mod: 10,
      local_mod: 5,
      needs_retry: false,
    });
    await database.collection_marks.put({
      collection: 'trips',
      remote_mod: 20,
      local_mod: 5,
      needs_retry: true,
    });

    expect(await database.collection_marks.count()).toBe(1);
    expect(await database.collection_marks.get('trips')).toEqual({
      collection: 'trips',
      remote_mod: 20,
      local_mod: 5,
      needs_retry: true,
    });
  });

  it('keeps its data across close and reopen', async () => {
    const name = freshName();
    const first = new FieldmarkDB(name);
    await first.collection_marks.put({
      collection: 'species',
      remote_mod: 1,
      local_mod: 0,
      needs_retry: false,
    });
    first.close();

    const second = new FieldmarkDB(name);
    opened.push(second);
    expect(await second.collection_marks.get('species')).toMatchObject({ remote_mod: 1 });
  });
});
